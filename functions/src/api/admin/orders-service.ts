import { adminOrderCursorSchema, type AdminOrderCursor, type AdminOrderPage, type AdminOrdersQuery, type OrderStatusChange, type PaymentToCheck } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import { canTransition, orderNoSchema, type Order } from '../../contracts/orders';
import { findOrderByNo, getOrder, ORDERS, toOrder } from '../../data/orders';
import { shopSettings } from '../../data/settings';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/middleware/auth';
import { db, firestoreNs } from '../../lib/firebase';
import { changeOrderStatus } from '../../orders/order-status';
import type { MailDoc } from '../../orders/stock-allocator';
import { cancelledByShopMail, paymentConfirmedMail, refundedMail, shippedMail } from './order-mails';

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
  throw badRequest('Invalid cursor', [{ path: 'query.cursor', message: '分頁資訊無效，請重新查詢' }]);
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

async function filteredQuery(q: AdminOrdersQuery) {
  const firestore = await db();
  const { FieldPath } = await firestoreNs();
  let query: FirebaseFirestore.Query = firestore.collection(ORDERS);
  if (q.status) query = query.where('status', '==', q.status);
  if (q.planId) query = query.where('planId', '==', q.planId === 'shop' ? null : q.planId);
  if (q.from) query = query.where('createdAt', '>=', dayStart(q.from));
  if (q.to) query = query.where('createdAt', '<', dayStart(q.to, 1));
  return query.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
}

/**
 * GET /api/admin/orders. Without a search: one bounded Firestore query per page (equality filters,
 * the date range on createdAt, cursor on createdAt + id). With a search: an order number is looked
 * up directly, an email exactly, and otherwise the newest SEARCH_SCAN_LIMIT matching orders are
 * scanned (select of the searched fields only); the page's full orders are then read by id.
 */
export async function listOrders(q: AdminOrdersQuery): Promise<AdminOrderPage> {
  const cursor = decodeCursor(q.cursor);
  const base = await filteredQuery(q);
  const text = q.q?.trim();

  if (!text) {
    let query = base;
    if (cursor) query = query.startAfter(cursor.c, cursor.id);
    const snap = await query.limit(q.limit + 1).get();
    const orders = snap.docs.slice(0, q.limit).map((d) => toOrder(d.data()));
    const more = snap.docs.length > q.limit;
    return { orders, nextCursor: more ? encodeCursor(orders[orders.length - 1]!) : null, searchTruncated: false };
  }

  const found = new Map<string, Pick<Order, 'orderId' | 'createdAt'>>();
  const upper = text.toUpperCase();
  if (orderNoSchema.safeParse(upper).success) {
    const o = await findOrderByNo(upper);
    if (o && matchesFilters(o, q)) found.set(o.orderId, o);
  }
  const firestore = await db();
  if (text.includes('@')) {
    const variants = [...new Set([text, text.toLowerCase()])];
    const snaps = await Promise.all(variants.map((v) => firestore.collection(ORDERS).where('email', '==', v).limit(500).get()));
    for (const s of snaps) for (const d of s.docs) {
      const o = toOrder(d.data());
      if (matchesFilters(o, q)) found.set(o.orderId, o);
    }
  }
  const scan = await base.select('orderNo', 'buyer', 'email', 'phone', 'receiver', 'createdAt').limit(SEARCH_SCAN_LIMIT).get();
  for (const d of scan.docs) {
    const o = d.data() as Pick<Order, 'orderNo' | 'buyer' | 'email' | 'phone' | 'receiver' | 'createdAt'>;
    if (matchesText(o, text)) found.set(d.id, { orderId: d.id, createdAt: o.createdAt });
  }
  const hits = [...found.values()].filter((o) => afterCursor(o, cursor)).sort(newestFirst);
  const page = hits.slice(0, q.limit);
  const docs = page.length ? await firestore.getAll(...page.map((o) => firestore.collection(ORDERS).doc(o.orderId))) : [];
  const orders = docs.filter((d) => d.exists).map((d) => toOrder(d.data()!));
  return {
    orders,
    nextCursor: hits.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
    searchTruncated: scan.docs.length >= SEARCH_SCAN_LIMIT,
  };
}

export async function getAdminOrder(orderId: string): Promise<Order> {
  const order = await getOrder(orderId);
  if (!order) throw notFound(`No order ${orderId}`);
  return order;
}

/** GET /api/admin/payments: orders awaiting payment, oldest first (index status + paymentDueAt). */
export async function paymentsToCheck(now = new Date()): Promise<PaymentToCheck[]> {
  const snap = await (await db()).collection(ORDERS).where('status', '==', 'awaitingPayment').orderBy('paymentDueAt').limit(PAYMENTS_LIMIT).get();
  const nowIso = now.toISOString();
  return snap.docs.map((d) => {
    const o = toOrder(d.data());
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

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

/** Who did it, as statusHistory records it: the owner's email (or uid when the token has none). */
export const ownerActor = (user: AuthUser) => `owner:${user.email ?? user.uid}`;

/**
 * POST /api/admin/orders/{orderId}/status. Checks what the owner typed against the order, then moves
 * it through the orders' own changeOrderStatus (the stock allocator's transaction, where the status
 * guard makes a stock return happen once), with the customer's mail written in that transaction.
 */
export async function changeStatus(orderId: string, change: OrderStatusChange, user: AuthUser): Promise<Order> {
  const order = await getAdminOrder(orderId);
  if (!canTransition(order.status, change.status)) {
    throw conflict(ERROR_KEYS.invalidTransition, `An order in ${order.status} cannot become ${change.status}`);
  }
  const settings = await shopSettings();
  const notes: string[] = [];
  let mail: (o: Order) => MailDoc | null;
  let delivery: Order['delivery'] | undefined;

  switch (change.status) {
    case 'preparing': {
      const details: { path: string; message: string }[] = [];
      const unknownDigits = order.bankAccountNo === '00000';
      if (!unknownDigits && change.bankAccountNo !== order.bankAccountNo) {
        details.push({ path: 'bankAccountNo', message: `帳號末五碼不符：訂單填寫的是 ${order.bankAccountNo}` });
      }
      if (change.amount !== order.totalPrice) details.push({ path: 'amount', message: `金額不符：訂單應付 ${money(order.totalPrice)}` });
      if (details.length) throw badRequest('The payment does not match the order', details);
      notes.push(`匯款已核對：帳號末五碼 ${change.bankAccountNo}${unknownDigits ? '（訂購時未填）' : ''}，金額 ${money(change.amount)}`);
      mail = (o) => paymentConfirmedMail(o, settings);
      break;
    }
    case 'shipped':
      delivery = change.delivery;
      notes.push(`${change.delivery.company} ${change.delivery.trackingNo}`);
      mail = (o) => shippedMail(o, settings);
      break;
    case 'cancelledUnpaid':
      mail = (o) => cancelledByShopMail(o, settings, change.note);
      break;
    case 'refunded':
      mail = (o) => refundedMail(o, settings, change.note);
      break;
    default:
      // awaitingPayment: no transition leads back to it (canTransition refused it above).
      throw conflict(ERROR_KEYS.invalidTransition, `An order cannot become ${change.status}`);
  }
  if (change.note) notes.push(change.note);

  const { order: next } = await changeOrderStatus({
    orderId,
    to: change.status,
    by: ownerActor(user),
    note: notes.join('；') || undefined,
    delivery,
    mail,
  });
  return next;
}
