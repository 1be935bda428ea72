import type { Order } from '../contracts/orders';
import { UNPAID_STATUSES, type OrderDoc } from '../domain/order';
import { db } from '../lib/firebase';
import { ORDERS } from './collections';

/** An unpaid order as the holding caps see it. */
export type HeldOrder = Pick<Order, 'orderId' | 'planId' | 'items'>;

/**
 * The unpaid orders of one contact: those stored with this canonical email or phone
 * (functions/src/domain/contact.ts), or placed by this account. Equality filters only (the status `in`
 * and one key), so Firestore merges single-field indexes and no composite index is needed; a contact's
 * handful of unpaid orders is read, never a plan or the shop.
 */
export async function unpaidOrdersOfContact(keys: { emailKey: string; phoneKey: string; userId: string | null }): Promise<HeldOrder[]> {
  const orders = (await db()).collection(ORDERS);
  const unpaid = orders.where('status', 'in', [...UNPAID_STATUSES]);
  const queries = [
    keys.emailKey ? unpaid.where('emailKey', '==', keys.emailKey) : null,
    keys.phoneKey ? unpaid.where('phoneKey', '==', keys.phoneKey) : null,
    keys.userId ? unpaid.where('userId', '==', keys.userId) : null,
  ].filter((q) => q !== null);
  const snaps = await Promise.all(queries.map((q) => q.select('planId', 'items').limit(500).get()));
  const byId = new Map<string, HeldOrder>();
  for (const d of snaps.flatMap((s) => s.docs)) {
    const data = d.data() as Partial<OrderDoc>;
    byId.set(d.id, { orderId: d.id, planId: data.planId ?? null, items: Array.isArray(data.items) ? data.items : [] });
  }
  return [...byId.values()];
}

/** How many orders this account created since `sinceIso` (index userId + createdAt). */
export async function ordersOfAccountSince(userId: string, sinceIso: string): Promise<number> {
  const snap = await (await db()).collection(ORDERS).where('userId', '==', userId).where('createdAt', '>=', sinceIso).count().get();
  return snap.data().count;
}
