import type { StockMovement } from '../contracts/admin';
import type { StockMap } from '../contracts/stock';
import { db } from '../lib/firebase';
import { setStockQuantities, type SetStockResult } from './stock';

// stock/{productId}/movements/{id}: the owner's changes of a book's count, with the count before and
// after, the reason and who made it. Private to the server (the rules deny stock subcollections).

const movements = async (productId: string) => (await db()).collection('stock').doc(productId).collection('movements');

/**
 * Sets counts through the stock module and logs one movement per book in the same transaction, so a
 * movement exists exactly when its count was written.
 */
export async function setStockWithMovements(quantities: StockMap, reason: string, by: string): Promise<SetStockResult> {
  const firestore = await db();
  return setStockQuantities(quantities, (tx, c) => {
    const ref = firestore.collection('stock').doc(c.productId).collection('movements').doc();
    const movement: Omit<StockMovement, 'id'> = { productId: c.productId, before: c.before, after: c.after, delta: c.after - c.before, reason, by, at: c.at };
    tx.create(ref, movement);
  });
}

/** A book's movements, newest first. */
export async function listStockMovements(productId: string, limit = 50): Promise<StockMovement[]> {
  const snap = await (await movements(productId)).orderBy('at', 'desc').limit(limit).get();
  return snap.docs.map((d) => ({ ...(d.data() as Omit<StockMovement, 'id'>), id: d.id }));
}
