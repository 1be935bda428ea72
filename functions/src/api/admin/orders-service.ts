import { adminOrderCursorSchema, ownerCanTransition, type AdminOrderCursor, type AdminOrderPage, type AdminOrdersQuery, type DeliveryCorrection, type OrderStatusChange, type PaymentToCheck } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import { orderNoSchema, type Order } from '../../contracts/orders';
import { formatMoney } from '../../contracts/format';
import type { KeepOutReason, MailDoc } from '../../data/allocation-plan';
import { changeOrder, findOrderByNo, toOrder, getOrder, getOrders, listAwaitingPayment, listOrdersByEmail, listOrdersPage, scanOrderSearchFields, type OrderFilter } from '../../data/orders';
import { shopSettings } from '../../data/settings';
import { conflict, invalid, notFound, type Failure } from '../../lib/failure';
import type { Identity } from '../../lib/id-token';
import { changeOrderStatus } from '../orders/order-status';
import { cancelledByShopMail, deliveryCorrectedMail, paymentConfirmedMail, refundedMail, shippedMail } from './order-mails';

/** A free-text search looks through at most this many of the newest orders matching the other filters. */
export const SEARCH_SCAN_LIMIT = 1000;
const PAYMENTS_LIMIT = 200;

type Cursor = AdminOrderCursor;

const encodeCursor = (o: Pick<Order, 'createdAt' | 'orderId'>) => Buffer.from(JSON.stringify({ c: o.createdAt, id: o.orderId })).toString('base64url');

function decodeCursor(s: string | undefined): Cursor | null {
  if (!s) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  // The id goes into a Firestore query (startAfter): a tampered one must be a 400, never reach it.
  const r = adminOrderCursorSchema.safeParse(decoded);
  if (r.success) return r.data;
  throw invalid('Invalid cursor', [{ path: 'query.cursor', message: '分頁資訊無效，請重新查詢' }]);
}

/** A Taiwan calendar day as the UTC instant it starts at. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

/** Newest first; ties broken by id so that the cursor is exact. */
const newestFirst = (a: Pick<Order, 'createdAt' | 'orderId'>, b: Pick<Order, 'createdAt' | 'orderId'>) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0;

const afterCursor = (o: Pick<Order, 'createdAt' | 'orderId'>, c: Cursor | null) => !c || newestFirst({ createdAt: c.c, orderId: c.id }, o) < 0;

function matchesFilters(o: Order, q: AdminOrdersQuery): boolean {
  if (q.status && o.status !== q.status) return false;
  if (q.planId === 'shop' && o.planId !== null) return false;
  if (q.planId && q.planId !== 'shop' && o.planId !== q.planId) return false;
  if (q.from && o.createdAt < dayStart(q.from)) return false;
  if (q.to && o.createdAt >= dayStart(q.to, 1)) return false;
  return true;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

function matchesText(o: Pick<Order, 'orderNo' | 'buyer' | 'email' | 'phone' | 'receiver'>, text: string): boolean {
  const t = text.toLowerCase();
  const d = digitsOf(text);
  return (
    o.orderNo.toLowerCase().includes(t) ||
    (o.buyer ?? '').toLowerCase().includes(t) ||
    (o.receiver?.name ?? '').toLowerCase().includes(t) ||
    (o.email ?? '').toLowerCase().includes(t) ||
    (d.length >= 3 && d.length === text.replace(/[\s()+#-]/g, '').length && digitsOf(o.phone ?? '').includes(d))
  );
}

const filterOf = (q: AdminOrdersQuery): OrderFilter => ({
  status: q.status,
  planId: q.planId,
  ...(q.from ? { fromIso: dayStart(q.from) } : {}),
  ...(q.to ? { toIso: dayStart(q.to, 1) } : {}),
});

/**
 * GET /api/admin/orders. Without a search: one bounded Firestore query per page (equality filters,
 * the date range on createdAt, cursor on createdAt + id). With a search: an order number is looked
 * up directly, an email exactly, and otherwise the newest SEARCH_SCAN_LIMIT matching orders are
 * scanned (select of the searched fields only); the page's full orders are then read by id.
 */
export async function listOrders(q: AdminOrdersQuery): Promise<AdminOrderPage> {
  const cursor = decodeCursor(q.cursor);
  const filter = filterOf(q);
  const text = q.q?.trim();

  if (!text) {
    const page = await listOrdersPage(filter, cursor ? { createdAt: cursor.c, orderId: cursor.id } : null, q.limit + 1);
    const orders = page.slice(0, q.limit);
    const more = page.length > q.limit;
    return { orders, nextCursor: more ? encodeCursor(orders[orders.length - 1]!) : null, searchTruncated: false };
  }

  const found = new Map<string, Pick<Order, 'orderId' | 'createdAt'>>();
  const upper = text.toUpperCase();
  if (orderNoSchema.safeParse(upper).success) {
    const o = await findOrderByNo(upper);
    if (o && matchesFilters(o, q)) found.set(o.orderId, o);
  }
  if (text.includes('@')) {
    const variants = [...new Set([text, text.toLowerCase()])];
    const lists = await Promise.all(variants.map((v) => listOrdersByEmail(v)));
    for (const list of lists) for (const o of list) if (matchesFilters(o, q)) found.set(o.orderId, o);
  }
  const scan = await scanOrderSearchFields(filter, SEARCH_SCAN_LIMIT);
  for (const o of scan) if (matchesText(o, text)) found.set(o.orderId, { orderId: o.orderId, createdAt: o.createdAt });
  const hits = [...found.values()].filter((o) => afterCursor(o, cursor)).sort(newestFirst);
  const page = hits.slice(0, q.limit);
  const orders = await getOrders(page.map((o) => o.orderId));
  return {
    orders,
    nextCursor: hits.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
    searchTruncated: scan.length >= SEARCH_SCAN_LIMIT,
  };
}

export async function getAdminOrder(orderId: string): Promise<Order> {
  const order = await getOrder(orderId);
  if (!order) throw notFound(`No order ${orderId}`);
  return order;
}

/** GET /api/admin/payments: orders awaiting payment, oldest first (index status + paymentDueAt). */
export async function paymentsToCheck(now = new Date()): Promise<PaymentToCheck[]> {
  const unpaid = await listAwaitingPayment(PAYMENTS_LIMIT);
  const nowIso = now.toISOString();
  return unpaid.map((o) => {
    return {
      orderId: o.orderId,
      orderNo: o.orderNo,
      planId: o.planId,
      buyer: o.buyer || o.receiver.name,
      email: o.email,
      phone: o.phone,
      bankAccountNo: o.bankAccountNo,
      totalPrice: o.totalPrice,
      createdAt: o.createdAt,
      paymentDueAt: o.paymentDueAt,
      overdue: o.paymentDueAt < nowIso,
    };
  });
}

/** Who did it, as statusHistory records it: the owner's email (or uid when the token has none). */
export const ownerActor = (user: Identity) => `owner:${user.email ?? user.uid}`;

/** The payment the owner typed against what the order asks: the guard of a move to preparing. */
function paymentGuard(change: Extract<OrderStatusChange, { status: 'preparing' }>) {
  return (order: Order) => {
    const details: { path: string; message: string }[] = [];
    // The message never names the order's digits: the check is worth something only if the owner
    // reads them off the statement, not off the error.
    if (!change.otherAccount && order.bankAccountNo !== '00000' && change.bankAccountNo !== order.bankAccountNo) {
      details.push({ path: 'bankAccountNo', message: '帳號末五碼與訂單填寫的不符；若買家由其他帳戶匯款，請勾選「由其他帳戶匯款」' });
    }
    if (change.amount !== order.totalPrice) details.push({ path: 'amount', message: `金額不符：訂單應付 ${formatMoney(order.totalPrice)}` });
    return details.length ? invalid('The payment does not match the order', details) : null;
  };
}

/**
 * POST /api/admin/orders/{orderId}/status. The order's own changeOrderStatus reads the order once and
 * checks there, against the order as it is applied: that the owner may make this move
 * (OWNER_TRANSITIONS: an unpaid order is cancelled, never "refunded") and, for a payment, that it
 * matches. The customer's mail is written with the change.
 */
export async function changeStatus(orderId: string, change: OrderStatusChange, user: Identity): Promise<Order> {
  const settings = await shopSettings();
  const notes: ((o: Order) => string)[] = [];
  let mail: (o: Order) => MailDoc | null;
  let delivery: Order['delivery'] | undefined;
  let guard: ((o: Order) => Failure | null) | undefined;
  let keepOut: KeepOutReason | undefined;

  switch (change.status) {
    case 'preparing':
      // The note names the digits the owner typed; the guard refuses the change when they do not match.
      guard = paymentGuard(change);
      notes.push((o) => {
        const other = change.otherAccount && o.bankAccountNo !== '00000' && o.bankAccountNo !== change.bankAccountNo;
        const tag = other ? '（由其他帳戶匯款，與訂單填寫的末五碼不同）' : o.bankAccountNo === '00000' ? '（訂購時未填）' : '';
        return `匯款已核對：帳號末五碼 ${change.bankAccountNo}${tag}，金額 ${formatMoney(change.amount)}`;
      });
      mail = (o) => paymentConfirmedMail(o, settings);
      break;
    case 'shipped':
      delivery = change.delivery;
      notes.push(() => `${change.delivery.company} ${change.delivery.trackingNo}`);
      mail = (o) => shippedMail(o, settings);
      break;
    case 'cancelledUnpaid':
      mail = (o) => cancelledByShopMail(o, settings, change.note);
      break;
    case 'refunded':
      mail = (o) => refundedMail(o, settings, change.note);
      if (change.restock && change.restock !== 'return') {
        keepOut = change.restock;
        // Only a shipped order's copies left the shop; any other refund puts them back.
        guard = (o) =>
          o.status === 'shipped' ? null : invalid('Only a shipped order can keep its copies out of stock', [{ path: 'restock', message: '只有已出貨的訂單可選擇不退回庫存' }]);
        notes.push(() => (keepOut === 'damaged' ? '書已損壞，不退回庫存' : '書未寄回，不退回庫存'));
      }
      break;
    default:
      // awaitingPayment: no transition leads back to it.
      throw conflict(ERROR_KEYS.invalidTransition, `An order cannot become ${change.status}`);
  }
  const typed = change.note;
  if (typed) notes.push(() => typed);

  const { order: next } = await changeOrderStatus({
    orderId,
    to: change.status,
    by: ownerActor(user),
    note: (o) => notes.map((n) => n(o)).join('；') || undefined,
    delivery,
    mail,
    allowed: ownerCanTransition,
    guard,
    keepOut,
  });
  return next;
}

/**
 * PUT /api/admin/orders/{orderId}/delivery: corrects a shipped order's tracking details (a typo in
 * the tracking number, another carrier). Only a shipped order; the status stays, the history gets a
 * note, and the customer gets a correction mail (what was wrong, the new details), all in one
 * transaction. No stock is involved, so this does not go through the stock allocator.
 */
export async function correctDelivery(orderId: string, input: DeliveryCorrection, user: Identity): Promise<Order> {
  const settings = await shopSettings();
  const now = new Date().toISOString();
  const next = await changeOrder(orderId, (doc) => {
    if (!doc) throw notFound(`No order ${orderId}`);
    if (doc.status !== 'shipped') throw conflict(ERROR_KEYS.invalidTransition, `Only a shipped order has tracking details to correct (this one is ${doc.status})`);
    const d = input.delivery;
    const note = [`更正貨件資訊：${d.company} ${d.trackingNo}`, input.note].filter(Boolean).join('；');
    const after = { ...doc, delivery: d, statusHistory: [...doc.statusHistory, { status: doc.status, at: now, by: ownerActor(user), note }], updatedAt: now };
    const m = doc.email ? deliveryCorrectedMail(toOrder(after), settings, doc.delivery, input.note) : null;
    return { next: after, mail: m ? { id: `${orderId}-delivery-${after.statusHistory.length}`, doc: m } : null };
  });
  return toOrder(next);
}
