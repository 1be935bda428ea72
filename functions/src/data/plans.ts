import { decisionSummary, type PlanDecision, type PlanDecisionSummary } from '../contracts/admin';
import type { GroupBuyingPlan, PlanOutcome, PlanProgress } from '../contracts/group-buying';
import type { OrderFields } from '../contracts/orders';
import { isActiveOrder } from '../domain/order';
import { ORDERS, type OrderDoc } from './orders';
import type { Firestore } from 'firebase-admin/firestore';
import { db } from '../lib/firebase';
import { lostRace } from '../lib/firestore-codes';
import { declareQuery, shapedQuery } from './query-shapes';

export const PLANS = 'groupBuyingPlans';
export const PLAN_PROGRESS = 'planProgress';
/** The owner's full decisions (buyers, amounts, bank digits, the owner's email): server-only (firestore.rules). */
export const PLAN_DECISIONS = 'planDecisions';

/** The stored plan: the contract's fields plus what the closing job records. */
export interface PlanDoc extends GroupBuyingPlan {
  /** Set once by the closing job after closingDate. */
  outcome?: PlanOutcome;
  judgedAt?: string;
  /** Put away by the owner: hidden from the console's default list, never open. */
  archived?: boolean;
  /**
   * The owner's 成團 / 流團 as the public may see it (functions/src/api/group-buying/outcome-service.ts);
   * the full record is planDecisions/{planId} (getPlanDecision), since anyone reads a launched plan.
   */
  decision?: PlanDecisionSummary;
  /** A pay-after-成團 campaign: when its threshold was reached (set once, functions/src/api/group-buying/pay-after.ts). */
  formedAt?: string;
}

function toPlan(id: string, data: FirebaseFirestore.DocumentData): PlanDoc {
  const d = data as Partial<PlanDoc>;
  return {
    ...(d as PlanDoc),
    planId: id,
    content: Array.isArray(d.content) ? d.content : [],
    products: Array.isArray(d.products) ? d.products : [],
    pickupNotes: d.pickupNotes ?? '',
    paymentNotes: d.paymentNotes ?? '',
    launched: d.launched === true,
    pickupPoints: Array.isArray(d.pickupPoints) ? d.pickupPoints : [],
    postalDelivery: d.postalDelivery !== false,
    payAfterFormed: d.payAfterFormed === true,
  };
}

/** A plan, launched or not, read fresh (pricing and closing must never act on a stale copy). */
export async function getPlan(planId: string): Promise<PlanDoc | null> {
  const snap = await (await db()).collection(PLANS).doc(planId).get();
  return snap.exists ? toPlan(snap.id, snap.data()!) : null;
}

const CLOSED_BEFORE = declareQuery({ name: 'plans closed before a time (data/plans.ts listPlansClosedBefore)', collection: PLANS, where: [{ field: 'closingDate', op: '<=' }] });

/** Plans whose closing date is at or before `beforeIso` (single-field index on closingDate). */
export async function listPlansClosedBefore(beforeIso: string): Promise<PlanDoc[]> {
  const snap = await shapedQuery(await db(), CLOSED_BEFORE, [beforeIso]).get();
  return snap.docs.map((d) => toPlan(d.id, d.data()));
}

export async function setPlanOutcome(planId: string, outcome: PlanOutcome, judgedAt: string): Promise<void> {
  await (await db()).collection(PLANS).doc(planId).set({ outcome, judgedAt }, { merge: true });
}

/**
 * Records the moment a pay-after-成團 campaign formed, once: the first caller's `at` is kept, and
 * every caller gets the stored moment (null: no such plan). A preconditioned update, not a
 * transaction, since a burst's placements may all ask at that moment.
 */
export async function recordFormedAt(planId: string, at: string): Promise<string | null> {
  const ref = (await db()).collection(PLANS).doc(planId);
  for (let round = 0; round < 10; round++) {
    const snap = await ref.get();
    if (!snap.exists) return null;
    const stored = snap.get('formedAt') as unknown;
    if (typeof stored === 'string' && stored) return stored;
    try {
      await ref.update({ formedAt: at }, { lastUpdateTime: snap.updateTime! });
      return at;
    } catch (err) {
      if (!lostRace(err)) throw err;
    }
  }
  throw new Error(`The plan ${planId} kept changing while its forming was recorded`);
}

export async function getPlanProgress(planId: string, minQuantity: number | null): Promise<PlanProgress> {
  const snap = await (await db()).collection(PLAN_PROGRESS).doc(planId).get();
  const d = (snap.data() ?? {}) as Partial<PlanProgress>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0);
  return { planId, orders: n(d.orders), copies: n(d.copies), minQuantity, updatedAt: d.updatedAt ?? '' };
}

const ORDERS_OF_PLAN = declareQuery({
  name: "a plan's orders, newest first (data/plans.ts listPlanOrders)",
  collection: ORDERS,
  where: [{ field: 'planId', op: '==' }],
  orderBy: [{ field: 'createdAt', dir: 'desc' }],
});
/** A plan's orders, in no order (counts, existence, a contact's copies). */
const ANY_ORDERS_OF_PLAN = declareQuery({ name: "a plan's orders (data/plans.ts recomputePlanProgress, planHasOrders, deletePlanWithoutOrders)", collection: ORDERS, where: [{ field: 'planId', op: '==' }] });

/** Every order of a plan as stored, newest first (index planId + createdAt desc). */
export async function listPlanOrders(planId: string, limit = 2000): Promise<OrderDoc[]> {
  const snap = await shapedQuery(await db(), ORDERS_OF_PLAN, [planId]).limit(limit).get();
  return snap.docs.map((d) => d.data() as OrderDoc);
}

/**
 * Recomputes planProgress/{planId} from the plan's orders (count and copies of the active ones) and
 * writes it whole. The allocator keeps the document current with increments in each batch; this
 * is the authority the closing job judges by, and a repair for a document edited by hand.
 * `client`: a script's own Firestore (the legacy import may run against a deployed project).
 */
export async function recomputePlanProgress(planId: string, minQuantity: number | null, client?: Firestore): Promise<PlanProgress> {
  const firestore = client ?? (await db());
  // In a transaction: the plan's orders are locked while they are counted, so a cancellation the
  // allocator commits meanwhile (its order update and its progress increment are one write) lands
  // either before the count, which sees it, or after the overwrite, which it then adjusts: never lost.
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(shapedQuery(firestore, ANY_ORDERS_OF_PLAN, [planId]).select('status', 'items'));
    let orders = 0;
    let copies = 0;
    for (const d of snap.docs) {
      const o = d.data() as Pick<OrderFields, 'status' | 'items'>;
      if (!isActiveOrder(o)) continue;
      orders++;
      copies += (o.items ?? []).reduce((n, i) => n + (Number.isFinite(i.qty) ? i.qty : 0), 0);
    }
    const progress: PlanProgress = { planId, orders, copies, minQuantity, updatedAt: new Date().toISOString() };
    const { planId: _id, ...stored } = progress;
    tx.set(firestore.collection(PLAN_PROGRESS).doc(planId), stored);
    return progress;
  });
}

/** Marks the given orders with the plan's outcome (the owner then refunds or continues; nothing is cancelled). */
export async function markOrdersThresholdNotMet(orderIds: readonly string[], at: string): Promise<void> {
  const firestore = await db();
  // Fields of the Order contract (contracts/orders.ts), so that the answers carry them.
  const outcome: Required<Pick<OrderFields, 'groupOutcome' | 'groupOutcomeAt'>> = { groupOutcome: 'thresholdNotMet', groupOutcomeAt: at };
  for (let i = 0; i < orderIds.length; i += 400) {
    const batch = firestore.batch();
    for (const id of orderIds.slice(i, i + 400)) {
      batch.update(firestore.collection(ORDERS).doc(id), outcome);
    }
    await batch.commit();
  }
}

// --- The owner's 成團 / 流團 ----------------------------------------------------------------------

export type DecisionClaim = { kind: 'missing' } | { kind: 'claimed' | 'existing'; decision: PlanDecision };

/** The owner's full decision on a plan (planDecisions/{planId}), or null while undecided. */
export async function getPlanDecision(planId: string): Promise<PlanDecision | null> {
  const snap = await (await db()).collection(PLAN_DECISIONS).doc(planId).get();
  return snap.exists ? (snap.data() as PlanDecision) : null;
}

/**
 * Records the owner's decision unless one is recorded already (one transaction, so two concurrent calls
 * agree on one): the full record in planDecisions/{planId}, its summary on the plan. 'claimed' = this
 * call's was written, 'existing' = the stored one.
 */
export async function claimPlanDecision(planId: string, decision: PlanDecision): Promise<DecisionClaim> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  const full = firestore.collection(PLAN_DECISIONS).doc(planId);
  return firestore.runTransaction(async (tx) => {
    const [snap, stored] = await tx.getAll(ref, full);
    if (!snap!.exists) return { kind: 'missing' } as const;
    if (stored!.exists) return { kind: 'existing', decision: stored!.data() as PlanDecision } as const;
    tx.set(full, decision);
    tx.update(ref, { decision: decisionSummary(decision), updatedAt: decision.at });
    return { kind: 'claimed', decision } as const;
  });
}

/** Completes a decision being applied (counts, refunds due, completedAt); a completed one stays as it is. Answers the stored one. */
export async function completePlanDecision(planId: string, done: Pick<PlanDecision, 'counts' | 'refundsDue' | 'refundsTotal' | 'completedAt'>): Promise<PlanDecision> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  const full = firestore.collection(PLAN_DECISIONS).doc(planId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(full);
    const stored = snap.exists ? (snap.data() as PlanDecision) : undefined;
    if (!stored) throw new Error(`No decision on plan ${planId} to complete`);
    if (stored.completedAt) return stored;
    const next = { ...stored, ...done };
    tx.set(full, next);
    tx.update(ref, { decision: decisionSummary(next) });
    return next;
  });
}

// --- The owner's campaigns -------------------------------------------------------------------

const BY_CLOSING = declareQuery({ name: 'every plan, latest closing first (data/plans.ts listPlansByClosing)', collection: PLANS, orderBy: [{ field: 'closingDate', dir: 'desc' }] });
const LAUNCHED_PLANS = declareQuery({ name: 'launched plans (data/plans.ts listLaunchedPlans)', collection: PLANS, where: [{ field: 'launched', op: '==' }] });
const CLOSING_BETWEEN = declareQuery({
  name: 'plans closing in a window (data/plans.ts listPlansClosingBetween)',
  collection: PLANS,
  where: [{ field: 'closingDate', op: '>' }, { field: 'closingDate', op: '<=' }],
});

/** Every plan, launched or not, latest closing first. */
export async function listPlansByClosing(limit = 200): Promise<PlanDoc[]> {
  const snap = await shapedQuery(await db(), BY_CLOSING, []).limit(limit).get();
  return snap.docs.map((d) => toPlan(d.id, d.data()));
}

/** Launched plans (open or not: the caller judges against its clock). */
export async function listLaunchedPlans(): Promise<PlanDoc[]> {
  const snap = await shapedQuery(await db(), LAUNCHED_PLANS, [true]).get();
  return snap.docs.map((d) => toPlan(d.id, d.data()));
}

/** A new plan and its progress document in one transaction; false (nothing written) when the id is taken. */
export async function createPlanWithProgress(planId: string, fields: Record<string, unknown>, minQuantity: number | null, at: string): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  const progressRef = firestore.collection(PLAN_PROGRESS).doc(planId);
  return firestore.runTransaction(async (tx) => {
    const [p, g] = await tx.getAll(ref, progressRef);
    if (p!.exists) return false;
    tx.create(ref, { ...fields, createdAt: at, updatedAt: at });
    if (!g!.exists) tx.create(progressRef, { orders: 0, copies: 0, minQuantity, updatedAt: at });
    return true;
  });
}

/**
 * Replaces a plan with what `next` makes of the stored one (and keeps its progress's threshold in
 * step), in one transaction; false when there is no such plan.
 */
export async function replacePlan(
  planId: string,
  next: (old: PlanDoc & { createdAt?: string }) => Record<string, unknown>,
  minQuantity: number | null,
  at: string,
): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    tx.set(ref, { ...next(snap.data() as PlanDoc & { createdAt?: string }), updatedAt: at });
    tx.set(firestore.collection(PLAN_PROGRESS).doc(planId), { minQuantity, updatedAt: at }, { merge: true });
    return true;
  });
}

/** Sets some of a plan's fields (launched, archived); false when there is no such plan. */
export async function updatePlanFields(planId: string, fields: Partial<Pick<PlanDoc, 'launched' | 'archived'>>): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    tx.update(ref, { ...fields, updatedAt: new Date().toISOString() });
    return true;
  });
}

/** Deletes a plan and its progress, only while no order names it; says why it did not. */
/** Whether any order (cancelled ones too) names the plan: such a plan cannot be deleted. One small read. */
export async function planHasOrders(planId: string): Promise<boolean> {
  const snap = await shapedQuery(await db(), ANY_ORDERS_OF_PLAN, [planId]).select().limit(1).get();
  return !snap.empty;
}

export async function deletePlanWithoutOrders(planId: string): Promise<'deleted' | 'missing' | 'hasOrders'> {
  const firestore = await db();
  const ref = firestore.collection(PLANS).doc(planId);
  const anyOrder = shapedQuery(firestore, ANY_ORDERS_OF_PLAN, [planId]).limit(1);
  return firestore.runTransaction(async (tx) => {
    const [snap, orders] = await Promise.all([tx.get(ref), tx.get(anyOrder)]);
    if (!snap.exists) return 'missing';
    if (!orders.empty) return 'hasOrders';
    tx.delete(ref);
    tx.delete(firestore.collection(PLAN_PROGRESS).doc(planId));
    return 'deleted';
  });
}

/** Plans whose closing date is after `afterIso` and at or before `untilIso` (single-field index on closingDate). */
export async function listPlansClosingBetween(afterIso: string, untilIso: string): Promise<PlanDoc[]> {
  const snap = await shapedQuery(await db(), CLOSING_BETWEEN, [afterIso, untilIso]).get();
  return snap.docs.map((d) => toPlan(d.id, d.data()));
}
