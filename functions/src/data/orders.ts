import { ORDER_STATUS_LABELS, type Order, type OrderSummary } from '../contracts/orders';
import { db } from '../lib/firebase';

export const ORDERS = 'orders';
/** orderNumbers/{orderNo} -> {orderId}: keeps order numbers unique and finds an order by its number. */
export const ORDER_NUMBERS = 'orderNumbers';
export const MAIL = 'mail';

/** The stored order: the public Order plus what only the server needs. */
export interface OrderDoc extends Order {
  /** sha256 of the normalised placement request, for idempotent retries. */
  requestHash: string;
}

export function toOrder(data: FirebaseFirestore.DocumentData): Order {
  const { requestHash: _hash, ...order } = data as OrderDoc;
  return order;
}

export function toSummary(o: Order): OrderSummary {
  return {
    orderNo: o.orderNo,
    planId: o.planId,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    items: o.items,
    itemsTotal: o.itemsTotal,
    shippingFee: o.shippingFee,
    totalPrice: o.totalPrice,
    paymentDueAt: o.paymentDueAt,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    delivery: o.delivery,
  };
}

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

export async function getOrder(orderId: string): Promise<Order | null> {
  const d = await getOrderDoc(orderId);
  return d ? toOrder(d) : null;
}

/** A member's orders, newest first (index userId + createdAt desc). */
export async function listOrdersOfUser(userId: string, limit = 500): Promise<Order[]> {
  const snap = await (await db()).collection(ORDERS).where('userId', '==', userId).orderBy('createdAt', 'desc').limit(limit).get();
  return snap.docs.map((d) => toOrder(d.data()));
}

export async function findOrderByNo(orderNo: string): Promise<Order | null> {
  const firestore = await db();
  const ref = await firestore.collection(ORDER_NUMBERS).doc(orderNo).get();
  const orderId = ref.exists ? (ref.data() as { orderId?: string }).orderId : undefined;
  return orderId ? getOrder(orderId) : null;
}

/** Unpaid orders whose payment deadline is before `beforeIso` (index status + paymentDueAt). */
export async function listOverdueUnpaidOrderIds(beforeIso: string, limit = 300): Promise<string[]> {
  const snap = await (await db())
    .collection(ORDERS)
    .where('status', '==', 'awaitingPayment')
    .where('paymentDueAt', '<', beforeIso)
    .orderBy('paymentDueAt')
    .limit(limit)
    .select()
    .get();
  return snap.docs.map((d) => d.id);
}
