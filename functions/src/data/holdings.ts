import type { Order } from '../contracts/orders';
import { UNPAID_STATUSES, type OrderDoc } from '../domain/order';
import { db } from '../lib/firebase';
import { ORDERS } from './collections';
import { declareQuery, shapedQuery } from './query-shapes';

/** An unpaid order as the holding caps see it. */
export type HeldOrder = Pick<Order, 'orderId' | 'planId' | 'items'>;

/**
 * The unpaid orders of one contact: those stored with this canonical email or phone
 * (functions/src/domain/contact.ts), or placed by this account. Equality filters only (the status `in`
 * and one key), so Firestore merges single-field indexes and no composite index is needed; a contact's
 * handful of unpaid orders is read, never a plan or the shop.
 */
const UNPAID_BY = (field: 'emailKey' | 'phoneKey' | 'userId') => ({
  name: `a contact's unpaid orders by ${field} (data/holdings.ts unpaidOrdersOfContact)`,
  collection: ORDERS,
  where: [{ field: 'status', op: 'in' }, { field, op: '==' }],
}) as const;
const UNPAID_BY_EMAIL = declareQuery(UNPAID_BY('emailKey'));
const UNPAID_BY_PHONE = declareQuery(UNPAID_BY('phoneKey'));
const UNPAID_BY_ACCOUNT = declareQuery(UNPAID_BY('userId'));
const OF_ACCOUNT_SINCE = declareQuery({
  name: 'orders an account created since a time (data/holdings.ts ordersOfAccountSince)',
  collection: ORDERS,
  where: [{ field: 'userId', op: '==' }, { field: 'createdAt', op: '>=' }],
  // Newest first, so that the index 我的訂單 already needs (userId + createdAt desc) serves it too.
  orderBy: [{ field: 'createdAt', dir: 'desc' }],
});

export async function unpaidOrdersOfContact(keys: { emailKey: string; phoneKey: string; userId: string | null }): Promise<HeldOrder[]> {
  const firestore = await db();
  const unpaid = [...UNPAID_STATUSES];
  const queries = [
    keys.emailKey ? shapedQuery(firestore, UNPAID_BY_EMAIL, [unpaid, keys.emailKey]) : null,
    keys.phoneKey ? shapedQuery(firestore, UNPAID_BY_PHONE, [unpaid, keys.phoneKey]) : null,
    keys.userId ? shapedQuery(firestore, UNPAID_BY_ACCOUNT, [unpaid, keys.userId]) : null,
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
  const snap = await shapedQuery(await db(), OF_ACCOUNT_SINCE, [userId, sinceIso]).count().get();
  return snap.data().count;
}
