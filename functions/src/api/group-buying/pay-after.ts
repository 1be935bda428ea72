import type { Order } from '../../contracts/orders';
import { formationChange, mailIdOf, publicOrder, STATUS } from '../../domain/order';
import { moveOrdersOfPlan, plansWithOrdersIn } from '../../data/orders';
import { getPlan, getPlanProgress, recordFormedAt, type PlanDoc } from '../../data/plans';
import { shopSettings } from '../../data/settings';
import { renderOrderMail } from '../../mail/order-mails';

// Pay after 成團 (docs/group-buying.md, "Pay after 成團"): a campaign with payAfterFormed takes orders
// without asking for payment (awaitingFormation, no deadline) until its active orders' copies reach its
// threshold. From that moment (recorded once on the plan as formedAt) every waiting order awaits
// payment, due the shop's paymentDueDays later, and its buyer is mailed the payment notice.
//
// Many processes place orders at once, so nothing here trusts a process's memory: the copies are
// planProgress's, the moment is the plan's formedAt, and each order moves with a write preconditioned
// on the version read, its mail under a fixed id (`{orderId}-awaitingPayment`). The release is run
// by every placement on such a campaign and by the closing job, so that whichever runs last after the
// threshold is crossed moves what is left: it converges, and running it again changes nothing.

/** Whether the plan has formed: its moment recorded, or its copies at the threshold now. */
async function formedMoment(plan: PlanDoc, now: Date): Promise<string | null> {
  if (plan.formedAt) return plan.formedAt;
  if (plan.minQuantity == null) return null;
  const progress = await getPlanProgress(plan.planId, plan.minQuantity);
  if (progress.copies < plan.minQuantity) return null;
  return recordFormedAt(plan.planId, now.toISOString());
}

/**
 * Releases the plan's waiting orders once it has formed: each moves to awaitingPayment, due from the
 * forming moment, with its payment notice. Answers the orders it moved (none when not formed, or when
 * another process moved them first).
 */
export async function releaseFormedPlan(planOrId: PlanDoc | string, now: Date = new Date(), { notice = true }: { notice?: boolean } = {}): Promise<{ formedAt: string | null; released: Order[] }> {
  const plan = typeof planOrId === 'string' ? await getPlan(planOrId) : planOrId;
  if (!plan) return { formedAt: null, released: [] };
  const formedAt = await formedMoment(plan, now);
  if (!formedAt) return { formedAt: null, released: [] };
  const settings = await shopSettings();
  const at = now.toISOString();
  const moved = await moveOrdersOfPlan(plan.planId, STATUS.awaitingFormation, (doc) => {
    const d = formationChange(doc, { formedAt, paymentDueDays: settings.paymentDueDays, at });
    if ('refusal' in d) return null;
    return { next: d.next, mail: d.mail && notice ? { id: mailIdOf(d.next, d.mail), doc: renderOrderMail(d.mail, publicOrder(d.next), settings) } : null };
  });
  return { formedAt, released: moved.map(publicOrder) };
}

/**
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 * The scheduled backstop (functions/src/index.ts, remindUnpaidOrders, every 30 minutes): every plan
 * with an order still awaitingFormation is released if it has formed. The backstop for an order that
 * landed after the last placement's release, or whose placer died before releasing.
 */
export async function releaseFormedPlans(now: Date = new Date()): Promise<{ plans: number; released: number }> {
  let released = 0;
  const planIds = await plansWithOrdersIn(STATUS.awaitingFormation);
  for (const planId of planIds) released += (await releaseFormedPlan(planId, now)).released.length;
  return { plans: planIds.length, released };
}
