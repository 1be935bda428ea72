import { ERROR_KEYS } from '../contracts/errors';
import { isPlanOpen } from '../contracts/group-buying';
import type { Product } from '../contracts/products';
import type { PlanDoc } from '../data/plans';
import { conflict } from '../http/errors';
import { db } from '../lib/firebase';
import type { PricedProduct, Pricing } from '../orders/place-order';

export const planClosed = (planId: string) => conflict(ERROR_KEYS.planClosed, `The group-buy plan ${planId} is not open for orders`);

/**
 * Group orders pay the plan's groupPrice, capped by its maxPerOrder; a book outside the plan or no
 * longer launched is left out (400 from the placement service). A plan that is not open refuses
 * the whole order with 409 PLAN_CLOSED, judged at the moment the order is priced.
 */
export function groupPricing(plan: PlanDoc, { enforceOpen = true, now = () => new Date() }: { enforceOpen?: boolean; now?: () => Date } = {}): Pricing {
  return async (productIds) => {
    if (enforceOpen && !isPlanOpen(plan, now())) throw planClosed(plan.planId);
    const inPlan = new Map(plan.products.map((p) => [p.productId, p]));
    const ids = [...new Set(productIds)].filter((id) => inPlan.has(id));
    const firestore = await db();
    const snaps = ids.length ? await firestore.getAll(...ids.map((id) => firestore.collection('products').doc(id))) : [];
    const out = new Map<string, PricedProduct>();
    for (const s of snaps) {
      const p = s.data() as Partial<Product> | undefined;
      const line = inPlan.get(s.id);
      if (!p || !line || p.launched !== true) continue;
      out.set(s.id, {
        productId: s.id,
        name: String(p.name ?? s.id),
        unitPrice: line.groupPrice,
        ...(line.maxPerOrder !== undefined ? { maxPerOrder: line.maxPerOrder } : {}),
      });
    }
    return out;
  };
}
