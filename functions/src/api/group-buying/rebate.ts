import type { PlanRebate } from '../../contracts/admin';
import { rebateOf } from '../../contracts/group-buying';
import type { OrderFields } from '../../contracts/orders';
import type { PlanDoc } from '../../data/plans';
import { isPaid } from '../../domain/order';

// 團主回饋, the association's rebate (docs/group-buying.md, "The organiser's rebate"): on the books of
// the paid orders (preparing, shipped; shipping left out), per order floor(books × percent / 100) in
// whole NT$ (contracts/group-buying.ts rebateOf), the campaign's amount the sum of the orders'. A failed
// campaign (流團) carries none: its paid orders are refunded.


/** The plan's rebate over its orders, or null when it carries no percentage. */
export function planRebate(plan: Pick<PlanDoc, 'rebatePercent' | 'decision'>, orders: readonly OrderFields[]): PlanRebate | null {
  const percent = plan.rebatePercent;
  if (percent === undefined || percent === null) return null;
  const failed = plan.decision?.outcome === 'failed';
  const paid = failed ? [] : orders.filter(isPaid);
  const perOrder: Record<string, number> = {};
  for (const o of paid) perOrder[o.orderId] = rebateOf(o.itemsTotal, percent);
  return {
    percent,
    paidOrders: paid.length,
    paidBooksTotal: paid.reduce((n, o) => n + o.itemsTotal, 0),
    amount: Object.values(perOrder).reduce((a, b) => a + b, 0),
    perOrder,
  };
}
