import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { canTransition, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '../contracts/orders';
import { MAIL, ORDER_NUMBERS, ORDERS, toOrder, type OrderDoc } from '../data/orders';
import { db, firestoreNs } from '../lib/firebase';
import { newOrderNo } from './order-number';

// Every change of stock/{productId}.qty goes through this queue. Concurrent Firestore transactions
// on one document fight each other (DESIGN.md section 3: 95 of 100 hit lock timeouts), so one
// instance never runs two allocation transactions at once: requests wait in a queue and are
// committed in batches (up to MAX_OPS per transaction), reading each stock document once. Each batch
// is still a real transaction, so several instances stay correct; they merely retry.

export interface MailDoc {
  to: string;
  message: { subject: string; text: string; html: string };
}

export interface StockLine {
  productId: string;
  qty: number;
}

export interface PlaceOp {
  kind: 'place';
  orderId: string;
  requestHash: string;
  lines: StockLine[];
  /** The stored order, built once the stock is taken (orderNo and the commit time are known then). */
  build: (ctx: { orderNo: string; now: Date }) => OrderDoc;
  mail?: (order: Order) => MailDoc | null;
}

export interface TransitionOp {
  kind: 'transition';
  orderId: string;
  to: OrderStatus;
  by: string;
  note?: string;
  /** Apply only if this still holds on the order read inside the transaction. */
  guard?: (order: Order) => boolean;
  patch?: Partial<Pick<Order, 'delivery'>>;
  mail?: (order: Order) => MailDoc | null;
}

export type AllocationOp = PlaceOp | TransitionOp;

export type AllocationResult =
  | { kind: 'created'; order: Order }
  | { kind: 'replayed'; order: Order }
  | { kind: 'conflict'; order: Order }
  | { kind: 'outOfStock'; productId: string; available: number; requested: number }
  | { kind: 'transitioned'; order: Order; stockReturned: boolean }
  | { kind: 'skipped'; order: Order | null; reason: 'notFound' | 'invalidTransition' | 'guard' };

interface Pending {
  op: AllocationOp;
  resolve: (r: AllocationResult) => void;
  reject: (e: unknown) => void;
}

export const MAX_OPS_PER_BATCH = 25;
/** Keeps a batch far below Firestore's 500 writes per transaction. */
export const MAX_PRODUCTS_PER_BATCH = 100;

const unique = <T>(xs: Iterable<T>) => [...new Set(xs)];

async function getAll(tx: Transaction, refs: DocumentReference[]) {
  return refs.length ? tx.getAll(...refs) : [];
}

/** Runs one batch in one transaction; returns a result per op, in order. Pure per attempt (retries re-run it). */
async function commitBatch(firestore: Firestore, ops: AllocationOp[]): Promise<AllocationResult[]> {
  const { FieldValue } = await firestoreNs();
  const orderRef = (id: string) => firestore.collection(ORDERS).doc(id);
  const stockRef = (id: string) => firestore.collection('stock').doc(id);

  return firestore.runTransaction(
    async (tx) => {
      const now = new Date();
      const nowIso = now.toISOString();

      const orderIds = unique(ops.map((o) => o.orderId));
      const orderSnaps = await getAll(tx, orderIds.map(orderRef));
      const orders = new Map<string, OrderDoc>();
      for (const s of orderSnaps) if (s.exists) orders.set(s.id, s.data() as OrderDoc);

      const productIds = unique(
        ops.flatMap((op) => (op.kind === 'place' ? op.lines.map((l) => l.productId) : (orders.get(op.orderId)?.items ?? []).map((i) => i.productId))),
      );
      const stockSnaps = await getAll(tx, productIds.map(stockRef));
      const qty = new Map<string, number>(productIds.map((id) => [id, 0]));
      for (const s of stockSnaps) {
        const q = (s.data() as { qty?: unknown } | undefined)?.qty;
        qty.set(s.id, typeof q === 'number' && Number.isFinite(q) ? Math.max(0, Math.floor(q)) : 0);
      }

      // Fresh order numbers for the orders this batch may create; collisions are re-drawn.
      const needed = ops.filter((op) => op.kind === 'place' && !orders.has(op.orderId)).length;
      const numbers: string[] = [];
      for (let round = 0; numbers.length < needed && round < 5; round++) {
        const candidates = unique(Array.from({ length: needed - numbers.length }, () => newOrderNo(now))).filter((n) => !numbers.includes(n));
        const snaps = await getAll(tx, candidates.map((n) => firestore.collection(ORDER_NUMBERS).doc(n)));
        for (const s of snaps) if (!s.exists) numbers.push(s.id);
      }

      const results: AllocationResult[] = [];
      const writes: ((t: Transaction) => void)[] = [];
      const dirtyStock = new Set<string>();
      const progress = new Map<string, { orders: number; copies: number }>();
      const bumpProgress = (planId: string | null, orders: number, copies: number) => {
        if (!planId) return;
        const p = progress.get(planId) ?? { orders: 0, copies: 0 };
        progress.set(planId, { orders: p.orders + orders, copies: p.copies + copies });
      };
      const queueMail = (id: string, mail: MailDoc | null | undefined) => {
        if (mail?.to) writes.push((t) => t.set(firestore.collection(MAIL).doc(id), { ...mail, createdAt: nowIso }));
      };

      for (const op of ops) {
        const existing = orders.get(op.orderId);
        if (op.kind === 'place') {
          if (existing) {
            results.push(existing.requestHash === op.requestHash ? { kind: 'replayed', order: toOrder(existing) } : { kind: 'conflict', order: toOrder(existing) });
            continue;
          }
          const short = op.lines.find((l) => (qty.get(l.productId) ?? 0) < l.qty);
          if (short) {
            results.push({ kind: 'outOfStock', productId: short.productId, available: qty.get(short.productId) ?? 0, requested: short.qty });
            continue;
          }
          const orderNo = numbers.shift();
          if (!orderNo) throw new Error('could not draw a unique order number');
          for (const l of op.lines) {
            qty.set(l.productId, qty.get(l.productId)! - l.qty);
            dirtyStock.add(l.productId);
          }
          const doc = op.build({ orderNo, now });
          orders.set(op.orderId, doc);
          const order = toOrder(doc);
          writes.push((t) => t.create(orderRef(op.orderId), doc));
          writes.push((t) => t.create(firestore.collection(ORDER_NUMBERS).doc(orderNo), { orderId: op.orderId, createdAt: nowIso }));
          queueMail(`${op.orderId}-placed`, op.mail?.(order));
          bumpProgress(doc.planId, 1, op.lines.reduce((n, l) => n + l.qty, 0));
          results.push({ kind: 'created', order });
        } else {
          if (!existing) {
            results.push({ kind: 'skipped', order: null, reason: 'notFound' });
            continue;
          }
          const current = toOrder(existing);
          if (!canTransition(current.status, op.to)) {
            results.push({ kind: 'skipped', order: current, reason: 'invalidTransition' });
            continue;
          }
          if (op.guard && !op.guard(current)) {
            results.push({ kind: 'skipped', order: current, reason: 'guard' });
            continue;
          }
          // Terminal statuses have no way out (ORDER_TRANSITIONS), so stock returns exactly once.
          const stockReturned = STOCK_RETURNING_STATUSES.includes(op.to);
          if (stockReturned) {
            for (const i of current.items) {
              qty.set(i.productId, (qty.get(i.productId) ?? 0) + i.qty);
              dirtyStock.add(i.productId);
            }
            bumpProgress(current.planId, -1, -current.items.reduce((n, i) => n + i.qty, 0));
          }
          const change = { status: op.to, at: nowIso, by: op.by, ...(op.note ? { note: op.note } : {}) };
          const next: OrderDoc = { ...existing, ...op.patch, status: op.to, statusHistory: [...existing.statusHistory, change], updatedAt: nowIso };
          orders.set(op.orderId, next);
          writes.push((t) => t.set(orderRef(op.orderId), next));
          const order = toOrder(next);
          queueMail(`${op.orderId}-${op.to}`, op.mail?.(order));
          results.push({ kind: 'transitioned', order, stockReturned });
        }
      }

      for (const w of writes) w(tx);
      for (const id of dirtyStock) tx.set(stockRef(id), { qty: qty.get(id)!, updatedAt: nowIso }, { merge: true });
      for (const [planId, p] of progress) {
        tx.set(
          firestore.collection('planProgress').doc(planId),
          { orders: FieldValue.increment(p.orders), copies: FieldValue.increment(p.copies), updatedAt: nowIso },
          { merge: true },
        );
      }
      return results;
    },
    { maxAttempts: 10 },
  );
}

export class StockAllocator {
  private queue: Pending[] = [];
  private running = false;
  /** Batches committed so far (for tests and benchmarks). */
  batches = 0;

  submit(op: AllocationOp): Promise<AllocationResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (!this.running) {
        this.running = true;
        void this.drain();
      }
    });
  }

  private take(): Pending[] {
    const batch: Pending[] = [];
    const products = new Set<string>();
    while (this.queue.length && batch.length < MAX_OPS_PER_BATCH) {
      const next = this.queue[0]!;
      const ids = next.op.kind === 'place' ? next.op.lines.map((l) => l.productId) : [];
      const grown = new Set([...products, ...ids]);
      if (batch.length && grown.size > MAX_PRODUCTS_PER_BATCH) break;
      ids.forEach((id) => products.add(id));
      batch.push(this.queue.shift()!);
    }
    return batch;
  }

  private async drain() {
    try {
      const firestore = await db();
      while (this.queue.length) {
        const batch = this.take();
        try {
          const results = await commitBatch(
            firestore,
            batch.map((p) => p.op),
          );
          this.batches++;
          batch.forEach((p, i) => p.resolve(results[i]!));
        } catch (err) {
          batch.forEach((p) => p.reject(err));
        }
      }
    } catch (err) {
      this.queue.splice(0).forEach((p) => p.reject(err));
    } finally {
      this.running = false;
    }
  }
}

let shared: StockAllocator | undefined;

/** The process-wide allocator: every order placement and every stock-returning status change. */
export function stockAllocator(): StockAllocator {
  shared ??= new StockAllocator();
  return shared;
}
