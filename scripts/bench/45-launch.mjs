// Launch day at 100x this shop (docs/orders.md, "Launch day"): a campaign opens for an association's
// members and LAUNCH_BUYERS guests (default 2,000) order over LAUNCH_SECONDS (default 60), arriving at an
// even pace, through Hosting -> the Functions emulator, on warm workers. Every buyer behaves like the web
// client (a 5xx or a cut-off is retried with the same orderId, as scripts/lib/burst.mjs does). Prints
// orders/s, p50/p95, 5xx, ghosts (orders stored without a success answer), oversold, the dashboard's lag
// behind the orders (the campaign's running totals, data/stats.ts) and the mail queue's lag (each order's
// confirmation sent by the sendMail trigger to MailDev). Aim: 0 5xx, 0 ghosts, 0 oversold, p95 <= 2 s,
// dashboard lag <= 10 s, mail lag <= 2 min. `npm run bench -- launch` runs only this file.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { admin, createFixtureBook, createFixturePlan, groupOrderBody } from '../lib/burst.mjs';

export const title = 'Launch day: a campaign for thousands of members, paced arrivals through Hosting -> Functions emulator (warm)';

const HOSTING = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
const BUYERS = Number(process.env.LAUNCH_BUYERS) || 2000;
const SECONDS = Number(process.env.LAUNCH_SECONDS) || 60;
// Unset: the emulator sends unpaced. Set, it paces sendMail (it inherits this environment) and the bench checks the limit.
const MAIL_PER_MINUTE = Number(process.env.MAIL_PER_MINUTE) || 0;
// Stock for most but not all: the last buyers meet OUT_OF_STOCK, as on a real launch.
const UNITS = Math.round(BUYERS * 0.9);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

async function order(planId, productId, i) {
  const orderId = randomUUID().replaceAll('-', '');
  // Each guest is its own rate-limit client (docs/limits.md), as scripts/lib/burst.mjs names them: 2,000
  // guests behind one address would otherwise meet the production per-address limits.
  const client = process.env.RATE_LIMIT_TEST_SECRET ? { 'X-Test-Client': `${process.env.RATE_LIMIT_TEST_SECRET}:launch-${i}-${orderId}` } : {};
  const t = performance.now();
  let answer;
  let firstTry5xx = false;
  let tries = 1;
  for (; ; tries++) {
    try {
      const res = await fetch(`${HOSTING}/api/groupOrder/${planId}/${orderId}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...client },
        body: JSON.stringify(groupOrderBody(productId, i)),
        signal: AbortSignal.timeout(90_000),
      });
      const json = await res.json().catch(() => ({}));
      answer = { status: res.status, statusMessage: json.statusMessage };
    } catch (err) {
      // No answer within 90 s (the Functions emulator queues requests beyond its 50 workers) or a cut-off.
      answer = { status: 0, statusMessage: String(err?.name ?? err) };
    }
    if (tries === 1 && (answer.status === 0 || answer.status >= 500)) firstTry5xx = true;
    if ((answer.status !== 0 && answer.status < 500) || tries > 3) break;
    await sleep(500 * tries);
  }
  return { ...answer, firstTry5xx, tries, orderId, ms: performance.now() - t, at: Date.now() };
}

/** Sums a campaign's running totals for today over its shard documents (functions/src/data/stats.ts). */
async function dashboardOrders(db, planId) {
  const snaps = await db.collection('statsPlans').where('__name__', '>=', db.doc(`statsPlans/${planId}`)).where('__name__', '<', db.doc(`statsPlans/${planId}~~`)).get();
  let orders = 0;
  for (const d of snaps.docs) for (const day of Object.values(d.get('days') ?? {})) orders += day.orders ?? 0;
  return orders;
}

export async function run(say) {
  const { db } = admin();
  // Warm the serving path: a small burst on its own book, so the workers are loaded before the clock starts.
  const warmBook = await createFixtureBook(100);
  const warmPlan = await createFixturePlan(warmBook);
  await Promise.all(Array.from({ length: 30 }, (_, i) => order(warmPlan, warmBook, i)));

  const productId = await createFixtureBook(UNITS);
  const planId = await createFixturePlan(productId);
  say(`   ${BUYERS} guests over ${SECONDS} s (${(BUYERS / SECONDS).toFixed(1)} arrivals/s) for ${UNITS} copies; load average before: ${loadavg()[0].toFixed(1)}`);
  const started = Date.now();
  const gap = (SECONDS * 1000) / BUYERS;
  const inFlight = [];
  for (let i = 0; i < BUYERS; i++) {
    const due = started + i * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    inFlight.push(order(planId, productId, i));
  }
  const answers = await Promise.all(inFlight);
  const wallS = (Date.now() - started) / 1000;
  const lastAnswer = Math.max(...answers.map((a) => a.at));

  const placed = answers.filter((a) => a.status === 201 || a.status === 200);
  const oos = answers.filter((a) => a.status === 409 && a.statusMessage === 'OUT_OF_STOCK').length;
  const fivexx = answers.filter((a) => a.status >= 500).length;
  const noAnswer = answers.filter((a) => a.status === 0).length;
  const firstTry5xx = answers.filter((a) => a.firstTry5xx).length;
  const stored = await db.collection('orders').where('planId', '==', planId).select('orderId', 'items').get();
  const placedIds = new Set(placed.map((a) => a.orderId));
  const ghosts = stored.docs.filter((d) => !placedIds.has(d.id)).length;
  const sold = stored.docs.reduce((n, d) => n + d.get('items').reduce((m, it) => m + it.qty, 0), 0);
  const lat = answers.map((a) => a.ms);
  const refused = {};
  for (const a of answers) if (a.status !== 0 && a.status !== 200 && a.status !== 201 && a.statusMessage !== 'OUT_OF_STOCK') refused[`${a.status} ${a.statusMessage ?? ''}`.trim()] = (refused[`${a.status} ${a.statusMessage ?? ''}`.trim()] ?? 0) + 1;
  if (Object.keys(refused).length) say(`   other answers: ${JSON.stringify(refused)}`);
  say(`   placed ${placed.length}, OUT_OF_STOCK ${oos}, 5xx ${fivexx}, no answer after 4 tries of 90 s ${noAnswer} (a 5xx or no answer on the first try: ${firstTry5xx}), ghosts ${ghosts}, oversold ${Math.max(0, sold - UNITS)}`);
  say(`   ${(placed.length / wallS).toFixed(1)} orders/s over ${wallS.toFixed(1)} s; latency p50 ${Math.round(pct(lat, 50))} ms, p95 ${Math.round(pct(lat, 95))} ms, max ${Math.round(Math.max(...lat))} ms; load average ${loadavg()[0].toFixed(1)}`);

  // Dashboard lag: from the last answer until the campaign's running totals count every stored order.
  let dashLagS = NaN;
  for (const t0 = Date.now(); Date.now() - t0 < 300_000; await sleep(500)) {
    if ((await dashboardOrders(db, planId)) >= stored.size) {
      dashLagS = (Date.now() - lastAnswer) / 1000;
      break;
    }
  }
  say(`   dashboard lag behind the last order: ${Number.isFinite(dashLagS) ? `${dashLagS.toFixed(1)} s` : 'not caught up within 5 min'}`);

  // Mail lag: each placed order's confirmation, from its mail document's creation to SUCCESS.
  const mailsFor = async () => {
    const snap = await db.collection('mail').where('createdAt', '>=', new Date(started).toISOString()).select('createdAt', 'delivery', 'to').get();
    return snap.docs.filter((d) => String(d.get('to')).startsWith('guest-'));
  };
  let mails = [];
  let done = [];
  for (const t0 = Date.now(); Date.now() - t0 < 600_000; await sleep(2000)) {
    mails = await mailsFor();
    done = mails.filter((d) => ['SUCCESS', 'ERROR'].includes(d.get('delivery.state')));
    if (mails.length >= placed.length && done.length === mails.length) break;
  }
  const lags = done.map((d) => d.get('delivery.endTime').toMillis() - Date.parse(d.get('createdAt')));
  const errors = done.filter((d) => d.get('delivery.state') === 'ERROR').length;
  const pending = mails.filter((d) => d.get('delivery.state') === 'PENDING').length;
  say(`   mail: ${done.length} of ${mails.length} mails settled (${errors} ERROR, ${pending} PENDING for a sending slot); queue lag p50 ${(pct(lags, 50) / 1000).toFixed(1)} s, max ${(Math.max(...lags) / 1000).toFixed(1)} s; all sent ${((Math.max(...done.map((d) => d.get('delivery.endTime').toMillis())) - lastAnswer) / 1000).toFixed(1)} s after the last order`);
  // Paced (MAIL_PER_MINUTE reaches the Functions emulator from this environment; docs/mail.md "Pacing"):
  // the slots taken per minute must never pass the limit, and the lag is the backlog over the limit.
  let mailOk = Math.max(...lags) <= 120_000;
  if (MAIL_PER_MINUTE > 0) {
    const slots = await db.collection('mailSlots').where('at', '>=', new Date(started)).select('minute').get();
    const perMinute = new Map();
    for (const d of slots.docs) perMinute.set(d.get('minute'), (perMinute.get(d.get('minute')) ?? 0) + 1);
    const most = Math.max(0, ...perMinute.values());
    say(`   paced at ${MAIL_PER_MINUTE} a minute: ${slots.size} slots over ${perMinute.size} minutes, at most ${most} in one minute`);
    mailOk = done.length === mails.length && errors === 0 && most <= MAIL_PER_MINUTE;
  }
  const aim = fivexx === 0 && noAnswer === 0 && ghosts === 0 && sold <= UNITS && pct(lat, 95) <= 2000 && dashLagS <= 10 && mailOk;
  say(`   aim (0 5xx, 0 ghosts, 0 oversold, p95 <= 2 s, dashboard lag <= 10 s, ${MAIL_PER_MINUTE > 0 ? `every mail sent, <= ${MAIL_PER_MINUTE} a minute` : 'mail lag <= 2 min'}): ${aim ? 'met' : 'NOT met'}`);
}
