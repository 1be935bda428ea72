import { ERROR_KEYS } from '../contracts/errors';
import type { Order, OrderStatus } from '../contracts/orders';
import { listOverdueUnpaidOrderIds } from '../data/orders';
import { shopSettings } from '../data/settings';
import { conflict, notFound } from '../http/errors';
import { orderCancelledMail } from './order-mail';
import { stockAllocator, type MailDoc } from './stock-allocator';

export interface ChangeOrderStatusParams {
  orderId: string;
  to: OrderStatus;
  /** Recorded in statusHistory, e.g. `owner:<uid>` or `system:sweep`. */
  by: string;
  note?: string;
  delivery?: Order['delivery'];
  mail?: (order: Order) => MailDoc | null;
}

/**
 * Moves an order along ORDER_TRANSITIONS inside the stock allocator's transaction: cancelledUnpaid and
 * refunded return the order's stock, exactly once (those statuses are terminal).
 * 404 when there is no such order, 409 INVALID_TRANSITION when the move is not allowed.
 */
export async function changeOrderStatus(p: ChangeOrderStatusParams): Promise<{ order: Order; stockReturned: boolean }> {
  const r = await stockAllocator().submit({
    kind: 'transition',
    orderId: p.orderId,
    to: p.to,
    by: p.by,
    note: p.note,
    patch: p.delivery !== undefined ? { delivery: p.delivery } : undefined,
    mail: p.mail,
  });
  if (r.kind === 'transitioned') return { order: r.order, stockReturned: r.stockReturned };
  if (r.kind === 'skipped' && r.order) throw conflict(ERROR_KEYS.invalidTransition, `An order in ${r.order.status} cannot become ${p.to}`);
  throw notFound(`No order ${p.orderId}`);
}

/**
 * Cancels every awaitingPayment order whose paymentDueAt is before `now` (cancelledUnpaid), returns
 * its stock and writes a cancellation mail. Idempotent: a second run finds nothing to do, and an order
 * paid meanwhile is left alone (the guard runs inside the transaction).
 */
export async function sweepUnpaidOrders(now: Date = new Date()): Promise<{ cancelled: string[] }> {
  const nowIso = now.toISOString();
  const settings = await shopSettings();
  const cancelled: string[] = [];
  for (let page = 0; page < 20; page++) {
    const ids = await listOverdueUnpaidOrderIds(nowIso);
    const results = await Promise.all(
      ids.map((orderId) =>
        stockAllocator().submit({
          kind: 'transition',
          orderId,
          to: 'cancelledUnpaid',
          by: 'system:sweep',
          note: '逾期未匯款，系統自動取消',
          guard: (o) => o.status === 'awaitingPayment' && o.paymentDueAt < nowIso,
          mail: (o) => orderCancelledMail(o, settings),
        }),
      ),
    );
    const done = results.flatMap((r, i) => (r.kind === 'transitioned' ? [ids[i]!] : []));
    cancelled.push(...done);
    if (done.length === 0 || ids.length < 300) break;
  }
  return { cancelled };
}
