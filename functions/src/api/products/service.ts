import type { ProductPlanOffer } from '../../contracts/products';
import { launchedCatalogue, openPlanOffers, type PreparedJson } from '../../data/products';
import { notFound } from '../../http/errors';

/** GET /api/products/simple: the list fields of every launched book, serialised once per load. */
export async function simpleList(): Promise<PreparedJson> {
  return (await launchedCatalogue()).json.simple;
}

/** GET /api/products/detail: every launched book with all its fields. */
export async function detailList(): Promise<PreparedJson> {
  return (await launchedCatalogue()).json.detail;
}

/** GET /api/products/detail/{productId}: one launched book, or 404 (unknown and unlaunched alike). */
export async function detailOf(productId: string): Promise<PreparedJson> {
  const prepared = (await launchedCatalogue()).json.byId.get(productId);
  if (!prepared) throw notFound(`No launched product ${productId}`);
  return prepared;
}

/** GET /api/products/detail/{productId}/plans: the open group-buy plans that include a launched book. */
export async function openPlansOf(productId: string): Promise<ProductPlanOffer[]> {
  if (!(await launchedCatalogue()).byId.has(productId)) throw notFound(`No launched product ${productId}`);
  return openPlanOffers(productId);
}
