import { z } from 'zod';
import { groupOrderParamsSchema, groupOrderViewSchema, groupPlanViewSchema, planParamsSchema } from '../group-buying';
import { orderSchema, placeGroupOrderInputSchema } from '../orders';
import { HOUR, K, NOT_FOUND, ok, OWNER, placement, PLAN, PRIVATE, routesOf, type RouteDecl } from './declare';

// Group buying: a campaign's page and its orders (api/group-buying/router.ts). Part of ROUTES (../routes.ts).

/** A campaign's public routes: anyone, a bearer token optional (the owner and the buyer see more). */
const groupRoute = routesOf({ tag: 'Group buying', access: 'optional' });

/** The owner's view of a campaign's orders. */
const ownerGroupRoute = routesOf({ tag: 'Group buying', ...OWNER });

export const GROUP_BUYING_ROUTES = {
  getPlan: groupRoute('get', '/api/groupBuying/{planId}', { params: planParamsSchema, responses: ok('The plan', groupPlanViewSchema), errors: NOT_FOUND, cache: PLAN, ownerCache: PRIVATE },
    'A group-buy plan with its books and progress', 'The plan, its books (name, image, list and group price, stock), `isOpen` and its progress. An unlaunched plan exists only for the owner.'),
  listPlanOrders: ownerGroupRoute('get', '/api/groupOrder/{planId}', { params: planParamsSchema, responses: ok('The orders', z.array(orderSchema)), errors: NOT_FOUND },
    'Every order of a plan', "The owner's view of a plan's orders, newest first."),
  getGroupOrder: groupRoute('get', '/api/groupOrder/{planId}/{orderId}', { params: groupOrderParamsSchema, responses: ok('The order', groupOrderViewSchema), errors: NOT_FOUND },
    'One group order', 'Whoever holds the order id reads the order; buyer, email, phone, address and bank digits are masked unless the caller is its signed-in buyer or the owner.'),
  placeGroupOrder: groupRoute('patch', '/api/groupOrder/{planId}/{orderId}', {
    // Placing needs no account, so these stand between a script and the campaign's stock and the shop's
    // mail (docs/limits.md, "Group orders"): per client address, and per contact, since the confirmation
    // goes to the email given and the phone is what the owner calls.
    limits: [
      { name: 'group-order-client', windowMs: HOUR, limit: 10 },
      { name: 'group-order-email', windowMs: 24 * HOUR, limit: 5, per: 'email' },
      { name: 'group-order-phone', windowMs: 24 * HOUR, limit: 5, per: 'phone' },
    ],
    params: groupOrderParamsSchema,
    body: placeGroupOrderInputSchema,
    ...placement(groupOrderViewSchema),
    errors: { 404: [K.notFound], 409: [K.outOfStock, K.planClosed, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }, 'Place a group order',
    'Anyone (a bearer token optional) places an order in an open plan. The client makes the `orderId` once per checkout; the server prices every line from the plan, checks it is open and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`. Rate-limited per client address, per email and per phone (canonical: docs/limits.md); an order that would take the unpaid copies of its contact (email, phone or account) in the plan over the shop\'s cap (default 20) is refused with 409 `UNPAID_LIMIT`.'),
} as const satisfies Record<string, RouteDecl>;
