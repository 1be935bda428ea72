import type { StockMap } from '../contracts/stock';
import { db } from '../lib/firebase';

// stock/{productId} = {qty, updatedAt}: the public count the book pages read live, and the source of
// truth for what is shown. Order placement may keep its own internals under stock/{productId}/...;
// the owner's edits below only ever set qty (merge), leaving such fields alone.
const STOCK = 'stock';
const PRODUCTS = 'products';

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

async function readAll(): Promise<Record<string, number>> {
  const snap = await (await db()).collection(STOCK).orderBy('__name__').get();
  const out: Record<string, number> = {};
  for (const d of snap.docs) {
    const qty = readQty(d.data());
    if (qty !== null) out[d.id] = qty;
  }
  return out;
}

export type SetStockResult = { ok: true; stock: Record<string, number>; updatedAt: string } | { ok: false; missing: string[] };

/** One count as it changes, for a caller that logs it in the same transaction (the owner's movement log). */
export interface StockChange {
  productId: string;
  before: number;
  after: number;
  at: string;
}

/**
 * Sets the given counts in one transaction. Every product must exist (launched or not): stock is never
 * created for a book that does not exist, and when one is missing nothing is written.
 */
export async function setStockQuantities(
  quantities: StockMap,
  record?: (tx: FirebaseFirestore.Transaction, change: StockChange) => void,
): Promise<SetStockResult> {
  const firestore = await db();
  const ids = Object.keys(quantities).sort();
  const productRefs = ids.map((id) => firestore.collection(PRODUCTS).doc(id));
  const stockRefs = ids.map((id) => firestore.collection(STOCK).doc(id));
  return firestore.runTransaction(async (tx) => {
    // Reading the stock documents too makes a concurrent allocation retry rather than interleave.
    const snaps = await tx.getAll(...productRefs, ...stockRefs);
    const missing = ids.filter((_, i) => !snaps[i]!.exists);
    if (missing.length) return { ok: false, missing } as const;
    const updatedAt = new Date().toISOString();
    const stock: Record<string, number> = {};
    ids.forEach((id, i) => {
      const qty = quantities[id]!;
      tx.set(stockRefs[i]!, { qty, updatedAt }, { merge: true });
      record?.(tx, { productId: id, before: readQty(snaps[ids.length + i]!.data()) ?? 0, after: qty, at: updatedAt });
      stock[id] = qty;
    });
    return { ok: true, stock, updatedAt } as const;
  });
}
