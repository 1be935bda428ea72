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

/** 50 orders x (order + order number + mail) + stock documents stays well below 500 writes. */
export const MAX_OPS_PER_BATCH = 50;
/** Keeps a batch far below Firestore's 500 writes per transaction. */
export const MAX_PRODUCTS_PER_BATCH = 100;

const unique = <T>(xs: Iterable<T>) => [...new Set(xs)];

function readQty(data: unknown): number {
  const q = (data as { qty?: unknown } | undefined)?.qty;
  return typeof q === 'number' && Number.isFinite(q) ? Math.max(0, Math.floor(q)) : 0;
}

async function getAll(tx: Transaction, refs: DocumentReference[]) {
  return refs.length ? tx.getAll(...refs) : [];
}

/** Runs one batch in one transaction; returns a result per op, in order. Pure per attempt (retries re-run it). */
async function commitBatch(firestore: Firestore, ops: AllocationOp[]): Promise<{ results: AllocationResult[]; qty: Map<string, number> }> {
  const { FieldValue } = await firestoreNs();
  const orderRef = (id: string) => firestore.collection(ORDERS).doc(id);
  const stockRef = (id: string) => firestore.collection('stock').doc(id);

  return firestore.runTransaction(
    async (tx) => {
      const now = new Date();
      const nowIso = now.toISOString();

      // One round trip reads the orders, the stock of every place op and fresh order-number
      // candidates; a second only when a status change needs stock not read yet (or a number collided).
      const orders = new Map<string, OrderDoc>();
      const qty = new Map<string, number>();
      const numbers: string[] = [];
      const placeCount = ops.filter((op) => op.kind === 'place').length;
      const read = async (orderIds: string[], productIds: string[], candidates: string[]) => {
        const refs = [...orderIds.map(orderRef), ...productIds.map(stockRef), ...candidates.map((n) => firestore.collection(ORDER_NUMBERS).doc(n))];
        const snaps = await getAll(tx, refs);
        snaps.forEach((snap, i) => {
          if (i < orderIds.length) {
            if (snap.exists) orders.set(snap.id, snap.data() as OrderDoc);
          } else if (i < orderIds.length + productIds.length) qty.set(snap.id, readQty(snap.data()));
          else if (!snap.exists && !numbers.includes(snap.id)) numbers.push(snap.id);
        });
      };
      const draw = (n: number) => unique(Array.from({ length: n }, () => newOrderNo(now)));
      await read(
        unique(ops.map((o) => o.orderId)),
        unique(ops.flatMap((op) => (op.kind === 'place' ? op.lines.map((l) => l.productId) : []))),
        draw(placeCount),
      );
      const missingStock = unique(
        ops.flatMap((op) => (op.kind === 'transition' ? (orders.get(op.orderId)?.items ?? []).map((i) => i.productId) : [])),
      ).filter((id) => !qty.has(id));
      const needed = ops.filter((op) => op.kind === 'place' && !orders.has(op.orderId)).length;
      if (missingStock.length || numbers.length < needed) await read([], missingStock, draw(Math.max(0, needed - numbers.length)));
      for (let round = 0; numbers.length < needed && round < 5; round++) await read([], [], draw(needed - numbers.length));

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
      return { results, qty };
    },
    { maxAttempts: 10 },
  );
}

export class StockAllocator {
  private queue: Pending[] = [];
  private running = false;
  /** Batches committed so far (for tests and benchmarks). */
  batches = 0;
  /** Stock left after this instance's last commit or read, per product: a hint, never the truth. */
  private known = new Map<string, number>();

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

  /**
   * Ops this instance already knows to be hopeless (its last commit left too little stock) are checked
   * against a fresh, strongly consistent read and answered OUT_OF_STOCK without a transaction: at that
   * read the stock was short, so nothing was taken and the answer is true. Replays (the order exists)
   * always go on to the transaction.
   */
  private async screen(firestore: Firestore, batch: Pending[]): Promise<Pending[]> {
    const suspect = batch.filter((p) => p.op.kind === 'place' && p.op.lines.some((l) => (this.known.get(l.productId) ?? Infinity) < l.qty));
    if (!suspect.length) return batch;
    const productIds = unique(suspect.flatMap((p) => (p.op as PlaceOp).lines.map((l) => l.productId)));
    const orderIds = unique(suspect.map((p) => p.op.orderId));
    const snaps = await firestore.getAll(
      ...productIds.map((id) => firestore.collection('stock').doc(id)),
      ...orderIds.map((id) => firestore.collection(ORDERS).doc(id)),
    );
    const fresh = new Map<string, number>();
    const existing = new Set<string>();
    snaps.forEach((snap, i) => {
      if (i < productIds.length) fresh.set(snap.id, readQty(snap.data()));
      else if (snap.exists) existing.add(snap.id);
    });
    fresh.forEach((q, id) => this.known.set(id, q));
    const rejected = new Set<Pending>();
    for (const p of suspect) {
      const op = p.op as PlaceOp;
      if (existing.has(op.orderId)) continue;
      const short = op.lines.find((l) => (fresh.get(l.productId) ?? 0) < l.qty);
      if (!short) continue;
      rejected.add(p);
      p.resolve({ kind: 'outOfStock', productId: short.productId, available: fresh.get(short.productId) ?? 0, requested: short.qty });
    }
    return batch.filter((p) => !rejected.has(p));
  }

  private async drain() {
    try {
      const firestore = await db();
      while (this.queue.length) {
        const taken = this.take();
        try {
          const batch = await this.screen(firestore, taken);
          if (!batch.length) continue;
          const { results, qty } = await commitBatch(
            firestore,
            batch.map((p) => p.op),
          );
          this.batches++;
          qty.forEach((q, id) => this.known.set(id, q));
          batch.forEach((p, i) => p.resolve(results[i]!));
        } catch (err) {
          // Already-answered ops ignore a second settle.
          taken.forEach((p) => p.reject(err));
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
