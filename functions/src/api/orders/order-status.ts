import { ERROR_KEYS } from '../../contracts/errors';
import { canTransition, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '../../contracts/orders';
import type { KeepOutReason, MailDoc, ReturnOp } from '../../data/allocation-plan';
import { changeOrder, getOrderDoc, listOverdueUnpaidOrderIds, toOrder, type OrderDoc } from '../../data/orders';
import { shopSettings } from '../../data/settings';
import { conflict, notFound, unavailable, type Failure } from '../../lib/failure';
import { allocateAll } from './allocator';
import { orderCancelledMail } from './order-mails';

export interface ChangeOrderStatusParams {
  orderId: string;
  to: OrderStatus;
  /** Recorded in statusHistory, e.g. `owner:<uid>` or `system:sweep`. */
  by: string;
  /** The history's note; a function when it depends on the order as read (the owner's payment note). */
  note?: string | ((order: Order) => string | undefined);
  delivery?: Order['delivery'];
  mail?: (order: Order) => MailDoc | null;
  /** Which moves this actor may make (the owner's are narrower than ORDER_TRANSITIONS); canTransition by default. */
  allowed?: (from: OrderStatus, to: OrderStatus) => boolean;
  /**
   * A check of the order as read where the change is applied (e.g. the payment against what the order
   * asks): a Failure refuses the change and nothing is written.
   */
  guard?: (order: Order) => Failure | null;
  /** A refund of a shipped order whose copies stay out of stock (ReturnOp.keepOut). */
  keepOut?: KeepOutReason;
}

const invalid = (from: OrderStatus, to: OrderStatus) => conflict(ERROR_KEYS.invalidTransition, `An order in ${from} cannot become ${to}`);

/** The order as it will be after the change: what the customer's mail describes. */
function afterChange(doc: OrderDoc, p: ChangeOrderStatusParams, at: string): OrderDoc {
  const note = typeof p.note === 'function' ? p.note(toOrder(doc)) : p.note;
  return {
    ...doc,
    ...(p.delivery !== undefined ? { delivery: p.delivery } : {}),
    status: p.to,
    statusHistory: [...doc.statusHistory, { status: p.to, at, by: p.by, ...(note ? { note } : {}) }],
    updatedAt: at,
  };
}

/** The one check of a change against the order read: it exists, the move is allowed, the guard agrees. */
function check(doc: OrderDoc | null, p: ChangeOrderStatusParams): OrderDoc {
  if (!doc) throw notFound(`No order ${p.orderId}`);
  if (!(p.allowed ?? canTransition)(doc.status, p.to) || !canTransition(doc.status, p.to)) throw invalid(doc.status, p.to);
  const refused = p.guard?.(toOrder(doc));
  if (refused) throw refused;
  return doc;
}

/**
 * Moves an order along ORDER_TRANSITIONS, checked once against the order as read where it is applied.
 * cancelledUnpaid and refunded return the order's stock, so they go through the stock allocator (once:
 * those statuses are terminal; the allocator applies the op only while the order is still in the status
 * checked here); the others touch only the order, in a transaction of its own with the customer's mail.
 */
export async function changeOrderStatus(p: ChangeOrderStatusParams): Promise<{ order: Order; stockReturned: boolean }> {
  if (STOCK_RETURNING_STATUSES.includes(p.to)) {
    for (let round = 0; round < 5; round++) {
      const doc = check(await getOrderDoc(p.orderId), p);
      const after = afterChange(doc, p, new Date().toISOString());
      const note = after.statusHistory[after.statusHistory.length - 1]!.note;
      const op: ReturnOp = { kind: 'return', orderId: p.orderId, from: doc.status, to: p.to, by: p.by, note, mail: p.mail?.(toOrder(after)) ?? null, ...(p.keepOut ? { keepOut: p.keepOut } : {}) };
      const [r] = await submitReturns([op]);
      if (r!.kind === 'returned') return { order: r!.order, stockReturned: true };
      if (r!.kind === 'skipped' && r!.reason === 'notFound') throw notFound(`No order ${p.orderId}`);
      if (r!.kind === 'skipped' && r!.reason === 'invalidTransition') throw invalid(r!.status!, p.to);
      // 'stale' (the order moved since it was read) or 'retry': read it again and check it again.
    }
    throw unavailable('The order kept changing; please try again.');
  }

  const next = await changeOrder(p.orderId, (stored) => {
    const doc = check(stored, p);
    const after = afterChange(doc, p, new Date().toISOString());
    const mail = p.mail?.(toOrder(after));
    return { next: after, mail: mail ? { id: `${p.orderId}-${p.to}`, doc: mail } : null };
  });
  return { order: toOrder(next), stockReturned: false };
}

async function submitReturns(ops: ReturnOp[]) {
  const results = await allocateAll(ops);
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
      // An order imported from the old shop (docs/migration.md) is cancelled without a mail: its
      // buyer never dealt with this shop, and the import promises that it sends them nothing.
      mail: doc.legacy ? null : orderCancelledMail(toOrder(afterChange(doc, { orderId: doc.orderId, to: 'cancelledUnpaid', by: 'system:sweep', note }, nowIso)), settings),
    }));
    const results = ops.length ? await submitReturns(ops) : [];
    const done = results.flatMap((r, i) => (r.kind === 'returned' ? [ops[i]!.orderId] : []));
    cancelled.push(...done);
    if (done.length === 0 || ids.length < 300) break;
  }
  return { cancelled };
}
