import { Router } from 'express';
import { z } from 'zod';
import { orderIdSchema, uidSchema } from '../../contracts/common';
import { orderLookupInputSchema, placeOrderInputSchema } from '../../contracts/orders';
import { findOrderByNo, getOrder, listOrdersOfUser, toSummary } from '../../data/orders';
import { forbidden, notFound } from '../../http/errors';
import { assertEmailVerified, assertSelfOrOwner, requireAuth, requireUser } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { placeOrder } from '../../orders/place-order';
import { shopPricing } from '../../orders/shop-pricing';
import { lookupLimiter } from './lookup-limiter';

const userParams = { params: z.object({ userId: uidSchema }) };
const orderParams = { params: z.object({ userId: uidSchema, orderId: orderIdSchema }) };
const placeSchemas = { ...orderParams, body: placeOrderInputSchema };
const lookupSchemas = { body: orderLookupInputSchema };

const digits = (s: string) => s.replace(/\D/g, '');

/** Shop orders under /api/order (DESIGN.md section 5). */
export function orderRouter() {
  const r = Router();

  // Same 404 for no such order and for a wrong contact, so the lookup never confirms an order number.
  r.post('/lookup', lookupLimiter(), validate(lookupSchemas), async (req, res) => {
    const { body } = validated(req, lookupSchemas);
    const order = await findOrderByNo(body.orderNo);
    const matches =
      order &&
      ('email' in body ? order.email.toLowerCase() === body.email.toLowerCase() : digits(order.phone) !== '' && digits(order.phone) === digits(body.phone));
    if (!order || !matches) throw notFound('No order with this number and contact');
    res.json(toSummary(order));
  });

  r.get('/:userId', requireAuth, validate(userParams), async (req, res) => {
    const { userId } = validated(req, userParams).params;
    assertSelfOrOwner(req, userId);
    res.json(await listOrdersOfUser(userId));
  });

  r.get('/:userId/:orderId', requireAuth, validate(orderParams), async (req, res) => {
    const { userId, orderId } = validated(req, orderParams).params;
    assertSelfOrOwner(req, userId);
    const order = await getOrder(orderId);
    if (!order || order.userId !== userId) throw notFound(`No order ${orderId}`);
    res.json(order);
  });

  r.patch('/:userId/:orderId', requireAuth, validate(placeSchemas), async (req, res) => {
    const { params, body } = validated(req, placeSchemas);
    const user = requireUser(req);
    if (user.uid !== params.userId) throw forbidden('A member orders only for themselves');
    await assertEmailVerified(user);
    const { created, order } = await placeOrder({
      orderId: params.orderId,
      userId: user.uid,
      planId: null,
      input: body,
      buyer: user.name ?? body.receiver.name,
      email: user.email ?? '',
      pricing: shopPricing,
      actor: `member:${user.uid}`,
    });
    res.status(created ? 201 : 200).json(order);
  });

  return r;
}
