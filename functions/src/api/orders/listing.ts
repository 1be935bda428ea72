import { adminOrderCursorSchema, type AdminOrderCursor, type AdminOrderPage, type AdminOrdersQuery, type PaymentToCheck } from '../../contracts/admin';
import { orderNoSchema, type Order, type OrderFields } from '../../contracts/orders';
import { findOrderByNo, getOrderDoc, getOrders, listAwaitingPayment, listOrdersByEmail, listOrdersPage, scanOrderSearchFields, type OrderFilter } from '../../data/orders';
import { invalid, notFound } from '../../lib/failure';
import { publicOrder } from '../../domain/order';

// The owner's reads of the orders: the console's list and search, one order, the payments to check.

/** A free-text search looks through at most this many of the newest orders matching the other filters. */
export const SEARCH_SCAN_LIMIT = 1000;
const PAYMENTS_LIMIT = 200;

type Cursor = AdminOrderCursor;

const encodeCursor = (o: Pick<OrderFields, 'createdAt' | 'orderId'>) => Buffer.from(JSON.stringify({ c: o.createdAt, id: o.orderId })).toString('base64url');

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
const newestFirst = (a: Pick<OrderFields, 'createdAt' | 'orderId'>, b: Pick<OrderFields, 'createdAt' | 'orderId'>) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0;

const afterCursor = (o: Pick<OrderFields, 'createdAt' | 'orderId'>, c: Cursor | null) => !c || newestFirst({ createdAt: c.c, orderId: c.id }, o) < 0;

function matchesFilters(o: OrderFields, q: AdminOrdersQuery): boolean {
  if (q.status && o.status !== q.status) return false;
  if (q.planId === 'shop' && o.planId !== null) return false;
  if (q.planId && q.planId !== 'shop' && o.planId !== q.planId) return false;
  if (q.from && o.createdAt < dayStart(q.from)) return false;
  if (q.to && o.createdAt >= dayStart(q.to, 1)) return false;
  return true;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

function matchesText(o: Pick<OrderFields, 'orderNo' | 'buyer' | 'email' | 'phone' | 'receiver'>, text: string): boolean {
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
    const orders = page.slice(0, q.limit).map(publicOrder);
    const more = page.length > q.limit;
    return { orders, nextCursor: more ? encodeCursor(orders[orders.length - 1]!) : null, searchTruncated: false };
  }

  const found = new Map<string, Pick<OrderFields, 'orderId' | 'createdAt'>>();
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
    orders: orders.map(publicOrder),
    nextCursor: hits.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
    searchTruncated: scan.length >= SEARCH_SCAN_LIMIT,
  };
}

export async function getAdminOrder(orderId: string): Promise<Order> {
  const order = await getOrderDoc(orderId);
  if (!order) throw notFound(`No order ${orderId}`);
  return publicOrder(order);
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
      overdue: o.paymentDueAt !== null && o.paymentDueAt < nowIso,
    };
  });
}
