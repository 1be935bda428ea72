import { Router } from 'express';
import { groupOrderParamsSchema, planParamsSchema } from '../../contracts/group-buying';
import { placeGroupOrderInputSchema } from '../../contracts/orders';
import { currentUser, optionalAuth, requireAuth, requireOwner } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { groupOrderFor, ordersOfPlan, placeGroupOrder, planForViewer } from './service';

/** Progress is live through Firestore; the CDN may hold the plan for a few seconds, browsers revalidate (stock changes). */
export const PLAN_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

const planSchemas = { params: planParamsSchema };
const orderSchemas = { params: groupOrderParamsSchema };
const placeSchemas = { params: groupOrderParamsSchema, body: placeGroupOrderInputSchema };

/** /api/groupBuying (plans) and /api/groupOrder (group orders); the rules are in ./service.ts. */
export function groupBuyingRouter() {
  const plans = Router();
  const orders = Router();

  plans.get('/:planId', optionalAuth, validate(planSchemas), async (req, res) => {
    const { planId } = validated(req, planSchemas).params;
    const viewer = currentUser(req);
    const view = await planForViewer(planId, viewer);
    res.set('Cache-Control', viewer?.isOwner ? 'private, no-store' : PLAN_CACHE_CONTROL).json(view);
  });

  orders.get('/:planId', requireAuth, requireOwner, validate(planSchemas), async (req, res) => {
    res.json(await ordersOfPlan(validated(req, planSchemas).params.planId));
  });

  orders.get('/:planId/:orderId', optionalAuth, validate(orderSchemas), async (req, res) => {
    const { planId, orderId } = validated(req, orderSchemas).params;
    res.json(await groupOrderFor(planId, orderId, currentUser(req)));
  });

  orders.patch('/:planId/:orderId', optionalAuth, validate(placeSchemas), async (req, res) => {
    const { params, body } = validated(req, placeSchemas);
    const { created, view } = await placeGroupOrder({ planId: params.planId, orderId: params.orderId, input: body, buyer: currentUser(req) });
    res.status(created ? 201 : 200).json(view);
  });

  return { plans, orders };
}
