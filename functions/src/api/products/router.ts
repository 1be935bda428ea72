import type { Response } from 'express';
import { ROUTES } from '../../contracts/routes';
import { handle, sent } from '../../http/route';
import { detailList, detailOf, openPlansOf, simpleList, type PreparedJson } from './service';

/** Sends a body serialised ahead of time with its ETag; Express answers 304 itself when the ETag matches. */
function sendPrepared(res: Response, prepared: PreparedJson) {
  res.set('ETag', prepared.etag).type('application/json; charset=utf-8').send(prepared.body);
  return sent;
}

export const productsRoutes = [
  handle(ROUTES.listProductSummaries, async ({ res }) => sendPrepared(res, await simpleList())),
  handle(ROUTES.listProducts, async ({ res }) => sendPrepared(res, await detailList())),
  handle(ROUTES.getProduct, async ({ params, res }) => sendPrepared(res, await detailOf(params.productId))),
  handle(ROUTES.listProductPlanOffers, ({ params }) => openPlansOf(params.productId)),
];
