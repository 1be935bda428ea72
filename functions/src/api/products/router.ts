import { Router } from 'express';
import { z } from 'zod';
import { productIdSchema } from '../../contracts/common';
import { launchedCatalogue } from '../../data/products';
import { notFound } from '../../http/errors';
import { validate, validated } from '../../http/middleware/validate';

/** Public catalogue answers are cached by Hosting's CDN (s-maxage) and briefly by browsers. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const detailParams = { params: z.object({ productId: productIdSchema }) };

export function productsRouter() {
  const r = Router();

  r.get('/simple', async (_req, res) => {
    const { simple } = await launchedCatalogue();
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(simple);
  });

  r.get('/detail', async (_req, res) => {
    const { products } = await launchedCatalogue();
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(products);
  });

  r.get('/detail/:productId', validate(detailParams), async (req, res) => {
    const { productId } = validated(req, detailParams).params;
    const product = (await launchedCatalogue()).byId.get(productId);
    if (!product) throw notFound(`No launched product ${productId}`);
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(product);
  });

  return r;
}
