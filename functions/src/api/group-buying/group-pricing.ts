import { getProductDocs } from '../../data/products';
import type { PlanDoc } from '../../data/plans';
import type { PricedProduct, Pricing } from '../orders/place-order';

/**
 * Group orders pay the plan's groupPrice, capped by its maxPerOrder; a book outside the plan or no
 * longer launched is left out (the placement answers it as an invalid line). Whether the plan takes
 * new orders at all is decided by the group-buying service, not here.
 */
export function groupPricing(plan: PlanDoc): Pricing {
  return async (productIds) => {
    const inPlan = new Map(plan.products.map((p) => [p.productId, p]));
    const docs = await getProductDocs(productIds.filter((id) => inPlan.has(id)));
    const out = new Map<string, PricedProduct>();
    for (const [id, p] of docs) {
      const line = inPlan.get(id);
      if (!line || p.launched !== true) continue;
      out.set(id, {
        productId: id,
        name: String(p.name ?? id),
        unitPrice: line.groupPrice,
        ...(line.maxPerOrder !== undefined ? { maxPerOrder: line.maxPerOrder } : {}),
      });
    }
    return out;
  };
}
