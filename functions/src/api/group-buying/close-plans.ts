import type { PlanOutcome, PlanProgress } from '../../contracts/group-buying';
import { isActiveOrder } from '../../domain/order';
import { listPlanOrders, listPlansClosedBefore, markOrdersThresholdNotMet, recomputePlanProgress, setPlanOutcome } from '../../data/plans';

/** Orders priced just before the closing date may still be committing; judge a plan only after this. */
export const CLOSING_GRACE_MS = 60_000;

export interface ClosedPlanResult {
  planId: string;
  outcome: PlanOutcome;
  progress: PlanProgress;
  /** Orders marked groupOutcome: 'thresholdNotMet'. */
  marked: string[];
}

/**
 * Judges every plan whose closing date passed (more than CLOSING_GRACE_MS before `now`) and that has
 * not been judged yet: recomputes its progress from its orders; when it has a threshold
 * (minQuantity) that the active orders' copies did not reach, marks those orders
 * `groupOutcome: 'thresholdNotMet'` and the plan `outcome: 'thresholdNotMet'`. No order is
 * cancelled or refunded here: the owner decides. Idempotent: a judged plan is skipped.
 */
export async function closeDuePlans(now: Date = new Date(), opts: { planIds?: readonly string[] } = {}): Promise<ClosedPlanResult[]> {
  const cutoff = new Date(now.getTime() - CLOSING_GRACE_MS).toISOString();
  const due = (await listPlansClosedBefore(cutoff)).filter((p) => !p.outcome && (!opts.planIds || opts.planIds.includes(p.planId)));
  const results: ClosedPlanResult[] = [];
  for (const plan of due) {
    const minQuantity = plan.minQuantity ?? null;
    const progress = await recomputePlanProgress(plan.planId, minQuantity);
    let outcome: PlanOutcome = 'noThreshold';
    let marked: string[] = [];
    if (minQuantity != null) {
      outcome = progress.copies >= minQuantity ? 'thresholdMet' : 'thresholdNotMet';
      if (outcome === 'thresholdNotMet') {
        marked = (await listPlanOrders(plan.planId)).filter(isActiveOrder).map((o) => o.orderId);
        await markOrdersThresholdNotMet(marked, now.toISOString());
      }
    }
    await setPlanOutcome(plan.planId, outcome, now.toISOString());
    results.push({ planId: plan.planId, outcome, progress, marked });
  }
  return results;
}
