import type { Order, OrderStatus } from '../contracts/orders';
import type { StockMovement } from '../contracts/admin';
import { applyChange, createOrder, mailIdOf, placedMail, publicOrder, refusalOf, returnsStock, type Cancellation, type KeepOutReason, type OrderDoc, type OrderMail, type OrderRole, type OrderTemplate } from './order';

// The pure heart of stock allocation: given a batch of queued operations and what was read for them
// (orders, stock counts, free order numbers), decide each operation's result and every write. No I/O,
// so the rules are unit-tested directly (./__tests__/allocation-plan.test.ts) and the same decisions are
// taken whichever process runs the batch (functions/src/allocator/stock-allocator.ts). What an order
// becomes is the order's own module's call (./order.ts); this adds what is only true at the moment of
// the batch's write: enough copies, the status still the one the requester saw.

export interface StockLine {
  productId: string;
  qty: number;
}

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
  /** Who asks (./order.ts MOVES); `system` when absent. The sweep's move applies only to an overdue order. */
  role?: OrderRole;
  by: string;
  /** The history's note; by default the cancellation's own (./order.ts cancellationNote). */
  note?: string;
  /** Why the order ends; by default the role's (./order.ts applyChange). */
  cancellation?: Cancellation;
  /** The customer's mail, as the change decided it (./order.ts); rendered when the batch is written. */
  mail?: OrderMail | null;
  /**
   * A refund of a shipped order whose copies do not come back on sale (the owner's choice): damaged, or
   * never sent back. The movement is still logged (delta 0), so the log tells what became of them.
   */
  keepOut?: KeepOutReason;
}

const KEEP_OUT_LABEL: Record<KeepOutReason, string> = { damaged: '書已損壞', notReturned: '書未寄回' };

/** What a returning status change is, in the stock log's words: the sweep's is overdue, the owner's is not. */
function returnReason(op: ReturnOp, orderNo: string, keptOut: boolean): string {
  if (op.to === 'refunded') return keptOut && op.keepOut ? `訂單 ${orderNo} 退款，${KEEP_OUT_LABEL[op.keepOut]}，不退回庫存` : `訂單 ${orderNo} 退款，庫存退回`;
  if (op.role === 'sweep') return `訂單 ${orderNo} 逾期未匯款取消，庫存退回`;
  if (op.cancellation?.reason === 'campaignFailed') return `訂單 ${orderNo} 流團取消，庫存退回`;
  if (op.role === 'owner') return `訂單 ${orderNo} 店家取消，庫存退回`;
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
  /**
   * planProgress copies of the pay-after-成團 campaigns of the batch's placements (planId -> copies),
   * read with the rest: whether a placement waits for 成團 is decided against them (absent: 0).
   */
  planCopies?: Map<string, number>;
}

/** A customer's mail the batch writes, named by the change and rendered from the order after it. */
export interface PlannedMail {
  mail: OrderMail;
  order: Order;
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
  mails: Map<string, PlannedMail>;
  /** Order numbers taken by created orders, with their order. */
  numbers: { orderNo: string; orderId: string }[];
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

/** A batch being planned: the running counts and orders, and the plan it fills. */
class Planner {
  readonly plan: BatchPlan = { results: [], createOrders: [], updateOrders: [], stock: new Map(), progress: new Map(), movements: [], mails: new Map(), numbers: [] };
  private readonly qty: Map<string, number>;
  private readonly orders: Map<string, OrderDoc>;
  private readonly numbers: string[];
  private readonly planCopies: Map<string, number>;
  private readonly at: string;
  // Movements of one batch share their time; seq keeps their order in the log.
  private seq = 0;

  constructor(state: BatchState, private readonly now: Date) {
    this.qty = new Map(state.qty);
    this.orders = new Map(state.orders);
    this.numbers = [...state.freeNumbers];
    this.planCopies = state.planCopies ?? new Map();
    this.at = now.toISOString();
  }

  private count = (productId: string) => this.qty.get(productId) ?? 0;

  /** Logs a movement to `after`; the count is written when it changes, or always for the owner's setting. */
  private move(productId: string, after: number, reason: string, by: string, always = false) {
    const before = this.count(productId);
    if (always || after !== before) {
      this.qty.set(productId, after);
      this.plan.stock.set(productId, after);
    }
    this.plan.movements.push({ productId, before, after, delta: after - before, reason, by, at: this.at, seq: this.seq++ });
  }

  private bump(planId: string | null, orders: number, copies: number) {
    if (!planId) return;
    const p = this.plan.progress.get(planId) ?? { orders: 0, copies: 0 };
    this.plan.progress.set(planId, { orders: p.orders + orders, copies: p.copies + copies });
  }

  private mail(after: OrderDoc, mail: OrderMail | null | undefined) {
    if (mail && after.email) this.plan.mails.set(mailIdOf(after, mail), { mail, order: publicOrder(after) });
  }

  place(op: PlaceOp): AllocationResult {
    const existing = this.orders.get(op.orderId);
    if (existing) return existing.requestHash === op.requestHash ? { kind: 'replayed', order: publicOrder(existing) } : { kind: 'conflict' };
    const lines = sumLines(op.lines);
    const short = lines.find((l) => this.count(l.productId) < l.qty);
    if (short) return { kind: 'outOfStock', productId: short.productId, available: this.count(short.productId), requested: short.qty };
    const orderNo = this.numbers.shift();
    if (!orderNo) throw new Error('no free order number left for this batch');
    const copies = lines.reduce((n, l) => n + l.qty, 0);
    const doc = createOrder(op.template, orderNo, this.now, this.waitsForFormation(op, copies));
    // Every sale is a line of the log, so that the log adds up to the count.
    for (const l of lines) this.move(l.productId, this.count(l.productId) - l.qty, `訂單 ${orderNo} 售出`, op.template.actor);
    this.orders.set(op.orderId, doc);
    this.plan.createOrders.push(doc);
    this.plan.numbers.push({ orderNo, orderId: op.orderId });
    this.mail(doc, placedMail(doc));
    this.bump(doc.planId, 1, copies);
    return { kind: 'created', order: publicOrder(doc) };
  }

  /**
   * A placement on a pay-after-成團 campaign waits while the campaign's copies, this order's and the
   * batch's earlier ones included, stay below the threshold; the order that reaches it, and every later
   * one, awaits payment at once (the earlier ones are released by functions/src/api/group-buying/pay-after.ts).
   */
  private waitsForFormation(op: PlaceOp, copies: number): boolean {
    const planId = op.template.planId;
    if (!op.template.payAfter || !planId) return false;
    const before = (this.planCopies.get(planId) ?? 0) + (this.plan.progress.get(planId)?.copies ?? 0);
    return before + copies < op.template.payAfter.minQuantity;
  }

  giveBack(op: ReturnOp): AllocationResult {
    const existing = this.orders.get(op.orderId);
    if (!existing) return { kind: 'skipped', reason: 'notFound', status: null };
    const refused = refusalOf(existing, { to: op.to, role: op.role ?? 'system', at: this.at });
    if (!returnsStock(op.to) || refused?.kind === 'invalidTransition') return { kind: 'skipped', reason: 'invalidTransition', status: existing.status };
    // Moved since the requester read it, or (the sweep) not overdue after all: left alone.
    if (existing.status !== op.from || refused) return { kind: 'skipped', reason: 'stale', status: existing.status };
    // Only a shipped order's copies can be kept out: any other order's copies never left the shop.
    const keptOut = op.keepOut !== undefined && existing.status === 'shipped';
    for (const line of sumLines(existing.items)) this.move(line.productId, this.count(line.productId) + (keptOut ? 0 : line.qty), returnReason(op, existing.orderNo, keptOut), op.by);
    this.bump(existing.planId, -1, -existing.items.reduce((n, i) => n + i.qty, 0));
    const next = applyChange(existing, { to: op.to, role: op.role ?? 'system', by: op.by, at: this.at, ...(op.note ? { note: op.note } : {}), ...(op.cancellation ? { cancellation: op.cancellation } : {}) });
    this.orders.set(op.orderId, next);
    this.plan.updateOrders.push(next);
    this.mail(next, op.mail);
    return { kind: 'returned', order: publicOrder(next) };
  }

  setStock(op: SetStockOp): AllocationResult {
    const changes = Object.entries(op.quantities).map(([productId, after]) => {
      const before = this.count(productId);
      this.move(productId, after, op.reason, op.by, true);
      return { productId, before, after };
    });
    return { kind: 'stockSet', changes };
  }
}

/**
 * Applies the ops in queue order against the counts read: each placement is checked line by line
 * against the running count (so one batch never sells a copy twice), each return adds its copies back
 * once (the target statuses are terminal), each owner edit sets its counts.
 */
export function planBatch(ops: readonly AllocationOp[], state: BatchState, now: Date): BatchPlan {
  const p = new Planner(state, now);
  for (const op of ops) p.plan.results.push(op.kind === 'place' ? p.place(op) : op.kind === 'return' ? p.giveBack(op) : p.setStock(op));
  return p.plan;
}

/**
 * Writes a batch of this plan costs (Firestore allows 500 per commit). `extra`: what the caller writes
 * beside the plan (the stock allocator: the created orders' dashboard totals, functions/src/data/stats.ts).
 */
export function writesOf(plan: BatchPlan, requests: number, extra: (plan: BatchPlan) => number = () => 0): number {
  return (
    1 + // the lease
    requests * 2 + // delete each request, write its result
    plan.createOrders.length * 2 + // the order and its number
    plan.updateOrders.length +
    plan.stock.size +
    plan.progress.size +
    plan.movements.length +
    plan.mails.size +
    extra(plan)
  );
}

/**
 * The plan of the longest prefix of `ops` that fits one commit: all of them when they fit, otherwise
 * halving until the writes are at most `maxWrites` (one request always goes, whatever it costs). The
 * requests left out stay queued for the next batch.
 */
export function fitBatch(ops: readonly AllocationOp[], state: BatchState, now: Date, maxWrites: number, extra?: (plan: BatchPlan) => number): { plan: BatchPlan; take: number } {
  let take = ops.length;
  let plan = planBatch(ops, state, now);
  while (take > 1 && writesOf(plan, take, extra) > maxWrites) {
    take = Math.max(1, Math.floor(take / 2));
    plan = planBatch(ops.slice(0, take), state, now);
  }
  return { plan, take };
}
