import { ERROR_KEYS } from '../../contracts/errors';
import { minPerOrderText } from '../../contracts/format';
import { isPlanOpen, type GroupOrderView, type GroupPlanView } from '../../contracts/group-buying';
import type { Order, PlaceGroupOrderInput } from '../../contracts/orders';
import { getOrderDoc } from '../../data/orders';
import { getPlan, listPlanOrders, type PlanDoc } from '../../data/plans';
import { conflict, invalid, notFound } from '../../lib/failure';
import { holdingRefusal } from '../orders/holding';
import { placeOrder, type PlaceOrderResult } from '../orders/place-order';
import { groupPricing } from './group-pricing';
import { releaseFormedPlan } from './pay-after';
import { logger } from '../../lib/logger';
import { toGroupOrderView } from './mask';
import { planView } from './plan-view';
import { awaitsFormation, publicOrder } from '../../domain/order';

// Group buying: the plans' pages and the group orders. The routes authenticate and validate; the
// rules live here, each decided once (whether a plan takes orders: isPlanOpen, judged in placeGroupOrder).

/** Who asks: a member (maybe the owner), or nobody signed in. */
export interface Viewer {
  uid: string;
  isOwner: boolean;
}

export const planClosed = (planId: string) => conflict(ERROR_KEYS.planClosed, `The group-buy plan ${planId} is not open for orders`);
const noPlan = (planId: string) => notFound(`No group-buy plan ${planId}`);

async function planOrFail(planId: string): Promise<PlanDoc> {
  const plan = await getPlan(planId);
  if (!plan) throw noPlan(planId);
  return plan;
}

/** GET /api/groupBuying/{planId}: anyone; an unlaunched plan exists only for the owner. */
export async function planForViewer(planId: string, viewer: Viewer | null, now: Date = new Date()): Promise<GroupPlanView> {
  const plan = await getPlan(planId);
  if (!plan || (!plan.launched && viewer?.isOwner !== true)) throw noPlan(planId);
  return planView(plan, now);
}

/** GET /api/groupOrder/{planId} (the owner): every order of the plan, newest first. */
export async function ordersOfPlan(planId: string): Promise<Order[]> {
  await planOrFail(planId);
  return (await listPlanOrders(planId)).map(publicOrder);
}

/** GET /api/groupOrder/{planId}/{orderId}: whoever holds the id; personal details only for the buyer and the owner. */
export async function groupOrderFor(planId: string, orderId: string, viewer: Viewer | null): Promise<GroupOrderView> {
  const order = await getOrderDoc(orderId);
  if (!order || order.planId !== planId) throw notFound(`No order ${orderId} in plan ${planId}`);
  const canSeeAll = !!viewer && (viewer.isOwner || (order.userId !== null && order.userId === viewer.uid));
  return toGroupOrderView(publicOrder(order), canSeeAll);
}

/** The plan's pickup point the buyer chose, or null for postal delivery; invalid when the plan offers neither. */
function resolvePickup(plan: PlanDoc, pickupPointId: string | undefined): Order['pickup'] {
  if (pickupPointId) {
    const p = plan.pickupPoints.find((x) => x.id === pickupPointId);
    if (!p) throw invalid('No such pickup point in the plan', [{ path: 'body.pickupPointId', message: '此活動沒有這個取貨地點' }]);
    return { id: p.id, name: p.name, address: p.address, hours: p.hours ?? '' };
  }
  if (!plan.postalDelivery && plan.pickupPoints.length) {
    throw invalid('The plan offers pickup only', [{ path: 'body.pickupPointId', message: '此活動僅限自取，請選擇取貨地點' }]);
  }
  return null;
}

export interface PlaceGroupOrderParams {
  planId: string;
  orderId: string;
  input: PlaceGroupOrderInput;
  /** The signed-in buyer, whose order then also appears under their /order; null for a guest. */
  buyer: { uid: string } | null;
  /** The instant the plan's closing date is judged against (a parameter so tests need no waiting). */
  now?: Date;
}

/**
 * PATCH /api/groupOrder/{planId}/{orderId}: anyone places a group order at the plan's prices. A closed
 * plan takes no new orders, but a retry of one that landed in time is still answered with it (the
 * placement settles an existing orderId before it would refuse a new one).
 */
export async function placeGroupOrder(p: PlaceGroupOrderParams): Promise<PlaceOrderResult & { view: GroupOrderView }> {
  // The contact's unpaid copies (../orders/holding.ts: the caps keep one contact from holding the
  // campaign's stock) are queried from the start, beside the plan and then the placement's own first
  // reads, which await them (placeOrder's `holding`): one wait, not one after another.
  const holding = holdingRefusal({ email: p.input.email, phone: p.input.phone, userId: p.buyer?.uid ?? null, planId: p.planId, items: p.input.items }, p.now);
  // Awaited below (or by placeOrder); a plan that is not found must not leave it unhandled.
  holding.catch(() => undefined);
  const plan = await planOrFail(p.planId);
  const open = isPlanOpen(plan, p.now ?? new Date());
  // A closed plan answers a replay or refuses: where the order would go no longer matters.
  const pickup = open ? resolvePickup(plan, p.input.pickupPointId) : null;
  const copies = p.input.items.reduce((n, i) => n + i.qty, 0);
  if (open && plan.minPerOrder && copies < plan.minPerOrder) {
    throw invalid(`The plan takes orders of at least ${plan.minPerOrder} copies`, [{ path: 'items', message: `${minPerOrderText(plan.minPerOrder)}，目前 ${copies} 本` }]);
  }
  // Judged before the placement, so concurrent orders of one contact could each pass it; the
  // per-contact rate limits of the route (contracts/routes.ts) bound such a burst to a handful.
  const refuseNew = open ? undefined : planClosed(plan.planId);
  const result = await placeOrder({
    orderId: p.orderId,
    userId: p.buyer?.uid ?? null,
    planId: plan.planId,
    input: p.input,
    buyer: p.input.buyer,
    email: p.input.email,
    pricing: groupPricing(plan),
    actor: p.buyer ? `member:${p.buyer.uid}` : 'guest',
    pickup,
    ...(plan.payAfterFormed && !plan.formedAt && plan.minQuantity != null ? { payAfter: { minQuantity: plan.minQuantity } } : {}),
    ...(refuseNew ? { refuseNew } : { holding }),
  });
  const order = plan.payAfterFormed ? await afterPayAfterPlacement(plan, result.order) : result.order;
  return { ...result, order, view: toGroupOrderView(order, true) };
}

/**
 * After any placement on a pay-after-成團 campaign: release the waiting orders if the campaign has
 * formed (./pay-after.ts), and answer this order as it is then. The order is placed whatever happens
 * here; a release that fails is done by the next placement or the closing job.
 */
async function afterPayAfterPlacement(plan: PlanDoc, order: Order): Promise<Order> {
  try {
    const { formedAt, released } = await releaseFormedPlan(plan);
    const mine = released.find((o) => o.orderId === order.orderId);
    if (mine) return mine;
    // Released by another process meanwhile: read it as it is.
    if (formedAt && awaitsFormation(order)) {
      const now = await getOrderDoc(order.orderId);
      return now ? publicOrder(now) : order;
    }
  } catch (err) {
    logger.warn('pay-after release failed; the next placement or the closing job releases', { planId: plan.planId, error: err instanceof Error ? err.message : String(err) });
  }
  return order;
}
