// A flash sale through the real HTTP API (the plain Node server over the Firestore emulator):
// 200 verified buyers with their tokens ready, then all at once, one copy each, of a book with 50 units.
// Aim: exactly 50 orders, 150 OUT_OF_STOCK, 0 5xx, 0 oversold, every answer within 3 s.
//
// `flashSale()` is reusable: the group-buying bench passes its own setup (a plan), path and body.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { startApiServer } from './lib.mjs';

export const title = 'Flash sale: 200 concurrent buyers, 50 units, PATCH /api/order (plain Node server)';

const PROJECT_ID = 'demo-bookstore';

export function admin() {
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return { db: getFirestore(app), auth: getAuth(app) };
}

async function pool(items, size, fn) {
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

/** Verified members in the Auth emulator, signed in: [{ uid, email, idToken }]. */
export async function createBuyers(count, { prefix = 'flash' } = {}) {
  const { auth } = admin();
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const run = `${prefix}-${Date.now().toString(36)}`;
  return pool(Array.from({ length: count }, (_, i) => i), 16, async (i) => {
    const email = `${run}-${i}@example.com`;
    const password = 'flash-sale-1';
    const user = await auth.createUser({ email, password, emailVerified: true, displayName: `搶購者 ${i}` });
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
export async function createFlashProduct(units, { salePrice = 680 } = {}) {
  const { db } = admin();
  const productId = `flash-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const now = new Date().toISOString();
  await db.doc(`products/${productId}`).set({ name: '限量搶購測試書', imgSrc: '/images/books/test.jpg', listPrice: 980, salePrice, launched: true, sortOrder: 9999, isNew: false, updatedAt: now });
  await db.doc(`stock/${productId}`).set({ qty: units, updatedAt: now });
  return productId;
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Runs one flash sale and returns its figures.
 * - `path({ buyer, orderId })`: the URL path of the placement (default: the shop order).
 * - `body({ buyer, productId })`: the request body (default: one copy of productId).
 * - `auth`: send the buyer's Bearer token (default true).
 * - `buyerList` (from createBuyers) or `buyerCount`; `productId` or `units` for a fresh fixture book.
 */
export async function flashSale({
  apiUrl,
  units = 50,
  buyerCount = 200,
  productId: givenProductId,
  path = ({ buyer, orderId }) => `/api/order/${buyer.uid}/${orderId}`,
  body = ({ productId }) => ({
    items: [{ productId, qty: 1 }],
    receiver: { name: '搶購者', address: '臺北市中正區重慶南路一段 122 號' },
    phone: '02-2345-6789',
    bankAccountNo: '00000',
  }),
  auth = true,
  buyerList,
} = {}) {
  const productId = givenProductId ?? (await createFlashProduct(units));
  const buyers = buyerList ?? (await createBuyers(buyerCount));
  const attempts = buyers.map((buyer) => ({ buyer, orderId: randomUUID().replaceAll('-', '') }));

  const started = performance.now();
  const answers = await Promise.all(
    attempts.map(async ({ buyer, orderId }) => {
      const t = performance.now();
      try {
        const res = await fetch(`${apiUrl}${path({ buyer, orderId })}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${buyer.idToken}` } : {}) },
          body: JSON.stringify(body({ buyer, productId })),
        });
        const json = await res.json().catch(() => ({}));
        return { status: res.status, statusMessage: json.statusMessage, ms: performance.now() - t, orderId };
      } catch (err) {
        return { status: 0, statusMessage: String(err), ms: performance.now() - t, orderId };
      }
    }),
  );
  const wallMs = performance.now() - started;

  const { db } = admin();
  const finalStock = (await db.doc(`stock/${productId}`).get()).data()?.qty;
  let soldUnits = 0;
  let ordersStored = 0;
  const ids = attempts.map((a) => a.orderId);
  for (let i = 0; i < ids.length; i += 30) {
    const snap = await db.collection('orders').where('orderId', 'in', ids.slice(i, i + 30)).get();
    ordersStored += snap.size;
    for (const d of snap.docs) soldUnits += d.data().items.filter((it) => it.productId === productId).reduce((n, it) => n + it.qty, 0);
  }
  const latencies = answers.map((a) => a.ms);
  return {
    productId,
    units,
    buyers: buyers.length,
    created: answers.filter((a) => a.status === 201).length,
    outOfStock: answers.filter((a) => a.status === 409 && a.statusMessage === 'OUT_OF_STOCK').length,
    other4xx: answers.filter((a) => a.status >= 400 && a.status < 500 && !(a.status === 409 && a.statusMessage === 'OUT_OF_STOCK')).length,
    server5xx: answers.filter((a) => a.status >= 500 || a.status === 0).length,
    ordersStored,
    finalStock,
    oversold: Math.max(0, soldUnits - units),
    stockConsistent: finalStock === units - soldUnits && finalStock >= 0,
    wallMs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  };
}

export function report(say, r) {
  say(`   ${r.buyers} buyers, ${r.units} units (product ${r.productId})`);
  say(`   orders made ${r.created}   OUT_OF_STOCK ${r.outOfStock}   other 4xx ${r.other4xx}   5xx ${r.server5xx}`);
  say(`   final stock ${r.finalStock}   oversold ${r.oversold}   orders stored ${r.ordersStored}   stock consistent ${r.stockConsistent ? 'yes' : 'NO'}`);
  say(`   wall ${r.wallMs.toFixed(0)} ms   p50 ${r.p50.toFixed(0)} ms   p95 ${r.p95.toFixed(0)} ms   max ${r.max.toFixed(0)} ms`);
  const ok = r.created === r.units && r.outOfStock === r.buyers - r.units && r.server5xx === 0 && r.oversold === 0 && r.max <= 3000;
  say(`   machine: ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (the emulators share them; latency follows the load)`);
  say(`   aim (exactly ${r.units} orders, ${r.buyers - r.units} OUT_OF_STOCK, 0 5xx, 0 oversold, all within 3 s): ${ok ? 'met' : 'NOT met'}`);
}

export async function run(say) {
  const api = await startApiServer();
  try {
    const buyerList = await createBuyers(200);
    // Warm the server (token verification keys, Firestore channel) outside the measured burst.
    await fetch(`${api.url}/api/settings/shop`);
    await fetch(`${api.url}/api/order/${buyerList[0].uid}`, { headers: { Authorization: `Bearer ${buyerList[0].idToken}` } });
    report(say, await flashSale({ apiUrl: api.url, units: 50, buyerList }));
  } finally {
    api.stop();
  }
}
