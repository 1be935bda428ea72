import { z } from 'zod';
import { orderIdSchema, uidSchema } from '../common';
import { bankDigitsInputSchema, lookupBankDigitsInputSchema, orderLookupInputSchema, orderSchema, orderSummarySchema, placeOrderInputSchema } from '../orders';
import { HOUR, K, MINUTE, route, type RouteDecl } from './declare';

// Shop orders: placing, looking up and the buyer's bank digits (api/orders/router.ts). Part of ROUTES (../routes.ts).

/** Order lookups per client address: slows down guessing order numbers and contacts. */
const LOOKUP_LIMIT = { name: 'order-lookup', windowMs: 15 * MINUTE, limit: 10 } as const;

const userParams = z.object({ userId: uidSchema });

const userOrderParams = z.object({ userId: uidSchema, orderId: orderIdSchema });

export const ORDERS_ROUTES = {
  lookupOrder: route({
    method: 'post',
    path: '/api/order/lookup',
    tag: 'Orders',
    summary: 'Look up an order by number and email or phone',
    description: 'A summary of the order for whoever knows its number and its email or phone. The same 404 for a wrong contact and for no such order; rate-limited per address.',
    access: 'public',
    limits: [LOOKUP_LIMIT],
    body: orderLookupInputSchema,
    responses: { 200: { description: 'The order summary', schema: orderSummarySchema } },
    errors: { 404: [K.notFound], 429: [K.tooManyAttempts] },
  }),
  lookupSetBankDigits: route({
    method: 'post',
    path: '/api/order/lookup/bankAccountNo',
    tag: 'Orders',
    summary: 'Give or correct the bank digits of a looked-up order',
    description: 'The lookup\'s proof (number and email or phone) with the last 5 digits of the paying account; accepted until the order is paid (409 `INVALID_TRANSITION` after). Answers the order summary; noted in the order\'s history; rate-limited with the lookup.',
    access: 'public',
    limits: [LOOKUP_LIMIT],
    body: lookupBankDigitsInputSchema,
    responses: { 200: { description: 'The order summary', schema: orderSummarySchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] },
  }),
  setBankDigits: route({
    method: 'put',
    path: '/api/order/{userId}/{orderId}/bankAccountNo',
    tag: 'Orders',
    summary: 'Give or correct the bank digits of an own order',
    description: 'The member gives the last 5 digits of the paying account, until the order is paid (409 `INVALID_TRANSITION` after); the owner\'s matching uses them. Noted in the order\'s history.',
    access: 'member',
    self: { param: 'userId', owner: false },
    params: userOrderParams,
    body: bankDigitsInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  listMemberOrders: route({
    method: 'get',
    path: '/api/order/{userId}',
    tag: 'Orders',
    summary: "A member's orders",
    description: "The member's orders (shop and signed-in group orders), newest first; self or owner.",
    access: 'member',
    self: { param: 'userId', owner: true },
    params: userParams,
    responses: { 200: { description: 'The orders', schema: z.array(orderSchema) } },
  }),
  getMemberOrder: route({
    method: 'get',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    summary: "One of a member's orders",
    description: 'Self or owner; 404 when the order is not this member\'s.',
    access: 'member',
    self: { param: 'userId', owner: true },
    params: userOrderParams,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound] },
  }),
  placeOrder: route({
    method: 'patch',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    summary: 'Place a shop order',
    description:
      'A member with a verified email orders for themselves. The client makes the `orderId` once per checkout; the server prices every line and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`; not enough stock answers 409 `OUT_OF_STOCK` and takes nothing.',
    access: 'member',
    self: { param: 'userId', owner: false },
    // The guests' holding caps apply (api/orders/holding.ts: unpaid copies per contact and book, copies
    // per order, orders per account a day); and new orders per client address (docs/limits.md).
    limits: [{ name: 'shop-order-client', windowMs: HOUR, limit: 20, count: 'created' }],
    limitValidOnly: true,
    deadline: 'placement',
    params: userOrderParams,
    body: placeOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: orderSchema },
      200: { description: 'The same request again: the order placed before', schema: orderSchema },
    },
    errors: { 403: [K.emailNotVerified], 404: [K.notFound], 409: [K.outOfStock, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }),
} as const satisfies Record<string, RouteDecl>;
