import type { StockMovement } from '../contracts/admin';
import { db } from '../lib/firebase';
import { declareQuery, shapedQuery } from './query-shapes';
import { STOCK } from './stock';

// stock/{productId}/movements/{id}: every change of a book's count (sales, stock returned by a
// cancellation or a refund, a refund kept out of stock, the owner's edits, the import), with the count
// before and after, the reason and who made it. Written by the stock allocator in the same commit as the
// count, so the newest movement's `after` is the count and each `before` is the previous `after`.

const NEWEST = declareQuery({ name: "a book's stock movements, newest first (data/stock-movements.ts listStockMovements)", collection: 'movements', orderBy: [{ field: 'at', dir: 'desc' }] });

/** A book's movements, newest first. */
export async function listStockMovements(productId: string, limit = 50): Promise<StockMovement[]> {
  const snap = await shapedQuery((await db()).collection(STOCK).doc(productId), NEWEST, []).limit(limit).get();
  // Movements of one batch share `at`; `seq` orders them (older movements have none and no ties).
  return snap.docs
    .map((d) => ({ ...(d.data() as Omit<StockMovement, 'id'>), id: d.id }))
    .sort((a, b) => (a.at === b.at ? (b.seq ?? 0) - (a.seq ?? 0) : a.at < b.at ? 1 : -1));
}
