import { ROUTES } from '../../contracts/routes';
import type { AuthUser } from '../../http/middleware/auth';
import { handle } from '../../http/route';
import { allStock, setStock, stockOf } from './service';

/** Recorded in the movement log, as the console records its own edits. */
const ownerOf = (user: AuthUser) => `owner:${user.email ?? user.uid}`;

export const stockRoutes = [
  handle(ROUTES.listStock, () => allStock()),
  handle(ROUTES.getStock, ({ params }) => stockOf(params.productId)),
  handle(ROUTES.setStockMany, ({ body, user }) => setStock(body, ownerOf(user))),
  handle(ROUTES.setStockOne, async ({ params, body, user }) => {
    const stock = await setStock({ [params.productId]: body.qty }, ownerOf(user));
    return { productId: params.productId, qty: stock[params.productId]! };
  }),
];
