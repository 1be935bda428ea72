import { Router } from 'express';
import { groupOrderParamsSchema, isPlanOpen, planParamsSchema } from '../../contracts/group-buying';
import { placeGroupOrderInputSchema } from '../../contracts/orders';
import { getOrder } from '../../data/orders';
import { getPlan, listPlanOrders, type PlanDoc } from '../../data/plans';
import { groupPricing, planClosed } from '../../group-buying/group-pricing';
import { toGroupOrderView } from '../../group-buying/mask';
import { planView } from '../../group-buying/plan-view';
import { badRequest, notFound } from '../../http/errors';
import { currentUser, optionalAuth, requireAuth, requireOwner } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { placeOrder } from '../../orders/place-order';

/** Progress is live through Firestore; the CDN may hold the plan for a few seconds, browsers revalidate (stock changes). */
export const PLAN_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

const planSchemas = { params: planParamsSchema };
const orderSchemas = { params: groupOrderParamsSchema };
const placeSchemas = { params: groupOrderParamsSchema, body: placeGroupOrderInputSchema };

const noPlan = (planId: string) => notFound(`No group-buy plan ${planId}`);

/** The plan's pickup point the buyer chose, or null for postal delivery; 400 when the plan offers neither. */
function resolvePickup(plan: PlanDoc, pickupPointId: string | undefined) {
  if (pickupPointId) {
    const p = plan.pickupPoints.find((x) => x.id === pickupPointId);
    if (!p) throw badRequest('No such pickup point in the plan', [{ path: 'body.pickupPointId', message: '此活動沒有這個取貨地點' }]);
    return { id: p.id, name: p.name, address: p.address, hours: p.hours ?? '' };
  }
  if (!plan.postalDelivery && plan.pickupPoints.length) {
    throw badRequest('The plan offers pickup only', [{ path: 'body.pickupPointId', message: '此活動僅限自取，請選擇取貨地點' }]);
  }
  return null;
}

/** /api/groupBuying (plans) and /api/groupOrder (group orders), DESIGN.md section 5. */
export function groupBuyingRouter() {
  const plans = Router();
  const orders = Router();

  // Anyone; an unlaunched plan exists only for the owner.
  plans.get('/:planId', optionalAuth, validate(planSchemas), async (req, res) => {
    const { planId } = validated(req, planSchemas).params;
    const owner = currentUser(req)?.isOwner === true;
    const plan = await getPlan(planId);
    if (!plan || (!plan.launched && !owner)) throw noPlan(planId);
    res.set('Cache-Control', owner ? 'private, no-store' : PLAN_CACHE_CONTROL).json(await planView(plan));
  });

  // The owner: every order of the plan, newest first.
  orders.get('/:planId', requireAuth, requireOwner, validate(planSchemas), async (req, res) => {
    const { planId } = validated(req, planSchemas).params;
    if (!(await getPlan(planId))) throw noPlan(planId);
    res.json(await listPlanOrders(planId));
  });

  // Whoever holds the id; personal details only for the buyer (signed in) and the owner.
  orders.get('/:planId/:orderId', optionalAuth, validate(orderSchemas), async (req, res) => {
    const { planId, orderId } = validated(req, orderSchemas).params;
    const order = await getOrder(orderId);
    if (!order || order.planId !== planId) throw notFound(`No order ${orderId} in plan ${planId}`);
    const user = currentUser(req);
    const canSeeAll = !!user && (user.isOwner || (order.userId !== null && order.userId === user.uid));
    res.json(toGroupOrderView(order, canSeeAll));
  });

  // Anyone places a group order; a signed-in buyer's order also appears under their /order.
  orders.patch('/:planId/:orderId', optionalAuth, validate(placeSchemas), async (req, res) => {
    const { params, body } = validated(req, placeSchemas);
    const plan = await getPlan(params.planId);
    if (!plan) throw noPlan(params.planId);
    // A closed plan takes no new orders, but a retry of one that landed in time is still answered
    // (200, or 409 ORDER_CONFLICT): placeOrder settles an existing orderId before pricing matters.
    const open = isPlanOpen(plan);
    if (!open && !(await getOrder(params.orderId))) throw planClosed(plan.planId);
    const pickup = resolvePickup(plan, body.pickupPointId);
    const user = currentUser(req);
    const { created, order } = await placeOrder({
      orderId: params.orderId,
      userId: user?.uid ?? null,
      planId: plan.planId,
      input: body,
      buyer: body.buyer,
      email: body.email,
      pricing: groupPricing(plan, { enforceOpen: open }),
      actor: user ? `member:${user.uid}` : 'guest',
      pickup,
    });
    res.status(created ? 201 : 200).json(toGroupOrderView(order, true));
  });

  return { plans, orders };
}
