import type { ProductPlanOffer } from '../../contracts/products';
import { getProduct, launchedCatalogue, openPlanOffers, prepareJson, type PreparedJson } from '../../data/products';
import { notFound } from '../../lib/failure';

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
  if (prepared) return prepared;
  // Not in this instance's copy: a book launched since it was loaded (up to CATALOGUE_TTL_MS ago, and the
  // owner's invalidation reaches only the instance that served the owner) must not answer 404, so ask
  // Firestore itself.
  const product = await getProduct(productId);
  if (!product?.launched) throw notFound(`No launched product ${productId}`);
  return prepareJson(product);
}

/** GET /api/products/detail/{productId}/plans: the open group-buy plans that include a launched book. */
export async function openPlansOf(productId: string): Promise<ProductPlanOffer[]> {
  if (!(await launchedCatalogue()).byId.has(productId)) throw notFound(`No launched product ${productId}`);
  return openPlanOffers(productId);
}
