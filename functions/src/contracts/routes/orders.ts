import { z } from 'zod';
import { orderIdSchema, uidSchema } from '../common';
import { bankDigitsInputSchema, lookupBankDigitsInputSchema, orderLookupInputSchema, orderSchema, orderSummarySchema, placeOrderInputSchema } from '../orders';
import { HOUR, K, MINUTE, NOT_FOUND, ok, placement, routesOf, type RouteDecl } from './declare';

// Shop orders: placing, looking up and the buyer's bank digits (api/orders/router.ts). Part of ROUTES (../routes.ts).

/** Order lookups per client address: slows down guessing order numbers and contacts. */
const LOOKUP_LIMIT = { name: 'order-lookup', windowMs: 15 * MINUTE, limit: 10 } as const;

const userParams = z.object({ userId: uidSchema });

const userOrderParams = z.object({ userId: uidSchema, orderId: orderIdSchema });

/** The lookup's routes: anyone who knows the order's number and contact. */
const lookupRoute = routesOf({ tag: 'Orders', access: 'public' });

/** A member's own orders (each route says whether the owner may call it too). */
const memberOrderRoute = routesOf({ tag: 'Orders', access: 'member' });

export const ORDERS_ROUTES = {
  lookupOrder: lookupRoute('post', '/api/order/lookup', { limits: [LOOKUP_LIMIT], body: orderLookupInputSchema, responses: ok('The order summary', orderSummarySchema), errors: { 404: [K.notFound], 429: [K.tooManyAttempts] } },
    'Look up an order by number and email or phone', 'A summary of the order for whoever knows its number and its email or phone. The same 404 for a wrong contact and for no such order; rate-limited per address.'),
  lookupSetBankDigits: lookupRoute('post', '/api/order/lookup/bankAccountNo', { limits: [LOOKUP_LIMIT], body: lookupBankDigitsInputSchema, responses: ok('The order summary', orderSummarySchema), errors: { 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] } },
    'Give or correct the bank digits of a looked-up order', 'The lookup\'s proof (number and email or phone) with the last 5 digits of the paying account; accepted until the order is paid (409 `INVALID_TRANSITION` after). Answers the order summary; noted in the order\'s history; rate-limited with the lookup.'),
  setBankDigits: memberOrderRoute('put', '/api/order/{userId}/{orderId}/bankAccountNo', { self: { param: 'userId', owner: false }, params: userOrderParams, body: bankDigitsInputSchema, responses: ok('The order', orderSchema), errors: { 404: [K.notFound], 409: [K.invalidTransition] } },
    'Give or correct the bank digits of an own order', 'The member gives the last 5 digits of the paying account, until the order is paid (409 `INVALID_TRANSITION` after); the owner\'s matching uses them. Noted in the order\'s history.'),
  listMemberOrders: memberOrderRoute('get', '/api/order/{userId}', { self: { param: 'userId', owner: true }, params: userParams, responses: ok('The orders', z.array(orderSchema)) },
    "A member's orders", "The member's orders (shop and signed-in group orders), newest first; self or owner."),
  getMemberOrder: memberOrderRoute('get', '/api/order/{userId}/{orderId}', { self: { param: 'userId', owner: true }, params: userOrderParams, responses: ok('The order', orderSchema), errors: NOT_FOUND },
    "One of a member's orders", 'Self or owner; 404 when the order is not this member\'s.'),
  placeOrder: memberOrderRoute('patch', '/api/order/{userId}/{orderId}', {
    self: { param: 'userId', owner: false },
    // The guests' holding caps apply (api/orders/holding.ts: unpaid copies per contact and book, copies
    // per order, orders per account a day); and new orders per client address (docs/limits.md).
    limits: [{ name: 'shop-order-client', windowMs: HOUR, limit: 20, count: 'created' }],
    params: userOrderParams,
    body: placeOrderInputSchema,
    ...placement(orderSchema),
    errors: { 403: [K.emailNotVerified], 404: [K.notFound], 409: [K.outOfStock, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }, 'Place a shop order',
    'A member with a verified email orders for themselves. The client makes the `orderId` once per checkout; the server prices every line and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`; not enough stock answers 409 `OUT_OF_STOCK` and takes nothing.'),
} as const satisfies Record<string, RouteDecl>;
