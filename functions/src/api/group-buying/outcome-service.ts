import type { PlanDecision, RefundDue } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import type { CampaignOutcomeInput } from '../../contracts/group-buying';
import type { Order, OrderFields } from '../../contracts/orders';
import type { ReturnOp } from '../../domain/allocation-plan';
import { cancelledByCampaign, isActiveOrder, isPaid, isRefunded, isUnpaid, paidFromDigits, publicOrder, STATUS, type OrderDoc } from '../../domain/order';
import { allocateAll } from '../../allocator/stock-allocator';
import { queueMailsOnce } from '../../data/mail';
import { claimPlanDecision, completePlanDecision, getPlan, listPlanOrders, recordFormedAt, type PlanDoc } from '../../data/plans';
import { shopSettings } from '../../data/settings';
import { invalidateCatalogue } from '../../data/products';
import { conflict, notFound, unavailable } from '../../lib/failure';
import { campaignMailId, renderCampaignMail, type CampaignMail } from '../../mail/campaign-mails';
import { closeDuePlans, CLOSING_GRACE_MS } from './close-plans';
import { releaseFormedPlan } from './pay-after';

// The owner's 成團 / 流團 of a closed campaign, in one action (docs/group-buying.md, "The outcome").
// The decision is claimed on the plan first (one transaction: concurrent calls agree on one), then
// applied with steps that are each safe to run again: unpaid orders cancelled through the stock
// allocator (which applies a move once), mails written under ids made of the order and the outcome
// (created once), and the record completed once. A call cut off midway leaves the decision claimed and
// not completed; the same call again finishes it. A completed decision is answered as it is.

/** A refund due, as the order is now (refunded once the owner marked it). */
function refundRow(o: OrderDoc): RefundDue {
  const refund = isRefunded(o) ? [...o.statusHistory].reverse().find(isRefunded) : undefined;
  return { orderId: o.orderId, orderNo: o.orderNo, buyer: o.buyer || o.receiver.name, amount: o.totalPrice, bankDigits: paidFromDigits(o), status: o.status, refundedAt: refund?.at ?? null };
}

/** The decision with each refund's order as it is now (the console ticks off the refunded ones). */
export function withLiveRefunds(decision: PlanDecision, orders: readonly OrderDoc[]): PlanDecision {
  if (!decision.refundsDue.length) return decision;
  const byId = new Map(orders.map((o) => [o.orderId, o]));
  return { ...decision, refundsDue: decision.refundsDue.map((r) => (byId.has(r.orderId) ? { ...refundRow(byId.get(r.orderId)!), buyer: r.buyer, bankDigits: r.bankDigits } : r)) };
}

/** Cancels the plan's unpaid orders through the allocator: stock back once, progress down, no mail of its own. */
async function cancelUnpaid(planId: string, orders: readonly OrderFields[], decision: PlanDecision): Promise<void> {
  const cancellation = { reason: 'campaignFailed', planId, decidedAt: decision.at } as const;
  const ops: ReturnOp[] = orders.filter(isUnpaid).map((o) => ({ kind: 'return', orderId: o.orderId, from: o.status, to: STATUS.cancelledUnpaid, role: 'owner', by: decision.by, cancellation, mail: null }));
  if (!ops.length) return;
  const results = await allocateAll(ops);
  // 'skipped' = the order moved meanwhile (paid, or cancelled by a concurrent call): read again below.
  if (results.some((r) => r.kind === 'withdrawn' || r.kind === 'retry')) throw unavailable('The stock allocator did not answer in time; send the same decision again to finish it.');
}

/** Applies a claimed decision and completes its record (each step safe to repeat). */
async function apply(plan: PlanDoc, decision: PlanDecision): Promise<PlanDecision> {
  if (decision.outcome === 'failed') await cancelUnpaid(plan.planId, await listPlanOrders(plan.planId), decision);
  // A pay-after-成團 campaign the owner forms (below its threshold, too): the decision is its forming
  // moment when it had none, and its waiting orders are asked to pay (pay-after.ts). Without the 收款通知
  // of their own: the 成團 mail below, one per buyer, carries the bank details and the deadline.
  if (decision.outcome === 'succeeded' && plan.payAfterFormed) {
    if (!plan.formedAt) await recordFormedAt(plan.planId, decision.at);
    await releaseFormedPlan(plan.planId, new Date(), { notice: false });
  }
  const orders = await listPlanOrders(plan.planId);
  const settings = await shopSettings();
  const mails: { order: Order; mail: CampaignMail }[] = [];
  let refunds: OrderDoc[] = [];
  let cancelled = 0;
  if (decision.outcome === 'succeeded') {
    for (const o of orders.filter(isActiveOrder)) mails.push({ order: publicOrder(o), mail: { kind: 'formed' } });
  } else {
    const gone = orders.filter(cancelledByCampaign);
    cancelled = gone.length;
    for (const o of gone) mails.push({ order: publicOrder(o), mail: { kind: 'failedUnpaid' } });
    // Paid when decided; an order the owner refunded since the decision (before this completed) stays listed.
    refunds = orders.filter((o) => isPaid(o) || (isRefunded(o) && (refundRow(o).refundedAt ?? '') >= decision.at));
    for (const o of refunds.filter(isPaid)) mails.push({ order: publicOrder(o), mail: { kind: 'failedRefund', bankDigits: paidFromDigits(o) } });
  }
  const withEmail = mails.filter((m) => m.order.email);
  await queueMailsOnce(
    withEmail.map(({ order, mail }) => ({ id: campaignMailId(order.orderId, decision.outcome), mail: renderCampaignMail(mail, order, plan, settings, decision.note) })),
    `campaign-${decision.outcome}`,
  );
  const refundsDue = refunds.sort((a, b) => a.orderNo.localeCompare(b.orderNo)).map(refundRow);
  const done = await completePlanDecision(plan.planId, {
    counts: { orders: mails.length, mailed: withEmail.length, cancelled, refundsDue: refundsDue.length },
    refundsDue,
    refundsTotal: refundsDue.reduce((n, r) => n + r.amount, 0),
    completedAt: new Date().toISOString(),
  });
  invalidateCatalogue();
  return done;
}

/**
 * POST /api/admin/plans/{planId}/outcome: 成團 or 流團, once the campaign has closed (and its grace
 * minute passed: orders priced just before the close may still be committing). The closing job's
 * judgement is made first if it has not run yet, so the record says what was proposed. The same
 * decision again answers the record (replayed) and does nothing; the other one is 409 OUTCOME_DECIDED.
 */
export async function decideOutcome(planId: string, input: CampaignOutcomeInput, by: string, now = new Date()): Promise<{ decision: PlanDecision; replayed: boolean }> {
  let plan = await getPlan(planId);
  if (!plan) throw notFound(`No group-buy plan ${planId}`);
  if (now.getTime() < Date.parse(plan.closingDate) + CLOSING_GRACE_MS) {
    throw conflict(ERROR_KEYS.planNotClosed, `The plan closes at ${plan.closingDate}; decide a minute after that`);
  }
  if (!plan.outcome && !plan.decision) {
    await closeDuePlans(now, { planIds: [planId] });
    plan = (await getPlan(planId)) ?? plan;
  }
  const proposal: PlanDecision = {
    outcome: input.outcome,
    note: input.note ?? '',
    at: now.toISOString(),
    by,
    proposed: plan.outcome ?? null,
    completedAt: null,
    counts: { orders: 0, mailed: 0, cancelled: 0, refundsDue: 0 },
    refundsDue: [],
    refundsTotal: 0,
  };
  const claim = await claimPlanDecision(planId, proposal);
  if (claim.kind === 'missing') throw notFound(`No group-buy plan ${planId}`);
  const decision = claim.decision;
  if (decision.outcome !== input.outcome) throw conflict(ERROR_KEYS.outcomeDecided, `The plan was decided ${decision.outcome} at ${decision.at}`);
  if (decision.completedAt) return { decision: withLiveRefunds(decision, await listPlanOrders(planId)), replayed: true };
  return { decision: await apply(plan, decision), replayed: claim.kind === 'existing' };
}

