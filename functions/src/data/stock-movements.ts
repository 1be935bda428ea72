import type { StockMovement } from '../contracts/admin';
import { db } from '../lib/firebase';
import { STOCK } from './stock';

// stock/{productId}/movements/{id}: every change of a book's count other than a sale (the owner's edits,
// stock returned by a cancellation or a refund), with the count before and after, the reason and who
// made it. Written by the stock allocator in the same commit as the count; private to the server.

const movements = async (productId: string) => (await db()).collection(STOCK).doc(productId).collection('movements');

/** A book's movements, newest first. */
export async function listStockMovements(productId: string, limit = 50): Promise<StockMovement[]> {
  const snap = await (await movements(productId)).orderBy('at', 'desc').limit(limit).get();
  return snap.docs.map((d) => ({ ...(d.data() as Omit<StockMovement, 'id'>), id: d.id }));
}
