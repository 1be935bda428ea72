import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { productIdSchema } from '../../contracts/common';
import { stockMapSchema, stockQtyInputSchema } from '../../contracts/stock';
import { requireAuth, requireOwner, requireUser } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { allStock, setStock, stockOf } from './service';

/**
 * Stock changes with every order, so it is never cached for long: browsers revalidate every time
 * (ETag), and the CDN may absorb a burst for 2 s. The book pages follow the count live via Firestore.
 */
export const STOCK_CACHE_CONTROL = 'public, max-age=0, s-maxage=2, must-revalidate';

const idParams = z.object({ productId: productIdSchema });
const one = { params: idParams };
const patchAll = { body: stockMapSchema };
const patchOne = { params: idParams, body: stockQtyInputSchema };

/** Recorded in the movement log, as the console records its own edits. */
const ownerOf = (req: Request) => {
  const user = requireUser(req);
  return `owner:${user.email ?? user.uid}`;
};

export function stockRouter() {
  const r = Router();

  r.get('/', async (_req, res) => {
    res.set('Cache-Control', STOCK_CACHE_CONTROL).json(await allStock());
  });

  r.get('/:productId', validate(one), async (req: Request, res: Response) => {
    res.set('Cache-Control', STOCK_CACHE_CONTROL).json(await stockOf(validated(req, one).params.productId));
  });

  r.patch('/', requireAuth, requireOwner, validate(patchAll), async (req: Request, res: Response) => {
    res.json(await setStock(validated(req, patchAll).body, ownerOf(req)));
  });

  r.patch('/:productId', requireAuth, requireOwner, validate(patchOne), async (req: Request, res: Response) => {
    const { params, body } = validated(req, patchOne);
    const stock = await setStock({ [params.productId]: body.qty }, ownerOf(req));
    res.json({ productId: params.productId, qty: stock[params.productId] });
  });

  return r;
}
