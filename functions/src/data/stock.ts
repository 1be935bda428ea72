import { db } from '../lib/firebase';
import { declareQuery, shapedQuery } from './query-shapes';

// stock/{productId} = {qty, updatedAt}: the public count the book pages read live. Reads only: every
// change of a count is written by the stock allocator (functions/src/allocator/stock-allocator.ts), whose queue orders the
// placements, the stock-returning status changes and the owner's edits.
export const STOCK = 'stock';

function readQty(data: FirebaseFirestore.DocumentData | undefined): number | null {
  const qty = data?.qty;
  return typeof qty === 'number' && Number.isInteger(qty) && qty >= 0 ? qty : null;
}

// Stock is never cached (order placement changes it from other instances), but identical reads that
// overlap share one Firestore round trip: a burst of book-page visits costs one read, not fifty.
const inflight = new Map<string, Promise<unknown>>();
function shared<T>(key: string, read: () => Promise<T>): Promise<T> {
  let p = inflight.get(key) as Promise<T> | undefined;
  if (!p) {
    p = read().finally(() => inflight.delete(key));
    inflight.set(key, p);
  }
  return p;
}

/** One book's count, or null when it has no (valid) stock record. */
export function getStockQty(productId: string): Promise<number | null> {
  return shared(`one:${productId}`, async () => {
    const snap = await (await db()).collection(STOCK).doc(productId).get();
    return snap.exists ? readQty(snap.data()) : null;
  });
}

/** Every stock record as `{productId: qty}`, in id order. */
export function listStock(): Promise<Record<string, number>> {
  return shared('all', readAll);
}

const ALL_STOCK = declareQuery({ name: 'every stock record in id order (data/stock.ts listStock)', collection: STOCK, orderBy: [{ field: '__name__' }] });

async function readAll(): Promise<Record<string, number>> {
  const snap = await shapedQuery(await db(), ALL_STOCK, []).get();
  const out: Record<string, number> = {};
  for (const d of snap.docs) {
    const qty = readQty(d.data());
    if (qty !== null) out[d.id] = qty;
  }
  return out;
}

/** Fresh, strongly consistent counts of the given books (0 for a book without a stock record). */
export async function getStockCounts(productIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const firestore = await db();
  const snaps = await firestore.getAll(...ids.map((id) => firestore.collection(STOCK).doc(id)));
  for (const s of snaps) out.set(s.id, (s.exists ? readQty(s.data()) : null) ?? 0);
  return out;
}
