import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { productIdSchema } from '../../contracts/common';
import type { PreparedJson } from '../../data/products';
import { validate, validated } from '../../http/middleware/validate';
import { detailList, detailOf, openPlansOf, simpleList } from './service';

/** Public catalogue answers are cached by Hosting's CDN (s-maxage) and briefly by browsers. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
/** Plans open and close by the clock: a shorter CDN life than the books themselves. */
export const PLAN_OFFERS_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

const detailParams = { params: z.object({ productId: productIdSchema }) };

/** Sends a body serialised ahead of time; Express answers 304 itself when the ETag matches. */
function sendPrepared(res: Response, prepared: PreparedJson) {
  res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).set('ETag', prepared.etag).type('application/json; charset=utf-8').send(prepared.body);
}

export function productsRouter() {
  const r = Router();

  r.get('/simple', async (_req, res) => sendPrepared(res, await simpleList()));

  r.get('/detail', async (_req, res) => sendPrepared(res, await detailList()));

  r.get('/detail/:productId', validate(detailParams), async (req: Request, res: Response) => {
    sendPrepared(res, await detailOf(validated(req, detailParams).params.productId));
  });

  r.get('/detail/:productId/plans', validate(detailParams), async (req: Request, res: Response) => {
    const plans = await openPlansOf(validated(req, detailParams).params.productId);
    res.set('Cache-Control', PLAN_OFFERS_CACHE_CONTROL).json(plans);
  });

  return r;
}
