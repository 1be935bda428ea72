import { ROUTES } from '../../contracts/routes';
import { assertEmailVerified } from '../../http/middleware/auth';
import { handle } from '../../http/route';
import { lookupOrder, lookupSetBankDigits, memberOrder, memberSetBankDigits, ordersOfMember, placeShopOrder } from './service';

/** Shop orders under /api/order; the rules are in ./service.ts and ./place-order.ts. */
export const orderRoutes = [
  handle(ROUTES.lookupOrder, ({ body }) => lookupOrder(body)),
  handle(ROUTES.lookupSetBankDigits, ({ body }) => lookupSetBankDigits(body)),
  handle(ROUTES.listMemberOrders, ({ params }) => ordersOfMember(params.userId)),
  handle(ROUTES.getMemberOrder, ({ params }) => memberOrder(params.userId, params.orderId)),
  handle(ROUTES.placeOrder, async ({ params, body, user, status }) => {
    await assertEmailVerified(user);
    const { created, order } = await placeShopOrder(user, params.orderId, body);
    status(created ? 201 : 200);
    return order;
  }),
  handle(ROUTES.setBankDigits, ({ params, body }) => memberSetBankDigits(params.userId, params.orderId, body)),
];
