// Bursts of orders as shoppers send them, shared by the burst tests (tests/api/burst.test.ts) and the
// flash-sale benches (scripts/bench/40-flash-sale.mjs): fixture books and campaigns, verified buyers,
// and a burst whose every buyer behaves like the web client (web/src/lib/api-client.ts): a cut-off or a
// 5xx is retried with the same orderId before the buyer gives up. Every figure is counted from the
// answers AND from Firestore, so an order that exists without a success answer (a ghost) shows.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

const PROJECT_ID = 'demo-bookstore';

export function admin() {
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return { db: getFirestore(app), auth: getAuth(app) };
}

export async function pool(items, size, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

const tag = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Verified members in the Auth emulator, signed in: [{ uid, email, idToken }]. */
export async function createBuyers(count, { prefix = 'burst' } = {}) {
  const { auth } = admin();
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const run = `${prefix}-${tag()}`;
  return pool(Array.from({ length: count }, (_, i) => i), 16, async (i) => {
    const email = `${run}-${i}@example.com`;
    const password = 'burst-buyer-1';
    // The Admin SDK retries a create the loaded Auth emulator was slow to answer; when the first try had
    // in fact created the account, the retry meets it: take that account (the email is this run's own).
    const user = await auth.createUser({ email, password, emailVerified: true, displayName: `搶購者 ${i}` }).catch((err) => {
      if (err?.code === 'auth/email-already-exists') return auth.getUserByEmail(email);
      throw err;
    });
    const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const { idToken } = await res.json();
    return { uid: user.uid, email, idToken };
  });
}

/** A launched fixture book with `units` in stock. */
export async function createFixtureBook(units, { salePrice = 680, name = '限量搶購測試書' } = {}) {
  const { db } = admin();
  const productId = `burst-${tag()}`;
  const now = new Date().toISOString();
  await db.doc(`products/${productId}`).set({ name, imgSrc: '/images/books/test.jpg', listPrice: 980, salePrice, launched: true, sortOrder: 9999, isNew: false, updatedAt: now });
  await db.doc(`stock/${productId}`).set({ qty: units, updatedAt: now });
  return productId;
}

/** A launched fixture campaign open for a week, selling `productId` at a group price. */
export async function createFixturePlan(productId, { groupPrice = 560 } = {}) {
  const { db } = admin();
  const planId = `burstplan-${tag()}`;
  const now = Date.now();
  await db.doc(`groupBuyingPlans/${planId}`).set({
    planId,
    title: '搶購測試團購',
    organizer: '測試公會',
    closingDate: new Date(now + 7 * 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '', mobile: '' },
    content: ['搶購測試'],
    products: [{ productId, groupPrice }],
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
  });
  return planId;
}

const percentile = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

// Buyer `i` has a phone of their own: the holding caps count unpaid copies per phone (docs/limits.md).
export const shopOrderBody = (productId, i = 0) => ({
  items: [{ productId, qty: 1 }],
  receiver: { name: '搶購者', address: '臺北市中正區重慶南路一段 122 號' },
  phone: `02-${String(23450000 + i).padStart(8, '0')}`,
  bankAccountNo: '00000',
});

// Every guest is a different person: their own email and phone (the route limits orders per contact,
// docs/limits.md), and a name of letters only, as the contract asks.
export const groupOrderBody = (productId, i) => ({
  ...shopOrderBody(productId),
  buyer: '團購者',
  email: `guest-${i}@example.com`,
  phone: `09${String(i).padStart(8, '0')}`,
});

/**
 * Each buyer is their own client for the rate limits when the emulators honour X-Test-Client (a run of
 * `npm test`, `npm run bench`): a flash sale is many people, not one script (docs/limits.md).
 */
export const buyerClient = (i) => (process.env.RATE_LIMIT_TEST_SECRET ? { 'X-Test-Client': `${process.env.RATE_LIMIT_TEST_SECRET}:buyer-${i}-${randomUUID()}` } : {});

/** The Hosting emulator's own answers when its proxy to the Functions emulator fails (not the app's). */
const EMULATOR_PROXY_TEXT = /^(An internal error occurred while proxying for |Timed out waiting for function to respond)/;

/** One PATCH of a placement, read as the burst counts it (an answer that is not JSON is a proxy's or an HTML page). */
async function sendPlacement(baseUrl, a, timeoutMs) {
  const res = await fetch(`${baseUrl}${a.path(a.orderId)}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...a.client, ...(a.token ? { Authorization: `Bearer ${a.token}` } : {}) },
    body: JSON.stringify(a.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text().catch(() => '');
  let json = {};
  try { json = JSON.parse(text); } catch { /* a proxy's or an HTML answer */ }
  return { status: res.status, statusMessage: json.statusMessage, orderNo: json.orderNo, body: text.slice(0, 200), byEmulatorProxy: !json.statusMessage && (typeof json.code === 'string' || EMULATOR_PROXY_TEXT.test(text)) };
}

/**
 * First-try 5xx, and which of them are neither the emulators' proxies failing under a burst of worker
 * starts nor the shop's designed 503: the Functions emulator's worker proxy answers 500 with the socket
 * error as its body (e.g. {"code":"ECONNRESET"}), the Hosting emulator's proxy answers plain text when it
 * cannot reach the Functions emulator (firebase-tools' functionsRuntimeWorker.js and hosting/proxy.js),
 * and the shop answers 503 when Firestore did not answer in time, having taken nothing (the ghosts and
 * stock figures prove that). Any other 5xx is a defect.
 */
function firstTryTally() {
  const tally = { firstTry5xx: 0, firstTryUnexpected: [], firstTryUnavailable: 0 };
  const count = (answer) => {
    tally.firstTry5xx++;
    if (answer.status === 503 && answer.statusMessage) tally.firstTryUnavailable++;
    else if (answer.status !== 0 && !answer.byEmulatorProxy) tally.firstTryUnexpected.push({ status: answer.status, body: answer.body });
  };
  return { tally, count };
}

/**
 * One buyer as the web client behaves: a cut-off or a 5xx is retried with the same orderId, at most
 * `retries` times. `a`: { path(orderId), body, orderId, client (buyerClient's header), token? }. Shared
 * by burst() and the paced launch (scripts/bench/45-launch.mjs).
 */
export async function placeAsBuyer(baseUrl, a, { retries, timeoutMs, onFirstTryCutOff }) {
  const t = performance.now();
  let answer;
  let tries = 0;
  for (;;) {
    tries++;
    try {
      answer = await sendPlacement(baseUrl, a, timeoutMs);
    } catch (err) {
      answer = { status: 0, statusMessage: String(err?.cause?.code ?? err) };
    }
    const cutOff = answer.status === 0 || answer.status >= 500;
    if (cutOff && tries === 1) onFirstTryCutOff(answer);
    if (!cutOff || tries > retries) break;
    await new Promise((r) => setTimeout(r, 500 * tries));
  }
  return { ...answer, tries, ms: performance.now() - t, orderId: a.orderId };
}

/** What Firestore holds after the burst: the ids of the orders stored, and the copies of `productId` they took. */
async function storedOrders(db, orderIds, productId) {
  const stored = new Set();
  let soldUnits = 0;
  for (let i = 0; i < orderIds.length; i += 30) {
    const snap = await db.collection('orders').where('orderId', 'in', orderIds.slice(i, i + 30)).get();
    for (const d of snap.docs) {
      stored.add(d.id);
      soldUnits += d.data().items.filter((it) => it.productId === productId).reduce((n, it) => n + it.qty, 0);
    }
  }
  return { stored, soldUnits };
}

const isOutOfStock = (a) => a.status === 409 && a.statusMessage === 'OUT_OF_STOCK';

/** The figures of a burst: counted from the answers, and from Firestore (stored orders, stock) for the ghosts and oversells. */
function burstFigures({ productId, units, answers, stored, soldUnits, finalStock, tally, wallMs }) {
  const placed = answers.filter((a) => a.status === 201 || a.status === 200);
  const placedIds = new Set(placed.map((a) => a.orderId));
  const latencies = answers.map((a) => a.ms);
  return {
    productId,
    units,
    buyers: answers.length,
    placed: placed.length,
    created201: answers.filter((a) => a.status === 201).length,
    outOfStock: answers.filter(isOutOfStock).length,
    other4xx: answers.filter((a) => a.status >= 400 && a.status < 500 && !isOutOfStock(a)).length,
    server5xx: answers.filter((a) => a.status >= 500 || a.status === 0).length,
    ...tally,
    retried: answers.filter((a) => a.tries > 1).length,
    ordersStored: stored.size,
    ghosts: [...stored].filter((id) => !placedIds.has(id)).length,
    missing: [...placedIds].filter((id) => !stored.has(id)).length,
    finalStock,
    oversold: Math.max(0, soldUnits - units),
    stockConsistent: finalStock === units - soldUnits && finalStock >= 0,
    wallMs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    load: loadavg()[0],
    answers,
  };
}

/**
 * Sends one placement per buyer, all at once, and retries a buyer's cut-off or 5xx with the same
 * orderId (at most `retries` times, as the web client does), so every buyer ends with a true answer.
 * - `requests`: [{ path, body, token? }] one per buyer.
 * - `onStart()`: called once every request is in flight (the kill test uses it).
 * Returns the figures, the ghosts counted from Firestore.
 */
export async function burst({ baseUrl, productId, units, requests, retries = 3, timeoutMs = 90_000, onStart }) {
  const { db } = admin();
  const attempts = requests.map((r, i) => ({ ...r, orderId: randomUUID().replaceAll('-', ''), client: buyerClient(i) }));
  const started = performance.now();
  const { tally, count } = firstTryTally();
  const inFlight = attempts.map((a) => placeAsBuyer(baseUrl, a, { retries, timeoutMs, onFirstTryCutOff: count }));
  if (onStart) await onStart();
  const answers = await Promise.all(inFlight);
  const wallMs = performance.now() - started;
  const finalStock = (await db.doc(`stock/${productId}`).get()).data()?.qty;
  const { stored, soldUnits } = await storedOrders(db, attempts.map((a) => a.orderId), productId);
  return burstFigures({ productId, units, answers, stored, soldUnits, finalStock, tally, wallMs });
}

export async function planProgress(planId) {
  const { db } = admin();
  const d = (await db.doc(`planProgress/${planId}`).get()).data() ?? {};
  return { orders: d.orders ?? 0, copies: d.copies ?? 0 };
}

/**
 * The mail documents written since `sinceIso` (only those to `emails`, when given), and those of them whose
 * sending has ended (SUCCESS or ERROR): how the benches know that the sendMail triggers have caught up.
 */
export async function mailsSince(sinceIso, emails) {
  const { db } = admin();
  const snap = await db.collection('mail').where('createdAt', '>=', sinceIso).select('createdAt', 'delivery', 'to').get();
  const mails = emails ? snap.docs.filter((d) => emails.has(String(d.get('to')))) : snap.docs;
  return { mails, settled: mails.filter((d) => ['SUCCESS', 'ERROR'].includes(d.get('delivery.state'))) };
}
