import { createHash } from 'node:crypto';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { taiwanDay } from '../contracts/format';
import { db, firestoreNs } from '../lib/firebase';
import { merge, names, orderFacts, placementDelta, statsDelta, type StatsDelta, type StatsKind } from '../stats/order-stats';
import { ORDERS } from './orders';
import { PLANS } from './plans';
import { isAlreadyExists } from '../lib/firestore-codes';
import { declareQuery, shapedQuery } from './query-shapes';

// The dashboard's running totals (functions/src/stats/order-stats.ts computes what a change adds):
// statsDays/{day}, statsMonths/{month}, statsPlans/{planId}, and statsEvents/{eventId}, the marker that
// makes a redelivered event count once.
//
// Each period is written as STATS_SHARDS documents, `{id}~{0..7}`, the event's id choosing one: on a
// launch day (docs/orders.md) 2,000 orders in a minute make ~33 events a second, all for today, this
// month and one campaign; one document each would take 33 writes a second, far past Firestore's guidance
// of about one sustained write a second per document, and the trigger's retries would pile up as
// dashboard lag. A reader sums the shards and the unsharded `{id}` the rebuild writes.

const COLLECTION_OF: Record<StatsKind, string> = { day: 'statsDays', month: 'statsMonths', plan: 'statsPlans' };
const STATS_EVENTS = 'statsEvents';

const ALL_ORDERS = declareQuery({ name: 'every order in id order, a page at a time (data/stats.ts rebuildOrderStats)', collection: ORDERS, orderBy: [{ field: '__name__' }] });
const PLANS_CLOSING_SINCE = declareQuery({ name: 'plans closing since a day (data/stats.ts dashboard)', collection: PLANS, where: [{ field: 'closingDate', op: '>=' }] });
/** Markers are only needed while the platform may redeliver (a few days at most); a TTL policy removes them. */
const MARKER_TTL_MS = 7 * 86_400_000;

/** Documents each period's totals are spread over. */
export const STATS_SHARDS = 8;

/** A delta's key (`day/2026-11-30`) as the document path it is stored at: a shard, or the rebuild's base document. */
function pathOf(key: string, shard?: number): string {
  const slash = key.indexOf('/');
  return `${COLLECTION_OF[key.slice(0, slash) as StatsKind]}/${key.slice(slash + 1)}${shard === undefined ? '' : `~${shard}`}`;
}

const shardOf = (eventId: string) => createHash('sha1').update(eventId).digest()[0]! % STATS_SHARDS;
/** The documents one period's totals are in. */
const idsOf = (id: string) => [id, ...Array.from({ length: STATS_SHARDS }, (_, k) => `${id}~${k}`)];

/** Sums stored totals: numbers add up, nested maps merge, of two strings (a name, updatedAt) the later one stays. */
function addTotals(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    if (typeof v === 'number') out[k] = (typeof cur === 'number' ? cur : 0) + v;
    else if (typeof v === 'string') out[k] = typeof cur === 'string' && cur > v ? cur : v;
    else if (v && typeof v === 'object') out[k] = addTotals(cur && typeof cur === 'object' ? (cur as Record<string, unknown>) : {}, v as Record<string, unknown>);
  }
  return out;
}
const sumSnaps = (snaps: DocumentSnapshot[]): Record<string, unknown> | undefined =>
  snaps.reduce<Record<string, unknown> | undefined>((sum, s) => (s.exists ? addTotals(sum ?? {}, s.data()!) : sum), undefined);

/** One period's totals as the dashboard sees them (the shards summed); undefined when nothing was counted. */
export async function readPeriodTotals(kind: StatsKind, id: string): Promise<Record<string, unknown> | undefined> {
  const firestore = await db();
  return sumSnaps(await firestore.getAll(...idsOf(id).map((d) => firestore.collection(COLLECTION_OF[kind]).doc(d))));
}

/** Numbers become FieldValue.increment, so concurrent events add up without reading anything. */
function increments(node: Record<string, unknown>, inc: (n: number) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, typeof v === 'number' ? inc(v) : typeof v === 'string' ? v : increments(v as Record<string, unknown>, inc)]));
}

/**
 * Applies one order write to the totals, once per event id (the orderStats trigger). Returns false when
 * there was nothing to count or the event had been applied already.
 */
export async function applyOrderWrite(eventId: string, before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, at: Date): Promise<boolean> {
  // An order imported from the old shop arrives with its totals, written in the same batch
  // (placedOrderTotals below): its creation is counted there, once. Its later changes count here.
  // So is an order the stock allocator placed: its batch wrote its totals (statsCounted).
  if (!before && (after?.legacy || after?.statsCounted)) return false;
  const afterFacts = orderFacts(after);
  const delta = statsDelta(orderFacts(before), afterFacts, taiwanDay(at.getTime()));
  if (!delta.size) return false;
  names(afterFacts, delta);
  const [firestore, { FieldValue, Timestamp }] = await Promise.all([db(), firestoreNs()]);
  const batch = firestore.batch();
  batch.create(firestore.collection(STATS_EVENTS).doc(eventId), { at: at.toISOString(), expireAt: Timestamp.fromMillis(at.getTime() + MARKER_TTL_MS) });
  const updatedAt = new Date().toISOString();
  const shard = shardOf(eventId);
  for (const [key, node] of delta) batch.set(firestore.doc(pathOf(key, shard)), { ...increments(node, (n) => FieldValue.increment(n)), updatedAt }, { merge: true });
  try {
    await batch.commit();
    return true;
  } catch (err) {
    if (isAlreadyExists(err)) return false;
    throw err;
  }
}

/**
 * The totals that newly stored orders add, as document path -> fields with FieldValue.increment, to be
 * written with `set(..., {merge: true})` in the same batch that creates the orders: the legacy import
 * (seed/legacy/write.ts, into the rebuild's base documents) and the stock allocator's batches
 * (allocator/stock-allocator.ts, into one shard, `shardKey` choosing it). Counted as the rebuild counts
 * them: campaign curves on the day each order was placed. The orderStats trigger leaves these orders'
 * creation alone (`legacy`, `statsCounted`), so each is counted once, and the dashboard shows an
 * order as soon as it is stored, however far behind the trigger's events are.
 */
export function placedOrderTotals(orders: readonly Record<string, unknown>[], increment: (n: number) => unknown, shardKey?: string): Map<string, Record<string, unknown>> {
  const updatedAt = new Date().toISOString();
  const shard = shardKey === undefined ? undefined : shardOf(shardKey);
  return new Map([...placementDelta(orders)].map(([key, node]) => [pathOf(key, shard), { ...increments(node, increment), updatedAt }]));
}

/**
 * Recomputes every total from the orders (the backfill: for data written before the trigger, or to
 * repair). Reads the orders once, in pages; run it while no order changes (the seed, a deploy), since
 * events applied during the rebuild may be counted twice. Campaign curves of the rebuilt orders count
 * each active order on the day it was placed. `firestore`: the seed's own client (it may run against
 * a deployed project).
 */
export async function rebuildOrderStats(firestore: Firestore, pageSize = 500): Promise<{ orders: number; documents: number }> {
  const total: StatsDelta = new Map();
  let orders = 0;
  let last: FirebaseFirestore.QueryDocumentSnapshot | undefined;
  for (;;) {
    let q = shapedQuery(firestore, ALL_ORDERS, []).select('status', 'createdAt', 'totalPrice', 'planId', 'items').limit(pageSize);
    if (last) q = q.startAfter(last);
    const page = await q.get();
    for (const d of page.docs) {
      const f = orderFacts(d.data());
      if (!f) continue;
      orders++;
      const one = statsDelta(null, f, f.day);
      names(f, one);
      merge(total, one);
    }
    if (page.size < pageSize) break;
    last = page.docs.at(-1);
  }
  for (const coll of Object.values(COLLECTION_OF)) await firestore.recursiveDelete(firestore.collection(coll));
  const updatedAt = new Date().toISOString();
  const docs = [...total];
  for (let i = 0; i < docs.length; i += 400) {
    const batch = firestore.batch();
    for (const [key, node] of docs.slice(i, i + 400)) batch.set(firestore.doc(pathOf(key)), { ...node, updatedAt });
    await batch.commit();
  }
  return { orders, documents: docs.length };
}

/** A day's or a month's totals as stored (undefined when nothing was counted there). */
export type PeriodTotals = Record<string, unknown> | undefined;

/** What the dashboard shows, read at once: the days asked, every month, and the plans closing since `sinceIso` with their curves. */
export async function readDashboardTotals(days: readonly string[], sinceIso: string): Promise<{
  days: PeriodTotals[];
  months: Map<string, Record<string, unknown>>;
  plans: { planId: string; title: string; closingDate: string; minQuantity: number | null; decided: 'succeeded' | 'failed' | null; curve: Record<string, { copies?: number; orders?: number }> }[];
}> {
  const firestore = await db();
  const refsOf = (kind: StatsKind, ids: readonly string[]) => ids.flatMap(idsOf).map((d) => firestore.collection(COLLECTION_OF[kind]).doc(d));
  /** getAll's snapshots, summed back per period (each period is 1 + STATS_SHARDS documents in a row). */
  const perPeriod = (snaps: DocumentSnapshot[]) => Array.from({ length: snaps.length / (STATS_SHARDS + 1) }, (_, i) => sumSnaps(snaps.slice(i * (STATS_SHARDS + 1), (i + 1) * (STATS_SHARDS + 1))));
  const [daySnaps, monthSnaps, planSnaps] = await Promise.all([
    days.length ? firestore.getAll(...refsOf('day', days)) : Promise.resolve([]),
    firestore.collection(COLLECTION_OF.month).get(),
    shapedQuery(firestore, PLANS_CLOSING_SINCE, [sinceIso]).select('title', 'closingDate', 'minQuantity', 'archived', 'decision.outcome', 'decision.completedAt').get(),
  ]);
  const plans = planSnaps.docs.filter((d) => d.get('archived') !== true);
  const planStats = plans.length ? perPeriod(await firestore.getAll(...refsOf('plan', plans.map((p) => p.id)))) : [];
  const months = new Map<string, Record<string, unknown>>();
  for (const d of monthSnaps.docs) {
    const month = d.id.split('~')[0]!;
    months.set(month, addTotals(months.get(month) ?? {}, d.data()));
  }
  return {
    days: perPeriod(daySnaps),
    months,
    plans: plans.map((p, i) => {
      const minQuantity = p.get('minQuantity');
      const outcome: unknown = p.get('decision.completedAt') ? p.get('decision.outcome') : null;
      return {
        planId: p.id,
        title: String(p.get('title') ?? p.id),
        closingDate: String(p.get('closingDate')),
        minQuantity: typeof minQuantity === 'number' ? minQuantity : null,
        decided: outcome === 'succeeded' || outcome === 'failed' ? outcome : null,
        curve: (planStats[i]?.days ?? {}) as Record<string, { copies?: number; orders?: number }>,
      };
    }),
  };
}
