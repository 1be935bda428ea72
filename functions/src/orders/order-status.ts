import { ERROR_KEYS } from '../contracts/errors';
import { canTransition, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '../contracts/orders';
import { getOrderDoc, listOverdueUnpaidOrderIds, MAIL, ORDERS, toOrder, type OrderDoc } from '../data/orders';
import { shopSettings } from '../data/settings';
import { conflict, notFound, unavailable } from '../http/errors';
import { db } from '../lib/firebase';
import { type MailDoc, type ReturnOp } from './allocation-plan';
import { orderCancelledMail } from './order-mail';
import { submitOps } from './stock-allocator';

export interface ChangeOrderStatusParams {
  orderId: string;
  to: OrderStatus;
  /** Recorded in statusHistory, e.g. `owner:<uid>` or `system:sweep`. */
  by: string;
  note?: string;
  delivery?: Order['delivery'];
  mail?: (order: Order) => MailDoc | null;
}

const invalid = (from: OrderStatus, to: OrderStatus) => conflict(ERROR_KEYS.invalidTransition, `An order in ${from} cannot become ${to}`);

/** The order as it will be after the change: what the customer's mail describes. */
function afterChange(doc: OrderDoc, p: ChangeOrderStatusParams, at: string): OrderDoc {
  return {
    ...doc,
    ...(p.delivery !== undefined ? { delivery: p.delivery } : {}),
    status: p.to,
    statusHistory: [...doc.statusHistory, { status: p.to, at, by: p.by, ...(p.note ? { note: p.note } : {}) }],
    updatedAt: at,
  };
}

/**
 * Moves an order along ORDER_TRANSITIONS. cancelledUnpaid and refunded return the order's stock, so
 * they go through the stock allocator (once: those statuses are terminal); the others touch only the
 * order, in a transaction of its own with the customer's mail. 404 when there is no such order,
 * 409 INVALID_TRANSITION when the move is not allowed.
 */
export async function changeOrderStatus(p: ChangeOrderStatusParams): Promise<{ order: Order; stockReturned: boolean }> {
  if (STOCK_RETURNING_STATUSES.includes(p.to)) {
    for (let round = 0; round < 5; round++) {
      const doc = await getOrderDoc(p.orderId);
      if (!doc) throw notFound(`No order ${p.orderId}`);
      if (!canTransition(doc.status, p.to)) throw invalid(doc.status, p.to);
      const op: ReturnOp = { kind: 'return', orderId: p.orderId, from: doc.status, to: p.to, by: p.by, note: p.note, mail: p.mail?.(toOrder(afterChange(doc, p, new Date().toISOString()))) ?? null };
      const [r] = await submitReturns([op]);
      if (r!.kind === 'returned') return { order: r!.order, stockReturned: true };
      if (r!.kind === 'skipped' && r!.reason === 'notFound') throw notFound(`No order ${p.orderId}`);
      if (r!.kind === 'skipped' && r!.reason === 'invalidTransition') throw invalid(r!.status!, p.to);
      // 'stale' (the order moved since it was read) or 'retry': read it again.
    }
    throw unavailable('The order kept changing; please try again.');
  }

  const firestore = await db();
  const ref = firestore.collection(ORDERS).doc(p.orderId);
  const order = await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(`No order ${p.orderId}`);
    const doc = snap.data() as OrderDoc;
    if (!canTransition(doc.status, p.to)) throw invalid(doc.status, p.to);
    const now = new Date().toISOString();
    const next = afterChange(doc, p, now);
    tx.set(ref, next);
    const mail = p.mail?.(toOrder(next));
    if (mail?.to) tx.set(firestore.collection(MAIL).doc(`${p.orderId}-${p.to}`), { ...mail, createdAt: now });
    return toOrder(next);
  });
  return { order, stockReturned: false };
}

async function submitReturns(ops: ReturnOp[]) {
  const results = await submitOps(ops);
  // The sweep runs again; an owner's change is answered 503 and may be tried again.
  if (ops.length === 1 && results[0]!.kind === 'withdrawn') throw unavailable('The stock allocator did not answer in time; nothing was changed.');
  return results;
}

/**
 * Cancels every awaitingPayment order whose paymentDueAt is before `now` (cancelledUnpaid), returns
 * its stock and writes a cancellation mail. Idempotent: a second run finds nothing to do, and an order
 * paid meanwhile is left alone (the allocator checks status and deadline again when it applies the op).
 */
export async function sweepUnpaidOrders(now: Date = new Date()): Promise<{ cancelled: string[] }> {
  const nowIso = now.toISOString();
  const settings = await shopSettings();
  const cancelled: string[] = [];
  for (let page = 0; page < 20; page++) {
    const ids = await listOverdueUnpaidOrderIds(nowIso);
    const docs = (await Promise.all(ids.map((id) => getOrderDoc(id)))).filter((d): d is OrderDoc => d !== null && d.status === 'awaitingPayment');
    const note = '逾期未匯款，系統自動取消';
    const ops: ReturnOp[] = docs.map((doc) => ({
      kind: 'return',
      orderId: doc.orderId,
      from: 'awaitingPayment',
      to: 'cancelledUnpaid',
      by: 'system:sweep',
      note,
      dueBefore: nowIso,
      mail: orderCancelledMail(toOrder(afterChange(doc, { orderId: doc.orderId, to: 'cancelledUnpaid', by: 'system:sweep', note }, nowIso)), settings),
    }));
    const results = ops.length ? await submitReturns(ops) : [];
    const done = results.flatMap((r, i) => (r.kind === 'returned' ? [ops[i]!.orderId] : []));
    cancelled.push(...done);
    if (done.length === 0 || ids.length < 300) break;
  }
  return { cancelled };
}
