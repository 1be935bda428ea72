import type { Order } from '../contracts/orders';
import { UNPAID_STATUSES, type OrderDoc } from '../domain/order';
import { db, firestoreNs } from '../lib/firebase';
import { ORDERS } from './collections';
import { declareQuery, shapedQuery } from './query-shapes';

/** An unpaid order as the holding caps see it. */
export type HeldOrder = Pick<Order, 'orderId' | 'planId' | 'items'>;

/**
 * The unpaid orders of one contact: those stored with this canonical email or phone
 * (functions/src/domain/contact.ts), or placed by this account. One query, an or of the contact's keys:
 * each branch is equality filters only (the status `in` and one key), so Firestore merges single-field
 * indexes and no composite index is needed; a contact's handful of unpaid orders is read, never a plan or
 * the shop. One round trip instead of one per key; on the Firestore emulator, which scans the whole
 * collection for every query, ~17 ms of its CPU instead of ~21 ms for two queries at 2,000 orders
 * (docs/orders.md, "Launch day").
 */
const UNPAID_OF_CONTACT = declareQuery({
  name: "a contact's unpaid orders (data/holdings.ts unpaidOrdersOfContact)",
  collection: ORDERS,
  where: [{ field: 'status', op: 'in' }],
  anyOf: [
    { field: 'emailKey', op: '==', optional: true },
    { field: 'phoneKey', op: '==', optional: true },
    { field: 'userId', op: '==', optional: true },
  ],
});
const OF_ACCOUNT_SINCE = declareQuery({
  name: 'orders an account created since a time (data/holdings.ts ordersOfAccountSince)',
  collection: ORDERS,
  where: [{ field: 'userId', op: '==' }, { field: 'createdAt', op: '>=' }],
  // Newest first, so that the index 我的訂單 already needs (userId + createdAt desc) serves it too.
  orderBy: [{ field: 'createdAt', dir: 'desc' }],
});

export async function unpaidOrdersOfContact(keys: { emailKey: string; phoneKey: string; userId: string | null }): Promise<HeldOrder[]> {
  if (!keys.emailKey && !keys.phoneKey && !keys.userId) return [];
  const [firestore, ns] = await Promise.all([db(), firestoreNs()]);
  const query = shapedQuery(firestore, UNPAID_OF_CONTACT, [[...UNPAID_STATUSES], keys.emailKey || undefined, keys.phoneKey || undefined, keys.userId || undefined], ORDERS, ns);
  const snap = await query.select('planId', 'items').limit(500).get();
  return snap.docs.map((d) => {
    const data = d.data() as Partial<OrderDoc>;
    return { orderId: d.id, planId: data.planId ?? null, items: Array.isArray(data.items) ? data.items : [] };
  });
}

/** How many orders this account created since `sinceIso` (index userId + createdAt). */
export async function ordersOfAccountSince(userId: string, sinceIso: string): Promise<number> {
  const snap = await shapedQuery(await db(), OF_ACCOUNT_SINCE, [userId, sinceIso]).count().get();
  return snap.data().count;
}
