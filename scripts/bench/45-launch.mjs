// Launch day at 100x this shop (docs/orders.md, "Launch day"): a campaign opens for an association's
// members and LAUNCH_BUYERS guests (default 2,000) order over LAUNCH_SECONDS (default 60), arriving at an
// even pace, on warm servers, through two paths, one after the other and printed side by side:
// - production-like: a few plain Node processes of the same app behind a balancer at concurrency 80 each,
//   as Cloud Run serves the function (scripts/bench/lib.mjs withProductionLike);
// - emulator: Hosting -> the Functions emulator, which starts one worker process per concurrent request.
// Both against the same Firestore and Auth emulators; the triggers (stats, mail) run in the Functions
// emulator on either path, on the Firestore writes whoever makes them. Every buyer behaves like the web
// client (scripts/lib/burst.mjs placeAsBuyer: a 5xx or a cut-off is retried with the same orderId).
// Prints orders/s, p50/p95, 5xx, ghosts (orders stored without a success answer), oversold, the
// dashboard's lag behind the orders (the campaign's running totals, data/stats.ts) and the mail queue's
// lag (each order's confirmation sent by the sendMail trigger to MailDev). Aim (production-like path): 0
// 5xx, 0 ghosts, 0 oversold, p95 <= 2 s, dashboard lag <= 10 s and each order counted once, mail lag <= 2 min.
// `npm run bench -- launch` runs only this file; LAUNCH_PATHS=production-like (or emulator) runs one path.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { admin, buyerClient, createFixtureBook, createFixturePlan, groupOrderBody, mailsSince, placeAsBuyer } from '../lib/burst.mjs';
import { withProductionLike } from './lib.mjs';

export const title = 'Launch day: a campaign for thousands of members, paced arrivals, production-like (Node processes behind a balancer) vs Hosting -> Functions emulator (warm)';

const HOSTING = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
const BUYERS = Number(process.env.LAUNCH_BUYERS) || 2000;
const SECONDS = Number(process.env.LAUNCH_SECONDS) || 60;
const PATHS = (process.env.LAUNCH_PATHS || 'production-like,emulator').split(',').map((p) => p.trim());
// Unset: the emulator sends unpaced. Set, it paces sendMail (it inherits this environment) and the bench checks the limit.
const MAIL_PER_MINUTE = Number(process.env.MAIL_PER_MINUTE) || 0;
// Stock for most but not all: the last buyers meet OUT_OF_STOCK, as on a real launch.
const UNITS = Math.round(BUYERS * 0.9);
/**
 * The warm-up before the clock: a tenth of the launch (at least 30), arriving at the launch's own pace on a
 * book and campaign of its own. Warm means every server on the path, the Firestore emulator too (a JVM
 * that does most of the work): after a warm-up of 30 at once, the first third of a 2,000-buyer launch was
 * answered in 2.7-3.7 s (p50) and the rest in 0.1-0.4 s, the same code getting faster as it ran; with this
 * warm-up its own 200 are answered in 2.7 s (p50) and the launch's first tenth in 1.5 s (docs/orders.md,
 * "Launch day"). Production's Firestore needs no warm-up. LAUNCH_WARM_BUYERS overrides it.
 */
const WARM_BUYERS = Number(process.env.LAUNCH_WARM_BUYERS) || Math.max(30, Math.round(BUYERS / 10));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/**
 * One guest: guest number `i` (its own email and phone, so the per-contact limits of docs/limits.md count
 * each guest once; each path takes its own range of numbers, as the same people do not order twice).
 */
async function order(baseUrl, planId, productId, i) {
  let firstTry5xx = false;
  const a = { path: (orderId) => `/api/groupOrder/${planId}/${orderId}`, body: groupOrderBody(productId, i), orderId: randomUUID().replaceAll('-', ''), client: buyerClient(i) };
  // 90 s: the Functions emulator queues requests beyond its workers; a production-like answer comes far sooner.
  const answer = await placeAsBuyer(baseUrl, a, { retries: 3, timeoutMs: 90_000, onFirstTryCutOff: () => (firstTry5xx = true) });
  return { ...answer, email: a.body.email, firstTry5xx, at: Date.now() };
}

/** Sums a campaign's running totals for today over its shard documents (functions/src/data/stats.ts). */
async function dashboardOrders(db, planId) {
  const snaps = await db.collection('statsPlans').where('__name__', '>=', db.doc(`statsPlans/${planId}`)).where('__name__', '<', db.doc(`statsPlans/${planId}~~`)).get();
  let orders = 0;
  for (const d of snaps.docs) for (const day of Object.values(d.get('days') ?? {})) orders += day.orders ?? 0;
  return orders;
}

/** One launch through `baseUrl`, guests numbered from `firstGuest`: the figures, and a line or two said on the way. */
async function launch(say, name, baseUrl, firstGuest) {
  const { db } = admin();
  // Warm the serving path: a small burst on its own book, so the workers are loaded before the clock starts.
  const warmBook = await createFixtureBook(WARM_BUYERS);
  const warmPlan = await createFixturePlan(warmBook);
  const warmStart = Date.now();
  const warm = await Promise.all(
    Array.from({ length: WARM_BUYERS }, async (_, i) => {
      await sleep(Math.max(0, warmStart + (i * SECONDS * 1000) / BUYERS - Date.now()));
      return order(baseUrl, warmPlan, warmBook, firstGuest + BUYERS + i);
    }),
  );
  // Then the shop is quiet again before the clock starts, as before a real launch: the warm-up's triggers
  // (its dashboard totals and mails, which the Firestore emulator delivers one at a time) are done.
  // Otherwise the launch's first ~12 s shared the machine with ~400 of them (p50 1.5-3 s there, 0.2-0.5 s after).
  const warmPlaced = warm.filter((a) => a.status === 201 || a.status === 200).length;
  const warmEmails = new Set(warm.map((a) => a.email));
  for (const t0 = Date.now(); Date.now() - t0 < 120_000; await sleep(500)) {
    if ((await dashboardOrders(db, warmPlan)) < warmPlaced) continue;
    const { mails, settled } = await mailsSince(new Date(warmStart).toISOString(), warmEmails);
    if (mails.length >= warmPlaced && settled.length === mails.length) break;
  }

  const productId = await createFixtureBook(UNITS);
  const planId = await createFixturePlan(productId);
  const loadBefore = loadavg()[0];
  const started = Date.now();
  const gap = (SECONDS * 1000) / BUYERS;
  const inFlight = [];
  for (let i = 0; i < BUYERS; i++) {
    const due = started + i * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    inFlight.push(order(baseUrl, planId, productId, firstGuest + i));
  }
  const answers = await Promise.all(inFlight);
  const wallS = (Date.now() - started) / 1000;
  const lastAnswer = Math.max(...answers.map((a) => a.at));
  const loadAfter = loadavg()[0];

  const placed = answers.filter((a) => a.status === 201 || a.status === 200);
  const stored = await db.collection('orders').where('planId', '==', planId).select('orderId', 'items').get();
  const placedIds = new Set(placed.map((a) => a.orderId));
  const sold = stored.docs.reduce((n, d) => n + d.get('items').reduce((m, it) => m + it.qty, 0), 0);
  const lat = answers.map((a) => a.ms);
  const refused = {};
  for (const a of answers) {
    if (a.status === 0 || a.status === 200 || a.status === 201 || a.statusMessage === 'OUT_OF_STOCK') continue;
    const key = `${a.status} ${a.statusMessage ?? ''}`.trim();
    refused[key] = (refused[key] ?? 0) + 1;
  }
  if (Object.keys(refused).length) say(`   ${name}: other answers ${JSON.stringify(refused)}`);

  // Dashboard lag: from the last answer until the campaign's running totals count every stored order.
  let dashLagS = NaN;
  for (const t0 = Date.now(); Date.now() - t0 < 300_000; await sleep(500)) {
    if ((await dashboardOrders(db, planId)) >= stored.size) {
      dashLagS = (Date.now() - lastAnswer) / 1000;
      break;
    }
  }

  // Mail lag: each of this launch's confirmations (by its guests' addresses), from its mail document's creation to SUCCESS.
  const emails = new Set(answers.map((a) => a.email));
  let mails = [];
  let done = [];
  for (const t0 = Date.now(); Date.now() - t0 < 600_000; await sleep(2000)) {
    ({ mails, settled: done } = await mailsSince(new Date(started).toISOString(), emails));
    if (mails.length >= stored.size && done.length === mails.length) break;
  }
  const lags = done.map((d) => d.get('delivery.endTime').toMillis() - Date.parse(d.get('createdAt')));
  // Once the mails are out, the orders' own trigger events have run too: the campaign's totals must count
  // each stored order once (its batch counts a placement; the orderStats trigger must not again).
  await sleep(2000);
  const dashFinal = await dashboardOrders(db, planId);
  const r = {
    name,
    placed: placed.length,
    outOfStock: answers.filter((a) => a.status === 409 && a.statusMessage === 'OUT_OF_STOCK').length,
    fivexx: answers.filter((a) => a.status >= 500).length,
    noAnswer: answers.filter((a) => a.status === 0).length,
    firstTry5xx: answers.filter((a) => a.firstTry5xx).length,
    ghosts: stored.docs.filter((d) => !placedIds.has(d.id)).length,
    oversold: Math.max(0, sold - UNITS),
    ordersPerS: placed.length / wallS,
    wallS,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    max: Math.max(...lat),
    dashLagS,
    dashFinal,
    stored: stored.size,
    mails: mails.length,
    mailsSettled: done.length,
    mailErrors: done.filter((d) => d.get('delivery.state') === 'ERROR').length,
    mailPending: mails.filter((d) => d.get('delivery.state') === 'PENDING').length,
    mailLagP50S: pct(lags, 50) / 1000,
    mailLagMaxS: Math.max(...lags) / 1000,
    allSentAfterS: (Math.max(...done.map((d) => d.get('delivery.endTime').toMillis())) - lastAnswer) / 1000,
    load: `${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`,
  };
  // Paced (MAIL_PER_MINUTE reaches the Functions emulator from this environment; docs/mail.md "Pacing"):
  // the slots taken per minute must never pass the limit, and the lag is the backlog over the limit.
  r.mailOk = r.mailLagMaxS <= 120 && done.length === mails.length && mails.length >= stored.size;
  if (MAIL_PER_MINUTE > 0) {
    const slots = await db.collection('mailSlots').where('at', '>=', new Date(started)).select('minute').get();
    const perMinute = new Map();
    for (const d of slots.docs) perMinute.set(d.get('minute'), (perMinute.get(d.get('minute')) ?? 0) + 1);
    const most = Math.max(0, ...perMinute.values());
    say(`   ${name}: mail paced at ${MAIL_PER_MINUTE} a minute: ${slots.size} slots over ${perMinute.size} minutes, at most ${most} in one minute`);
    r.mailOk = done.length === mails.length && r.mailErrors === 0 && most <= MAIL_PER_MINUTE;
  }
  r.aim = r.fivexx === 0 && r.noAnswer === 0 && r.ghosts === 0 && r.oversold === 0 && r.p95 <= 2000 && r.dashLagS <= 10 && r.dashFinal === r.stored && r.mailOk;
  return r;
}

const s1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const ROWS = [
  ['placed / OUT_OF_STOCK', (r) => `${r.placed} / ${r.outOfStock}`],
  ['5xx / no answer (4 tries of 90 s)', (r) => `${r.fivexx} / ${r.noAnswer}`],
  ['5xx or cut-off on a first try', (r) => `${r.firstTry5xx}`],
  ['ghosts / oversold', (r) => `${r.ghosts} / ${r.oversold}`],
  ['orders/s (wall)', (r) => `${s1(r.ordersPerS)} (${s1(r.wallS)} s)`],
  ['latency p50 / p95 / max', (r) => `${Math.round(r.p50)} / ${Math.round(r.p95)} / ${Math.round(r.max)} ms`],
  ['dashboard lag after the last order', (r) => (Number.isFinite(r.dashLagS) ? `${s1(r.dashLagS)} s` : 'over 5 min')],
  ['dashboard orders at the end / stored', (r) => `${r.dashFinal} / ${r.stored}`],
  ['mails settled (ERROR, PENDING)', (r) => `${r.mailsSettled} of ${r.mails} (${r.mailErrors}, ${r.mailPending})`],
  ['mail queue lag p50 / max', (r) => `${s1(r.mailLagP50S)} / ${s1(r.mailLagMaxS)} s`],
  ['all mail sent after the last order', (r) => `${s1(r.allSentAfterS)} s`],
  ['load average before -> after', (r) => r.load],
  [`aim (0 5xx, 0 ghosts, 0 oversold, p95 <= 2 s, dashboard <= 10 s and exact, ${MAIL_PER_MINUTE > 0 ? `mail paced <= ${MAIL_PER_MINUTE}/min` : 'mail <= 2 min'})`, (r) => (r.aim ? 'met' : 'NOT met')],
];

/** The paths' figures in columns, a row per figure. */
function sideBySide(say, results) {
  const labelWidth = Math.max(...ROWS.map(([l]) => l.length));
  const cells = results.map((r) => ROWS.map(([, f]) => f(r)));
  const widths = results.map((r, k) => Math.max(r.name.length, ...cells[k].map((c) => c.length)));
  say(`   ${''.padEnd(labelWidth)}  ${results.map((r, k) => r.name.padEnd(widths[k])).join('  ')}`);
  ROWS.forEach(([label], row) => say(`   ${label.padEnd(labelWidth)}  ${results.map((_, k) => cells[k][row].padEnd(widths[k])).join('  ')}`));
}

export async function run(say) {
  say(`   ${BUYERS} guests over ${SECONDS} s (${(BUYERS / SECONDS).toFixed(1)} arrivals/s) for ${UNITS} copies, on each path: ${PATHS.join(', then ')}`);
  const results = [];
  for (const [k, path] of PATHS.entries()) {
    // Each path's guests are other people: numbers of their own (the per-contact limits, docs/limits.md).
    const firstGuest = 1_000_000 * (k + 1);
    if (path === 'production-like') {
      await withProductionLike(async (prod) => {
        say(`   production-like: ${prod.label}`);
        const r = await launch(say, 'production-like', prod.url, firstGuest);
        const { served, peakInFlight, longestWaitMs } = prod.stats();
        say(`   production-like: requests per instance ${served.join(' / ')}, at most ${peakInFlight.join(' / ')} at once, longest wait for room ${Math.round(longestWaitMs)} ms`);
        const batches = prod.allocatorSummary();
        if (batches) say(`   production-like: ${batches}`);
        results.push(r);
      });
    } else if (path === 'emulator') {
      results.push(await launch(say, 'Hosting -> Functions emulator', HOSTING, firstGuest));
    } else {
      say(`   unknown path ${path} (LAUNCH_PATHS takes production-like, emulator)`);
    }
    if (results.length) sideBySide(say, results.slice(-1));
  }
  if (results.length > 1) {
    say('   side by side:');
    sideBySide(say, results);
  }
}
