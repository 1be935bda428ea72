import { Router } from 'express';
import { groupOrderParamsSchema, planParamsSchema } from '../../contracts/group-buying';
import { placeGroupOrderInputSchema } from '../../contracts/orders';
import { currentUser, optionalAuth, requireAuth, requireOwner } from '../../http/middleware/auth';
import { bodyEmail, bodyPhone, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { groupOrderFor, ordersOfPlan, placeGroupOrder, planForViewer } from './service';

/** Progress is live through Firestore; the CDN may hold the plan for a few seconds, browsers revalidate (stock changes). */
export const PLAN_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

const HOUR = 3_600_000;

const planSchemas = { params: planParamsSchema };
const orderSchemas = { params: groupOrderParamsSchema };
const placeSchemas = { params: groupOrderParamsSchema, body: placeGroupOrderInputSchema };

/** /api/groupBuying (plans) and /api/groupOrder (group orders); the rules are in ./service.ts. */
export function groupBuyingRouter() {
  const plans = Router();
  const orders = Router();

  // Placing needs no account, so these stand between a script and the campaign's stock and the shop's
  // mail (docs/limits.md, "Group orders"): per client address, and per contact, since the confirmation
  // goes to the email given and the phone is what the owner calls. They run after validation, so
  // refused input never counts.
  const placeLimits = [
    rateLimit({ name: 'group-order-client', windowMs: HOUR, limit: 10 }),
    rateLimit({ name: 'group-order-email', windowMs: 24 * HOUR, limit: 5, key: bodyEmail }),
    rateLimit({ name: 'group-order-phone', windowMs: 24 * HOUR, limit: 5, key: bodyPhone }),
  ];

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

  orders.patch('/:planId/:orderId', optionalAuth, validate(placeSchemas), ...placeLimits, async (req, res) => {
    const { params, body } = validated(req, placeSchemas);
    const { created, view } = await placeGroupOrder({ planId: params.planId, orderId: params.orderId, input: body, buyer: currentUser(req) });
    res.status(created ? 201 : 200).json(view);
  });

  return { plans, orders };
}
