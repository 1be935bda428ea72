import { Router } from 'express';
import { z } from 'zod';
import { orderIdSchema, uidSchema } from '../../contracts/common';
import { bankDigitsInputSchema, lookupBankDigitsInputSchema, orderLookupInputSchema, placeOrderInputSchema } from '../../contracts/orders';
import { forbidden } from '../../lib/failure';
import { assertEmailVerified, assertSelfOrOwner, requireAuth, requireUser } from '../../http/middleware/auth';
import { rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { lookupOrder, lookupSetBankDigits, memberOrder, memberSetBankDigits, ordersOfMember, placeShopOrder } from './service';

const userParams = { params: z.object({ userId: uidSchema }) };
const orderParams = { params: z.object({ userId: uidSchema, orderId: orderIdSchema }) };
const placeSchemas = { ...orderParams, body: placeOrderInputSchema };
const lookupSchemas = { body: orderLookupInputSchema };
const lookupBankSchemas = { body: lookupBankDigitsInputSchema };
const bankSchemas = { ...orderParams, body: bankDigitsInputSchema };

/** Order lookups per client address per window: slows down guessing order numbers and contacts. */
export const LOOKUP_LIMIT = 10;
export const LOOKUP_WINDOW_MS = 15 * 60_000;

/** Shop orders under /api/order; the rules are in ./service.ts and ./place-order.ts. */
export function orderRouter() {
  const r = Router();

  r.post('/lookup', rateLimit({ name: 'order-lookup', windowMs: LOOKUP_WINDOW_MS, limit: LOOKUP_LIMIT }), validate(lookupSchemas), async (req, res) => {
    res.json(await lookupOrder(validated(req, lookupSchemas).body));
  });

  r.post('/lookup/bankAccountNo', rateLimit({ name: 'order-lookup', windowMs: LOOKUP_WINDOW_MS, limit: LOOKUP_LIMIT }), validate(lookupBankSchemas), async (req, res) => {
    res.json(await lookupSetBankDigits(validated(req, lookupBankSchemas).body));
  });

  r.get('/:userId', requireAuth, validate(userParams), async (req, res) => {
    const { userId } = validated(req, userParams).params;
    assertSelfOrOwner(req, userId);
    res.json(await ordersOfMember(userId));
  });

  r.get('/:userId/:orderId', requireAuth, validate(orderParams), async (req, res) => {
    const { userId, orderId } = validated(req, orderParams).params;
    assertSelfOrOwner(req, userId);
    res.json(await memberOrder(userId, orderId));
  });

  r.patch('/:userId/:orderId', requireAuth, validate(placeSchemas), async (req, res) => {
    const { params, body } = validated(req, placeSchemas);
    const user = requireUser(req);
    if (user.uid !== params.userId) throw forbidden('A member orders only for themselves');
    await assertEmailVerified(user);
    const { created, order } = await placeShopOrder(user, params.orderId, body);
    res.status(created ? 201 : 200).json(order);
  });

  r.put('/:userId/:orderId/bankAccountNo', requireAuth, validate(bankSchemas), async (req, res) => {
    const { params, body } = validated(req, bankSchemas);
    const user = requireUser(req);
    if (user.uid !== params.userId) throw forbidden('A member changes only their own orders');
    res.json(await memberSetBankDigits(params.userId, params.orderId, body));
  });

  return r;
}
