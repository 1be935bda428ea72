import { isPlanOpen, type GroupPlanProduct, type GroupPlanView } from '../../contracts/group-buying';
import type { Product } from '../../contracts/products';
import { getPlanProgress, type PlanDoc } from '../../data/plans';
import { getProductDocs } from '../../data/products';
import { getStockCounts } from '../../data/stock';

/** GET /api/groupBuying/{planId}: the plan, its launched books with both prices and stock, and its progress. */
export async function planView(plan: PlanDoc, now: Date = new Date()): Promise<GroupPlanView> {
  const minQuantity = plan.minQuantity ?? null;
  const ids = plan.products.map((p) => p.productId);
  // Read fresh (a plan has a handful of books): a book launched a moment ago shows at once.
  const [docs, stock, progress] = await Promise.all([getProductDocs(ids), getStockCounts(ids), getPlanProgress(plan.planId, minQuantity)]);
  const byId = new Map<string, Product>();
  for (const [id, p] of docs) if (p.launched === true) byId.set(id, { ...(p as Product), productId: id });

  const products: GroupPlanProduct[] = [];
  for (const line of plan.products) {
    const p = byId.get(line.productId);
    if (!p) continue;
    products.push({
      productId: p.productId,
      name: p.name,
      subtitle: p.subtitle ?? '',
      author: p.author ?? '',
      imgSrc: p.imgSrc,
      listPrice: p.listPrice,
      groupPrice: line.groupPrice,
      maxPerOrder: line.maxPerOrder ?? null,
      stock: stock.get(p.productId) ?? 0,
      slogan: p.bookIntroduction?.slogan ?? '',
      overview: p.bookIntroduction?.overview ?? '',
      primaryColor: p.bookIntroduction?.primaryColor ?? '',
    });
  }

  return {
    planId: plan.planId,
    title: plan.title,
    organizer: plan.organizer,
    closingDate: plan.closingDate,
    isOpen: isPlanOpen(plan, now),
    bannerImg: plan.bannerImg,
    content: plan.content,
    products,
    minQuantity,
    minPerOrder: plan.minPerOrder ?? null,
    pickupNotes: plan.pickupNotes,
    paymentNotes: plan.paymentNotes,
    pickupPoints: plan.pickupPoints,
    postalDelivery: plan.postalDelivery,
    launched: plan.launched,
    progress,
    outcome: plan.outcome ?? null,
    decision: plan.decision?.completedAt ? { outcome: plan.decision.outcome, at: plan.decision.at, note: plan.decision.note } : null,
    payAfterFormed: plan.payAfterFormed,
    formedAt: plan.formedAt ?? null,
  };
}
