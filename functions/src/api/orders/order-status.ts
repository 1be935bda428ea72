import type { DeliveryCorrection, OrderStatusChange } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import type { Order, OrderStatus } from '../../contracts/orders';
import type { ReturnOp } from '../../domain/allocation-plan';
import {
  applyChange,
  correctDelivery as correctedDelivery,
  mailIdOf,
  mailOfChange,
  ownerChange,
  publicOrder,
  refusalOf,
  returnsStock,
  STATUS,
  setBankDigits as withBankDigits,
  type KeepOutReason,
  type OrderDoc,
  type OrderMail,
  type OrderRole,
  type Refusal,
} from '../../domain/order';
import { allocateAll } from '../../allocator/stock-allocator';
import { changeOrder, getOrderDoc, listOverdueUnpaidOrderIds } from '../../data/orders';
import { shopSettings } from '../../data/settings';
import { conflict, invalid, notFound, unavailable, type Failure } from '../../lib/failure';
import type { Identity } from '../../lib/id-token';
import { renderOrderMail } from '../../mail/order-mails';

// Every change of an existing order: the status moves (the owner's, the sweep's, the server's own),
// the owner's delivery correction and the buyer's bank digits. What each change does to the order, who
// may make it and which mail it sends is the order's domain's call (functions/src/domain/order.ts);
// this service reads the order, asks the domain and writes the answer where it must be written.

/** What the domain decided for the order as read: the order after it, its mail, and kept-out copies. */
type Decision = { refusal: Refusal } | { next: OrderDoc; mail: OrderMail | null; keepOut?: KeepOutReason };
type Decide = (doc: OrderDoc, at: string) => Decision;

function failureOf(r: Refusal): Failure {
  switch (r.kind) {
    case 'invalidTransition':
      return conflict(ERROR_KEYS.invalidTransition, `An order in ${r.from} cannot become ${r.to}`);
    case 'notShipped':
      return conflict(ERROR_KEYS.invalidTransition, `Only a shipped order has tracking details to correct (this one is ${r.status})`);
    case 'notDue':
      return conflict(ERROR_KEYS.invalidTransition, `The order is due only at ${r.paymentDueAt}`);
    case 'paid':
      return conflict(ERROR_KEYS.invalidTransition, 'The bank digits can change only until the order is paid', [{ path: 'bankAccountNo', message: '訂單已付款或已取消，不能再修改匯款帳號末 5 碼' }]);
    case 'invalid':
      return invalid(r.message, r.details);
  }
}

function decided(doc: OrderDoc | null, orderId: string, decide: Decide, at: string) {
  if (!doc) throw notFound(`No order ${orderId}`);
  const d = decide(doc, at);
  if ('refusal' in d) throw failureOf(d.refusal);
  return d;
}

/**
 * Applies a change decided on the order as read where it is applied. A move to cancelledUnpaid or
 * refunded returns the order's stock, so it goes through the stock allocator (once: those statuses are
 * terminal; the allocator applies it only while the order is still in the status decided on); any other
 * change touches only the order, in a transaction of its own with the customer's mail.
 */
async function applyDecision(orderId: string, to: OrderStatus, role: OrderRole, decide: Decide): Promise<{ order: Order; stockReturned: boolean }> {
  if (returnsStock(to)) {
    for (let round = 0; round < 5; round++) {
      const doc = await getOrderDoc(orderId);
      const { next, mail, keepOut } = decided(doc, orderId, decide, new Date().toISOString());
      const note = next.statusHistory[next.statusHistory.length - 1]!.note;
      const op: ReturnOp = { kind: 'return', orderId, from: doc!.status, to, role, by: next.statusHistory.at(-1)!.by, note, cancellation: next.cancellation, mail, ...(keepOut ? { keepOut } : {}) };
      const [r] = await submitReturns([op]);
      if (r!.kind === 'returned') return { order: r!.order, stockReturned: true };
      if (r!.kind === 'skipped' && r!.reason === 'notFound') throw notFound(`No order ${orderId}`);
      if (r!.kind === 'skipped' && r!.reason === 'invalidTransition') throw failureOf({ kind: 'invalidTransition', from: r!.status!, to });
      // 'stale' (the order moved since it was read) or 'retry': read it again and decide again.
    }
    throw unavailable('The order kept changing; please try again.');
  }
  const settings = await shopSettings();
  const next = await changeOrder(orderId, (stored) => {
    const { next: after, mail } = decided(stored, orderId, decide, new Date().toISOString());
    return { next: after, mail: mail ? { id: mailIdOf(after, mail), doc: renderOrderMail(mail, publicOrder(after), settings) } : null };
  });
  return { order: publicOrder(next), stockReturned: false };
}

export interface ChangeOrderStatusParams {
  orderId: string;
  to: OrderStatus;
  /** Recorded in statusHistory, e.g. `owner:<uid>` or `system:sweep`. */
  by: string;
  /** Whose moves apply (functions/src/domain/order.ts MOVES); the server's full table by default. */
  role?: OrderRole;
  note?: string;
  delivery?: Order['delivery'];
}

/** Moves an order as trusted server code asks (the owner's console goes through changeStatus). */
export function changeOrderStatus(p: ChangeOrderStatusParams): Promise<{ order: Order; stockReturned: boolean }> {
  const role = p.role ?? 'system';
  return applyDecision(p.orderId, p.to, role, (doc, at) => {
    const refusal = refusalOf(doc, { to: p.to, role, at });
    if (refusal) return { refusal };
    const next = applyChange(doc, { to: p.to, role, by: p.by, at, ...(p.note ? { note: p.note } : {}), ...(p.delivery ? { delivery: p.delivery } : {}) });
    return { next, mail: mailOfChange(doc, p.to, role) };
  });
}

/** Who did it, as statusHistory records it: the owner's email (or uid when the token has none). */
export const ownerActor = (user: Identity) => `owner:${user.email ?? user.uid}`;

/**
 * POST /api/admin/orders/{orderId}/status: the owner's move, decided on the order as it is applied
 * (functions/src/domain/order.ts ownerChange: the owner's moves, a payment that matches, kept-out copies
 * only of a shipped order). The customer's mail is written with the change.
 */
export async function changeStatus(orderId: string, change: OrderStatusChange, user: Identity): Promise<Order> {
  const by = ownerActor(user);
  return (await applyDecision(orderId, change.status, 'owner', (doc, at) => ownerChange(doc, change, by, at))).order;
}

/**
 * PUT /api/admin/orders/{orderId}/delivery: corrects a shipped order's tracking details (a typo in
 * the tracking number, another carrier). The status stays, the history gets a note, and the customer
 * gets a correction mail (what was wrong, the new details), all in one transaction.
 */
export async function correctDelivery(orderId: string, input: DeliveryCorrection, user: Identity): Promise<Order> {
  const by = ownerActor(user);
  return (await applyDecision(orderId, STATUS.shipped, 'owner', (doc, at) => correctedDelivery(doc, input, by, at))).order;
}

/**
 * The buyer gives or corrects the bank digits until the order is paid; the owner's matching
 * (functions/src/api/bank/service.ts) reads them from the order.
 */
export async function setBankDigits(orderId: string, bankAccountNo: string, by: string): Promise<Order> {
  return (await applyDecision(orderId, STATUS.awaitingPayment, 'system', (doc, at) => ({ mail: null, ...withBankDigits(doc, bankAccountNo, by, at) }))).order;
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
 * paid meanwhile is left alone (the allocator decides again, on the order as it is, when it applies the op).
 */
export async function sweepUnpaidOrders(now: Date = new Date()): Promise<{ cancelled: string[] }> {
  const nowIso = now.toISOString();
  const cancelled: string[] = [];
  for (let page = 0; page < 20; page++) {
    const ids = await listOverdueUnpaidOrderIds(nowIso);
    const docs = (await Promise.all(ids.map((id) => getOrderDoc(id)))).filter((d): d is OrderDoc => d !== null && !refusalOf(d, { to: STATUS.cancelledUnpaid, role: 'sweep', at: nowIso }));
    const ops: ReturnOp[] = docs.map((doc) => ({
      kind: 'return',
      orderId: doc.orderId,
      from: STATUS.awaitingPayment,
      to: STATUS.cancelledUnpaid,
      role: 'sweep',
      by: 'system:sweep',
      mail: mailOfChange(doc, STATUS.cancelledUnpaid, 'sweep'),
    }));
    const results = ops.length ? await submitReturns(ops) : [];
    const done = results.flatMap((r, i) => (r.kind === 'returned' ? [ops[i]!.orderId] : []));
    cancelled.push(...done);
    if (done.length === 0 || ids.length < 300) break;
  }
  return { cancelled };
}
