import { canTransition, STOCK_RETURNING_STATUSES, type Order, type OrderStatus } from '../contracts/orders';
import type { StockMovement } from '../contracts/admin';
import type { ComposedMail } from '../mail/mail-doc';
import { toOrder, type OrderDoc } from './orders';

// The pure heart of stock allocation: given a batch of queued operations and what was read for them
// (orders, stock counts, free order numbers), decide each operation's result and every write. No I/O,
// so the rules are unit-tested directly (./__tests__/allocation-plan.test.ts) and the same decisions are
// taken whichever process runs the batch (./stock-allocator.ts). It lives beside the repository that
// writes its plan because the checks it makes (enough copies, the status still the one the requester
// saw) are only true at the moment of that write; the services decide everything else before queueing.

/** A mail the batch writes with its change (the shop's one mail document shape). */
export type MailDoc = ComposedMail;

export interface StockLine {
  productId: string;
  qty: number;
}

/** The order as the requester built it; the allocator adds its number and the commit time. */
export type OrderTemplate = Omit<OrderDoc, 'orderNo' | 'createdAt' | 'updatedAt' | 'statusHistory' | 'paymentDueAt' | 'status'> & {
  paymentDueDays: number;
  actor: string;
};

export interface PlaceOp {
  kind: 'place';
  orderId: string;
  requestHash: string;
  lines: StockLine[];
  template: OrderTemplate;
}

/** A status change that returns stock (cancelledUnpaid, refunded). Others never queue. */
export interface ReturnOp {
  kind: 'return';
  orderId: string;
  /** The status the requester saw; anything else at allocation time skips the op. */
  from: OrderStatus;
  to: OrderStatus;
  by: string;
  note?: string;
  /** Apply only while paymentDueAt is before this instant (the sweep: an order paid meanwhile stays). */
  dueBefore?: string;
  /** The customer's mail, rendered by the requester from the order it read (items and totals never change). */
  mail?: MailDoc | null;
  /**
   * A refund of a shipped order whose copies do not come back on sale (the owner's choice): damaged, or
   * never sent back. The movement is still logged (delta 0), so the log tells what became of them.
   */
  keepOut?: KeepOutReason;
}

/** Why a refunded shipped order's copies stay out of stock. */
export type KeepOutReason = 'damaged' | 'notReturned';
const KEEP_OUT_LABEL: Record<KeepOutReason, string> = { damaged: '書已損壞', notReturned: '書未寄回' };

/** What a returning status change is, in the stock log's words: the sweep's is overdue, the owner's is not. */
function returnReason(op: ReturnOp, orderNo: string, keptOut: boolean): string {
  if (op.to === 'refunded') return keptOut && op.keepOut ? `訂單 ${orderNo} 退款，${KEEP_OUT_LABEL[op.keepOut]}，不退回庫存` : `訂單 ${orderNo} 退款，庫存退回`;
  if (op.by.startsWith('system:sweep')) return `訂單 ${orderNo} 逾期未匯款取消，庫存退回`;
  if (op.by.startsWith('owner:')) return `訂單 ${orderNo} 店家取消，庫存退回`;
  return `訂單 ${orderNo} 取消，庫存退回`;
}

/** The owner sets counts; each change is logged as a movement. */
export interface SetStockOp {
  kind: 'setStock';
  quantities: Record<string, number>;
  by: string;
  reason: string;
}

export type AllocationOp = PlaceOp | ReturnOp | SetStockOp;

export type AllocationResult =
  | { kind: 'created'; order: Order }
  | { kind: 'replayed'; order: Order }
  | { kind: 'conflict' }
  | { kind: 'outOfStock'; productId: string; available: number; requested: number }
  | { kind: 'returned'; order: Order }
  | { kind: 'skipped'; reason: 'notFound' | 'invalidTransition' | 'stale'; status: OrderStatus | null }
  | { kind: 'stockSet'; changes: { productId: string; before: number; after: number }[] }
  /** The op could not be written (Firestore refused it); nothing of it was. */
  | { kind: 'rejected'; message: string };

/** A movement as stored (stock/{productId}/movements/{id}): sales, returns and the owner's edits. */
export type StockMovementDoc = Omit<StockMovement, 'id'>;

/** What the batch read, as the allocator hands it over. */
export interface BatchState {
  orders: Map<string, OrderDoc>;
  qty: Map<string, number>;
  /** Order numbers checked to be free, used in order. */
  freeNumbers: string[];
}

export interface BatchPlan {
  results: AllocationResult[];
  createOrders: OrderDoc[];
  updateOrders: OrderDoc[];
  /** Final count of every product whose count changed. */
  stock: Map<string, number>;
  /** planId -> change of {orders, copies}. */
  progress: Map<string, { orders: number; copies: number }>;
  movements: StockMovementDoc[];
  /** id -> mail. The id makes a re-run of the same change write the same document. */
  mails: Map<string, MailDoc>;
  /** Order numbers taken by created orders, with their order. */
  numbers: { orderNo: string; orderId: string }[];
}

export interface PlanContext {
  now: Date;
  /** The placement mail, rendered once the order number and time are known. */
  placedMail?: (order: Order) => MailDoc | null;
}

/** Products whose counts a batch of ops needs: every line, every book of an order being cancelled, every count set. */
export function productsOf(op: AllocationOp, orders?: Map<string, OrderDoc>): string[] {
  if (op.kind === 'place') return op.lines.map((l) => l.productId);
  if (op.kind === 'setStock') return Object.keys(op.quantities);
  return (orders?.get(op.orderId)?.items ?? []).map((i) => i.productId);
}

/** Lines of one op added up per product (a book listed twice must be checked for both copies at once). */
export function sumLines(lines: readonly StockLine[]): StockLine[] {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.productId, (sums.get(l.productId) ?? 0) + l.qty);
  return [...sums].map(([productId, qty]) => ({ productId, qty }));
}


export function buildOrder(op: PlaceOp, orderNo: string, now: Date): OrderDoc {
  const { paymentDueDays, actor, ...rest } = op.template;
  const at = now.toISOString();
  return {
    ...rest,
    orderNo,
    status: 'awaitingPayment',
    statusHistory: [{ status: 'awaitingPayment', at, by: actor }],
    paymentDueAt: new Date(now.getTime() + paymentDueDays * 86_400_000).toISOString(),
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Applies the ops in queue order against the counts read: each placement is checked line by line
 * against the running count (so one batch never sells a copy twice), each return adds its copies back
 * once (the target statuses are terminal), each owner edit sets its counts.
 */
export function planBatch(ops: readonly AllocationOp[], state: BatchState, ctx: PlanContext): BatchPlan {
  const at = ctx.now.toISOString();
  const qty = new Map(state.qty);
  const orders = new Map(state.orders);
  const numbers = [...state.freeNumbers];
  // Movements of one batch share their time; seq keeps their order in the log.
  let seq = 0;
  const plan: BatchPlan = {
    results: [],
    createOrders: [],
    updateOrders: [],
    stock: new Map(),
    progress: new Map(),
    movements: [],
    mails: new Map(),
    numbers: [],
  };
  const setQty = (productId: string, next: number) => {
    qty.set(productId, next);
    plan.stock.set(productId, next);
  };
  const bump = (planId: string | null, o: number, copies: number) => {
    if (!planId) return;
    const p = plan.progress.get(planId) ?? { orders: 0, copies: 0 };
    plan.progress.set(planId, { orders: p.orders + o, copies: p.copies + copies });
  };

  for (const op of ops) {
    if (op.kind === 'place') {
      const existing = orders.get(op.orderId);
      if (existing) {
        plan.results.push(existing.requestHash === op.requestHash ? { kind: 'replayed', order: toOrder(existing) } : { kind: 'conflict' });
        continue;
      }
      const lines = sumLines(op.lines);
      const short = lines.find((l) => (qty.get(l.productId) ?? 0) < l.qty);
      if (short) {
        plan.results.push({ kind: 'outOfStock', productId: short.productId, available: qty.get(short.productId) ?? 0, requested: short.qty });
        continue;
      }
      const orderNo = numbers.shift();
      if (!orderNo) throw new Error('no free order number left for this batch');
      const doc = buildOrder(op, orderNo, ctx.now);
      for (const l of lines) {
        const before = qty.get(l.productId)!;
        setQty(l.productId, before - l.qty);
        // Every sale is a line of the log, so that the log adds up to the count.
        plan.movements.push({ productId: l.productId, before, after: before - l.qty, delta: -l.qty, reason: `訂單 ${orderNo} 售出`, by: op.template.actor, at, seq: seq++ });
      }
      orders.set(op.orderId, doc);
      plan.createOrders.push(doc);
      plan.numbers.push({ orderNo, orderId: op.orderId });
      const order = toOrder(doc);
      const mail = ctx.placedMail?.(order);
      if (mail?.to) plan.mails.set(`${op.orderId}-placed`, mail);
      bump(doc.planId, 1, lines.reduce((n, l) => n + l.qty, 0));
      plan.results.push({ kind: 'created', order });
    } else if (op.kind === 'return') {
      const existing = orders.get(op.orderId);
      if (!existing) {
        plan.results.push({ kind: 'skipped', reason: 'notFound', status: null });
        continue;
      }
      if (!canTransition(existing.status, op.to) || !STOCK_RETURNING_STATUSES.includes(op.to)) {
        plan.results.push({ kind: 'skipped', reason: 'invalidTransition', status: existing.status });
        continue;
      }
      if (existing.status !== op.from || (op.dueBefore !== undefined && !(existing.paymentDueAt < op.dueBefore))) {
        plan.results.push({ kind: 'skipped', reason: 'stale', status: existing.status });
        continue;
      }
      // Only a shipped order's copies can be kept out: any other order's copies never left the shop.
      const keptOut = op.keepOut !== undefined && existing.status === 'shipped';
      for (const line of sumLines(existing.items)) {
        const before = qty.get(line.productId) ?? 0;
        const delta = keptOut ? 0 : line.qty;
        if (delta) setQty(line.productId, before + delta);
        plan.movements.push({ productId: line.productId, before, after: before + delta, delta, reason: returnReason(op, existing.orderNo, keptOut), by: op.by, at, seq: seq++ });
      }
      bump(existing.planId, -1, -existing.items.reduce((n, i) => n + i.qty, 0));
      const next: OrderDoc = {
        ...existing,
        status: op.to,
        statusHistory: [...existing.statusHistory, { status: op.to, at, by: op.by, ...(op.note ? { note: op.note } : {}) }],
        updatedAt: at,
      };
      orders.set(op.orderId, next);
      plan.updateOrders.push(next);
      if (op.mail?.to) plan.mails.set(`${op.orderId}-${op.to}`, op.mail);
      plan.results.push({ kind: 'returned', order: toOrder(next) });
    } else {
      const changes = Object.entries(op.quantities).map(([productId, after]) => {
        const before = qty.get(productId) ?? 0;
        setQty(productId, after);
        plan.movements.push({ productId, before, after, delta: after - before, reason: op.reason, by: op.by, at, seq: seq++ });
        return { productId, before, after };
      });
      plan.results.push({ kind: 'stockSet', changes });
    }
  }
  return plan;
}

/** Writes a batch of this plan costs (Firestore allows 500 per commit). */
export function writesOf(plan: BatchPlan, requests: number): number {
  return (
    1 + // the lease
    requests * 2 + // delete each request, write its result
    plan.createOrders.length * 2 + // the order and its number
    plan.updateOrders.length +
    plan.stock.size +
    plan.progress.size +
    plan.movements.length +
    plan.mails.size
  );
}
