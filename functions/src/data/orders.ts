import type { OrderFields } from '../contracts/orders';
import type { AdminOrdersQuery } from '../contracts/admin';
import { db, firestoreNs } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { STATUS, type OrderDoc } from '../domain/order';
import { MAIL, ORDERS } from './collections';
import { lostRace } from '../lib/firestore-codes';
import { declareQuery, shapedQuery } from './query-shapes';

export { ORDERS };
/** orderNumbers/{orderNo} -> {orderId}: keeps order numbers unique and finds an order by its number. */
export const ORDER_NUMBERS = 'orderNumbers';

// The orders as stored (OrderDoc): what of them an answer shows is the services' to say, through
// functions/src/domain/order.ts publicOrder.
export type { OrderDoc };

export async function getOrderDoc(orderId: string): Promise<OrderDoc | null> {
  const snap = await (await db()).collection(ORDERS).doc(orderId).get();
  return snap.exists ? (snap.data() as OrderDoc) : null;
}

type Waiter = { resolve: (d: OrderDoc | null) => void; reject: (e: unknown) => void };
let waiting: Map<string, Waiter[]> | null = null;

async function flushOrderReads(batch: Map<string, Waiter[]>) {
  const ids = [...batch.keys()];
  try {
    const firestore = await db();
    for (let i = 0; i < ids.length; i += 100) {
      const snaps = await firestore.getAll(...ids.slice(i, i + 100).map((id) => firestore.collection(ORDERS).doc(id)));
      for (const snap of snaps) for (const w of batch.get(snap.id) ?? []) w.resolve(snap.exists ? (snap.data() as OrderDoc) : null);
    }
  } catch (err) {
    for (const ws of batch.values()) for (const w of ws) w.reject(err);
  }
}

/** Like getOrderDoc, but the reads of one tick share a single getAll (a burst of placements). */
export function getOrderDocCoalesced(orderId: string): Promise<OrderDoc | null> {
  return new Promise((resolve, reject) => {
    if (!waiting) {
      const batch = new Map<string, Waiter[]>();
      waiting = batch;
      setImmediate(() => {
        waiting = null;
        void flushOrderReads(batch);
      });
    }
    const list = waiting.get(orderId) ?? [];
    list.push({ resolve, reject });
    waiting.set(orderId, list);
  });
}

const OF_USER = declareQuery({ name: "a member's orders (我的訂單, data/orders.ts listOrdersOfUser)", collection: ORDERS, where: [{ field: 'userId', op: '==' }], orderBy: [{ field: 'createdAt', dir: 'desc' }] });

/** A member's orders, newest first (index userId + createdAt desc). */
export async function listOrdersOfUser(userId: string, limit = 500): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), OF_USER, [userId]).limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

export async function findOrderByNo(orderNo: string): Promise<OrderDoc | null> {
  const firestore = await db();
  const ref = await firestore.collection(ORDER_NUMBERS).doc(orderNo).get();
  const orderId = ref.exists ? (ref.data() as { orderId?: string }).orderId : undefined;
  return orderId ? getOrderDoc(orderId) : null;
}

const OVERDUE = declareQuery({
  name: 'overdue unpaid orders (data/orders.ts listOverdueUnpaidOrderIds)',
  collection: ORDERS,
  where: [{ field: 'status', op: '==' }, { field: 'paymentDueAt', op: '<' }],
  orderBy: [{ field: 'paymentDueAt' }],
});

/** Unpaid orders whose payment deadline is before `beforeIso` (index status + paymentDueAt). */
export async function listOverdueUnpaidOrderIds(beforeIso: string, limit = 300): Promise<string[]> {
  const snap = await shapedQuery(await db(), OVERDUE, [STATUS.awaitingPayment, beforeIso]).limit(limit).select().get();
  return snap.docs.map((d) => d.id);
}

const UNPAID_DUE_BETWEEN = declareQuery({
  name: 'unpaid orders due in a window (data/orders.ts listUnpaidDueBetween)',
  collection: ORDERS,
  where: [{ field: 'status', op: '==' }, { field: 'paymentDueAt', op: '>' }, { field: 'paymentDueAt', op: '<=' }],
  orderBy: [{ field: 'paymentDueAt' }],
});

/** Orders awaiting payment whose deadline falls in (afterIso, untilIso] (index status + paymentDueAt). */
export async function listUnpaidDueBetween(afterIso: string, untilIso: string, limit = 500): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), UNPAID_DUE_BETWEEN, [STATUS.awaitingPayment, afterIso, untilIso]).limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

/** What a change of one order writes: the order as it will be, and the customer's mail under its id. */
export interface OrderChange {
  next: OrderDoc;
  mail?: { id: string; doc: ComposedMail } | null;
}

/**
 * Changes one order in a transaction with its mail: `change` sees the order as stored (null when there
 * is none) and answers the change, or throws to write nothing. For the status changes that move no
 * stock and the owner's corrections (the ones that move stock go through functions/src/allocator/stock-allocator.ts).
 */
export async function changeOrder(orderId: string, change: (doc: OrderDoc | null) => OrderChange): Promise<OrderDoc> {
  const firestore = await db();
  const ref = firestore.collection(ORDERS).doc(orderId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const { next, mail } = change(snap.exists ? (snap.data() as OrderDoc) : null);
    tx.set(ref, next);
    if (mail?.doc.to) tx.set(firestore.collection(MAIL).doc(mail.id), { ...mail.doc, createdAt: next.updatedAt });
    return next;
  });
}

const OF_PLAN_IN_STATUS = declareQuery({
  name: "a plan's orders in one status (data/orders.ts moveOrdersOfPlan)",
  collection: ORDERS,
  where: [{ field: 'planId', op: '==' }, { field: 'status', op: '==' }],
});

/**
 * Moves every order of a plan still in `status` as `change` decides (null: leave it), each write
 * preconditioned on the version read and with its mail under its id, at most 200 orders a commit.
 * Several processes may run it at once (the placements of a burst): a commit whose orders moved
 * meanwhile writes nothing and the orders are read again, so each order moves, and mails, once.
 * No transaction: they lock the orders and fail under such contention (docs/orders.md).
 */
export async function moveOrdersOfPlan(planId: string, status: OrderFields['status'], change: (doc: OrderDoc) => OrderChange | null): Promise<OrderDoc[]> {
  const firestore = await db();
  const moved: OrderDoc[] = [];
  for (let round = 0; round < 10; round++) {
    const snap = await shapedQuery(firestore, OF_PLAN_IN_STATUS, [planId, status]).limit(200).get();
    const batch = firestore.batch();
    const next: OrderDoc[] = [];
    for (const d of snap.docs) {
      const c = change(d.data() as OrderDoc);
      if (!c) continue;
      batch.update(d.ref, { ...c.next }, { lastUpdateTime: d.updateTime });
      if (c.mail?.doc.to) batch.set(firestore.collection(MAIL).doc(c.mail.id), { ...c.mail.doc, createdAt: c.next.updatedAt });
      next.push(c.next);
    }
    if (!next.length) return moved;
    try {
      await batch.commit();
      moved.push(...next);
      if (snap.size < 200) return moved;
    } catch (err) {
      if (!lostRace(err)) throw err;
    }
  }
  return moved;
}

const IN_STATUS = declareQuery({ name: 'orders in one status (data/orders.ts plansWithOrdersIn)', collection: ORDERS, where: [{ field: 'status', op: '==' }] });

/** The plans that have orders in `status` (at most `limit` orders read, their planId only). */
export async function plansWithOrdersIn(status: OrderFields['status'], limit = 2000): Promise<string[]> {
  const snap = await shapedQuery(await db(), IN_STATUS, [status]).select('planId').limit(limit).get();
  return [...new Set(snap.docs.map((d) => d.get('planId') as unknown).filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** Orders by id, in the order asked, leaving out the missing ones. */
export async function getOrders(orderIds: readonly string[]): Promise<OrderDoc[]> {
  if (!orderIds.length) return [];
  const firestore = await db();
  const snaps = await firestore.getAll(...orderIds.map((id) => firestore.collection(ORDERS).doc(id)));
  return snaps.filter((d) => d.exists).map((d) => d.data() as OrderDoc);
}

const BY_EMAIL = declareQuery({ name: 'orders by email (data/orders.ts listOrdersByEmail)', collection: ORDERS, where: [{ field: 'email', op: '==' }] });

/** Orders placed with this exact email (a search; at most 500). */
export async function listOrdersByEmail(email: string): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), BY_EMAIL, [email]).limit(500).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

const AWAITING_PAYMENT = declareQuery({
  name: 'unpaid orders by deadline (data/orders.ts listAwaitingPayment)',
  collection: ORDERS,
  where: [{ field: 'status', op: '==' }],
  orderBy: [{ field: 'paymentDueAt' }],
});

/** Unpaid orders, oldest payment deadline first (index status + paymentDueAt). */
export async function listAwaitingPayment(limit: number): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), AWAITING_PAYMENT, [STATUS.awaitingPayment]).limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

/** The owner's filters as a Firestore range: UTC instants of the Taiwan days asked (from inclusive, to exclusive). */
export interface OrderFilter extends Pick<AdminOrdersQuery, 'status' | 'planId'> {
  fromIso?: string;
  toIso?: string;
}

/** The searched fields of an order, for the owner's free-text search. */
export type SearchFields = Pick<OrderFields, 'orderId' | 'orderNo' | 'buyer' | 'email' | 'phone' | 'receiver' | 'createdAt'>;

const FILTERED = declareQuery({
  name: "the owner's filtered order list (data/orders.ts listOrdersPage, scanOrderSearchFields)",
  collection: ORDERS,
  where: [
    { field: 'status', op: '==', optional: true },
    { field: 'planId', op: '==', optional: true },
    { field: 'createdAt', op: '>=', optional: true },
    { field: 'createdAt', op: '<', optional: true },
  ],
  orderBy: [{ field: 'createdAt', dir: 'desc' }, { field: '__name__', dir: 'desc' }],
});

async function filteredQuery(f: OrderFilter) {
  // A shop order's planId is null (the filter's 'shop').
  const planId = f.planId ? (f.planId === 'shop' ? null : f.planId) : undefined;
  return shapedQuery(await db(), FILTERED, [f.status || undefined, planId, f.fromIso || undefined, f.toIso || undefined]);
}

/** One page of the filtered orders, newest first, after the cursor (createdAt + id); `limit + 1` tells whether more follow. */
export async function listOrdersPage(f: OrderFilter, after: { createdAt: string; orderId: string } | null, limit: number): Promise<OrderDoc[]> {
  let query = await filteredQuery(f);
  if (after) query = query.startAfter(after.createdAt, after.orderId);
  const snap = await query.limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

/** The searched fields of the newest `limit` filtered orders (a select: a scan reads little). */
export async function scanOrderSearchFields(f: OrderFilter, limit: number): Promise<SearchFields[]> {
  const snap = await (await filteredQuery(f)).select('orderNo', 'buyer', 'email', 'phone', 'receiver', 'createdAt').limit(limit).get();
  return snap.docs.map((d) => ({ ...(d.data() as Omit<SearchFields, 'orderId'>), orderId: d.id }));
}

const PLACED_BETWEEN = declareQuery({
  name: 'orders placed in a period (data/orders.ts ordersPlacedBetween)',
  collection: ORDERS,
  where: [{ field: 'createdAt', op: '>=' }, { field: 'createdAt', op: '<' }],
  orderBy: [{ field: 'createdAt', dir: 'desc' }],
});

/**
 * Orders placed in [fromIso, toIso): how many, their total, and the newest `limit` of them (without
 * those imported from the old shop, whose times are their old ones anyway).
 */
export async function ordersPlacedBetween(fromIso: string, toIso: string, limit: number): Promise<{ count: number; total: number; latest: OrderDoc[] }> {
  const { AggregateField } = await firestoreNs();
  const q = shapedQuery(await db(), PLACED_BETWEEN, [fromIso, toIso]);
  const [agg, snap] = await Promise.all([q.aggregate({ count: AggregateField.count(), total: AggregateField.sum('totalPrice') }).get(), q.limit(limit).get()]);
  const { count, total } = agg.data();
  return { count, total: total ?? 0, latest: snap.docs.map((d) => d.data() as OrderDoc).filter((o) => !o.legacy) };
}

/**
 * Sets or clears `pickedUp` on the order with this number, in a transaction on the order as stored
 * (the pickup desk, functions/src/api/organizer/service.ts): `decide` answers the new value or a refusal.
 * Writes only that field, so nothing else of the order (status, history, updatedAt) moves with it.
 * `alsoWrite` adds the caller's writes to the same transaction, given the outcome (null: no such order):
 * the desk's log entry, so an action is never done without being logged nor logged without being done.
 */
export async function setPickedUpByNo<R extends { refusal: string } | { pickedUp: OrderFields['pickedUp']; changed: boolean }>(
  orderNo: string,
  decide: (doc: OrderDoc) => R,
  alsoWrite: (tx: FirebaseFirestore.Transaction, result: R | null) => void,
): Promise<{ order: OrderDoc; result: R } | null> {
  const firestore = await db();
  return firestore.runTransaction(async (tx) => {
    const num = await tx.get(firestore.collection(ORDER_NUMBERS).doc(orderNo));
    const orderId = (num.data() as { orderId?: string } | undefined)?.orderId;
    const ref = orderId ? firestore.collection(ORDERS).doc(orderId) : null;
    const snap = ref ? await tx.get(ref) : null;
    if (!ref || !snap?.exists) {
      alsoWrite(tx, null);
      return null;
    }
    const doc = snap.data() as OrderDoc;
    const result = decide(doc);
    if ('changed' in result && result.changed) tx.update(ref, { pickedUp: result.pickedUp ?? null });
    alsoWrite(tx, result);
    return { order: 'changed' in result ? { ...doc, pickedUp: result.pickedUp ?? null } : doc, result };
  });
}

const CHANGED_SINCE = declareQuery({
  name: 'orders in some statuses changed since a time, oldest change first (data/orders.ts listOrdersChangedSince)',
  collection: ORDERS,
  where: [{ field: 'status', op: 'in' }, { field: 'updatedAt', op: '>=' }],
  orderBy: [{ field: 'updatedAt', dir: 'asc' }],
});

/**
 * Orders in `statuses` changed at or after `sinceIso`, oldest change first (index status + updatedAt): an
 * order that became paid in a period was changed then or later, so the invoices of a period are among
 * these (functions/src/api/invoices/service.ts narrows them by the payment's time).
 */
export async function listOrdersChangedSince(statuses: readonly OrderFields['status'][], sinceIso: string, limit: number): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), CHANGED_SINCE, [[...statuses], sinceIso]).limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

/**
 * invoiceNumbers/{number} -> {orderId, at}: one document per recorded invoice number, so that a number is
 * recorded on one order only (a number the shop issued stays taken, voided or not).
 */
export const INVOICE_NUMBERS = 'invoiceNumbers';

/**
 * Sets or replaces the issued invoice's mark of one order, in one transaction with the number's key
 * (invoiceNumbers/{number}): `decide` gets the order as stored and the order that already holds the
 * number (null if none, or this one) and answers the mark or throws. Two marks of one number race on
 * its key's document: Firestore runs one transaction after the other, and the second sees the first's
 * key. A replaced number's key is released. Only `issuedInvoice` of the order changes.
 */
export async function setIssuedInvoice(
  orderId: string,
  number: string,
  decide: (doc: OrderDoc | null, heldBy: string | null) => NonNullable<OrderFields['issuedInvoice']>,
): Promise<OrderDoc> {
  const firestore = await db();
  const ref = firestore.collection(ORDERS).doc(orderId);
  const keyRef = firestore.collection(INVOICE_NUMBERS).doc(number);
  return firestore.runTransaction(async (tx) => {
    const [snap, key] = await tx.getAll(ref, keyRef);
    const doc = snap!.exists ? (snap!.data() as OrderDoc) : null;
    const holder = key!.exists ? String(key!.get('orderId')) : null;
    const issuedInvoice = decide(doc, holder === orderId ? null : holder);
    const previous = doc?.issuedInvoice?.number;
    if (previous && previous !== number) {
      const oldKey = firestore.collection(INVOICE_NUMBERS).doc(previous);
      if ((await tx.get(oldKey)).get('orderId') === orderId) tx.delete(oldKey);
    }
    if (!holder) tx.create(keyRef, { orderId, at: issuedInvoice.at });
    tx.update(ref, { issuedInvoice });
    return { ...doc!, issuedInvoice };
  });
}

/** Sets or replaces the 作廢 or 折讓 record of one order, in a transaction on the order as stored (`decide` answers it or throws). */
export async function setInvoiceCorrection(orderId: string, decide: (doc: OrderDoc | null) => NonNullable<OrderFields['invoiceCorrection']>): Promise<OrderDoc> {
  const firestore = await db();
  const ref = firestore.collection(ORDERS).doc(orderId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const invoiceCorrection = decide(snap.exists ? (snap.data() as OrderDoc) : null);
    tx.update(ref, { invoiceCorrection });
    return { ...(snap.data() as OrderDoc), invoiceCorrection };
  });
}
