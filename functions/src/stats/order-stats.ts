import { taiwanDay } from '../contracts/format';
import { ORDER_STATUSES, type OrderStatus } from '../contracts/orders';
import { awaitsPayment, isActiveOrder, isPaid } from '../domain/order';

// Running totals for the owner's dashboard (docs/admin.md, "Dashboard"). The `orderStats` trigger
// (functions/src/index.ts) turns every write of orders/{id} into increments of a few small documents:
//
//   statsDays/{yyyy-mm-dd}, statsMonths/{yyyy-mm}  (Taiwan day / month the order was placed)
//     n.{status}: orders, amount.{status}: their totalPrice
//   statsMonths/{yyyy-mm}.books.{productId}       (same month)
//     name, paidQty, paidAmount, awaitingQty
//   statsPlans/{planId}.days.{yyyy-mm-dd}         (Taiwan day of the change)
//     copies, orders: change of the campaign's active (not cancelled or refunded) orders that day
//
// A change's delta is what `after` contributes minus what `before` contributed, so the totals are
// right whatever order the events arrive in (each event's own before/after is exact, and the sums
// telescope). Delivery is at least once: each event's increments are written in one batch with a
// marker statsEvents/{eventId}, whose `create` fails when the event was applied already.

// This module is the pure part: what a change adds where. The documents are named by kind and id
// (`day/…`, `month/…`, `plan/…`); functions/src/data/stats.ts maps the kinds to their collections,
// writes the increments and rebuilds the totals.

/** The kinds of totals document, as the keys of a StatsDelta name them (`${kind}/${id}`). */
export const STATS_KINDS = ['day', 'month', 'plan'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];



/** What of an order the totals depend on; null for a missing or malformed document (it counts nowhere). */
export interface OrderFacts {
  status: OrderStatus;
  day: string;
  total: number;
  planId: string | null;
  items: { productId: string; name: string; qty: number; amount: number }[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function orderFacts(data: Record<string, unknown> | undefined | null): OrderFacts | null {
  if (!data) return null;
  const status = data.status as OrderStatus;
  const created = Date.parse(String(data.createdAt ?? ''));
  if (!ORDER_STATUSES.includes(status) || Number.isNaN(created)) return null;
  const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  return {
    status,
    day: taiwanDay(created),
    total: num(data.totalPrice),
    planId: typeof data.planId === 'string' && data.planId ? data.planId : null,
    items: items
      .filter((i) => i && typeof i.productId === 'string')
      .map((i) => ({ productId: i.productId as string, name: String(i.name ?? ''), qty: num(i.qty), amount: num(i.totalPrice) })),
  };
}

/** Increments per document path, as nested objects of numbers (plus book names). */
export type StatsDelta = Map<string, Record<string, unknown>>;

function add(delta: StatsDelta, doc: string, keys: string[], by: number) {
  if (!by) return;
  let node = delta.get(doc);
  if (!node) delta.set(doc, (node = {}));
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  const last = keys.at(-1)!;
  node[last] = num(node[last]) + by;
}

function contribute(delta: StatsDelta, f: OrderFacts, sign: 1 | -1, changeDay: string) {
  for (const doc of [`day/${f.day}`, `month/${f.day.slice(0, 7)}`]) {
    add(delta, doc, ['n', f.status], sign);
    add(delta, doc, ['amount', f.status], sign * f.total);
  }
  const month = `month/${f.day.slice(0, 7)}`;
  const paid = isPaid(f);
  for (const i of f.items) {
    if (paid) {
      add(delta, month, ['books', i.productId, 'paidQty'], sign * i.qty);
      add(delta, month, ['books', i.productId, 'paidAmount'], sign * i.amount);
    } else if (awaitsPayment(f)) add(delta, month, ['books', i.productId, 'awaitingQty'], sign * i.qty);
  }
  if (f.planId && isActiveOrder(f)) {
    const doc = `plan/${f.planId}`;
    add(delta, doc, ['days', changeDay, 'copies'], sign * f.items.reduce((n, i) => n + i.qty, 0));
    add(delta, doc, ['days', changeDay, 'orders'], sign);
  }
}

/** Drops the keys whose increments cancelled out, and the documents left with none. */
function prune(node: Record<string, unknown>): boolean {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'number' ? v === 0 : !prune(v as Record<string, unknown>)) delete node[k];
  }
  return Object.keys(node).length > 0;
}

/** The increments a change of one order makes (`changeDay`: the Taiwan day it happened). */
export function statsDelta(before: OrderFacts | null, after: OrderFacts | null, changeDay: string): StatsDelta {
  const delta: StatsDelta = new Map();
  if (before) contribute(delta, before, -1, changeDay);
  if (after) contribute(delta, after, 1, changeDay);
  for (const [doc, node] of delta) if (!prune(node)) delta.delete(doc);
  return delta;
}

/** The book names of the order after the change, to show beside their figures (not a counter). */
export function names(after: OrderFacts | null, delta: StatsDelta) {
  if (!after) return;
  const node = delta.get(`month/${after.day.slice(0, 7)}`)?.books as Record<string, Record<string, unknown>> | undefined;
  for (const i of after.items) if (node?.[i.productId] && i.name) node[i.productId]!.name = i.name;
}

/** Adds `from` into `into` (the rebuild sums every order's delta). */
export function merge(into: StatsDelta, from: StatsDelta) {
  const deep = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(b)) {
      if (typeof v === 'number') a[k] = num(a[k]) + v;
      else if (typeof v === 'string') a[k] = v;
      else deep((a[k] ??= {}) as Record<string, unknown>, v as Record<string, unknown>);
    }
  };
  for (const [doc, node] of from) deep(into.get(doc) ?? (into.set(doc, {}), into.get(doc)!), node);
}

/**
 * What orders add by being placed, each counted as the rebuild counts it (its campaign curve on the day
 * it was placed): the legacy import's and the stock allocator's batches write it beside the orders.
 */
export function placementDelta(orders: readonly (Record<string, unknown> | null | undefined)[]): StatsDelta {
  const total: StatsDelta = new Map();
  for (const o of orders) {
    const f = orderFacts(o);
    if (!f) continue;
    const one = statsDelta(null, f, f.day);
    names(f, one);
    merge(total, one);
  }
  return total;
}
