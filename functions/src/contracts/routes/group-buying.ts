import { z } from 'zod';
import { groupOrderParamsSchema, groupOrderViewSchema, groupPlanViewSchema, planParamsSchema } from '../group-buying';
import { orderSchema, placeGroupOrderInputSchema } from '../orders';
import { HOUR, K, OWNER, PLAN, PRIVATE, route, type RouteDecl } from './declare';

// Group buying: a campaign's page and its orders (api/group-buying/router.ts). Part of ROUTES (../routes.ts).

export const GROUP_BUYING_ROUTES = {
  getPlan: route({
    method: 'get',
    path: '/api/groupBuying/{planId}',
    tag: 'Group buying',
    summary: 'A group-buy plan with its books and progress',
    description: 'The plan, its books (name, image, list and group price, stock), `isOpen` and its progress. An unlaunched plan exists only for the owner.',
    access: 'optional',
    params: planParamsSchema,
    responses: { 200: { description: 'The plan', schema: groupPlanViewSchema } },
    errors: { 404: [K.notFound] },
    cache: PLAN,
    ownerCache: PRIVATE,
  }),
  listPlanOrders: route({
    method: 'get',
    path: '/api/groupOrder/{planId}',
    tag: 'Group buying',
    summary: 'Every order of a plan',
    description: "The owner's view of a plan's orders, newest first.",
    ...OWNER,
    params: planParamsSchema,
    responses: { 200: { description: 'The orders', schema: z.array(orderSchema) } },
    errors: { 404: [K.notFound] },
  }),
  getGroupOrder: route({
    method: 'get',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    summary: 'One group order',
    description: 'Whoever holds the order id reads the order; buyer, email, phone, address and bank digits are masked unless the caller is its signed-in buyer or the owner.',
    access: 'optional',
    params: groupOrderParamsSchema,
    responses: { 200: { description: 'The order', schema: groupOrderViewSchema } },
    errors: { 404: [K.notFound] },
  }),
  placeGroupOrder: route({
    method: 'patch',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    summary: 'Place a group order',
    description:
      'Anyone (a bearer token optional) places an order in an open plan. The client makes the `orderId` once per checkout; the server prices every line from the plan, checks it is open and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`. Rate-limited per client address, per email and per phone (canonical: docs/limits.md); an order that would take the unpaid copies of its contact (email, phone or account) in the plan over the shop\'s cap (default 20) is refused with 409 `UNPAID_LIMIT`.',
    access: 'optional',
    // Placing needs no account, so these stand between a script and the campaign's stock and the shop's
    // mail (docs/limits.md, "Group orders"): per client address, and per contact, since the confirmation
    // goes to the email given and the phone is what the owner calls.
    limits: [
      { name: 'group-order-client', windowMs: HOUR, limit: 10 },
      { name: 'group-order-email', windowMs: 24 * HOUR, limit: 5, per: 'email' },
      { name: 'group-order-phone', windowMs: 24 * HOUR, limit: 5, per: 'phone' },
    ],
    limitValidOnly: true,
    deadline: 'placement',
    params: groupOrderParamsSchema,
    body: placeGroupOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: groupOrderViewSchema },
      200: { description: 'The same request again: the order placed before', schema: groupOrderViewSchema },
    },
    errors: { 404: [K.notFound], 409: [K.outOfStock, K.planClosed, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }),
} as const satisfies Record<string, RouteDecl>;
