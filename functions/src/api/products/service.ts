import type { Product, ProductPlanOffer, ProductSummary } from '../../contracts/products';
import { getProduct, launchedCatalogue, openPlanOffers, prepareJson, type PreparedJson } from '../../data/products';
import { notFound } from '../../lib/failure';

// The public catalogue, for the API's routes (./router.ts) and the first HTML of the storefront pages
// (functions/src/ssr/source.ts) alike: one read, one rule.

/** GET /api/products/simple: the list fields of every launched book, serialised once per load. */
export async function simpleList(): Promise<PreparedJson> {
  return (await launchedCatalogue()).json.simple;
}

/** The same list as values (the rendered book list and home page). */
export async function summaries(): Promise<ProductSummary[]> {
  return (await launchedCatalogue()).simple;
}

/** GET /api/products/detail: every launched book with all its fields. */
export async function detailList(): Promise<PreparedJson> {
  return (await launchedCatalogue()).json.detail;
}

/**
 * One launched book, or 404 (unknown and unlaunched alike). Not in this instance's copy: a book launched
 * since it was loaded (up to CATALOGUE_TTL_MS ago, and the owner's invalidation reaches only the instance
 * that served the owner) must not answer 404, so Firestore itself is asked: otherwise its first page would
 * be a 404 with noindex, kept by the CDN.
 */
export async function launchedProduct(productId: string): Promise<Product> {
  const cached = (await launchedCatalogue()).byId.get(productId);
  if (cached) return cached;
  const product = await getProduct(productId);
  if (!product?.launched) throw notFound(`No launched product ${productId}`);
  return product;
}

/** GET /api/products/detail/{productId}: launchedProduct, serialised once per catalogue load. */
export async function detailOf(productId: string): Promise<PreparedJson> {
  return (await launchedCatalogue()).json.byId.get(productId) ?? prepareJson(await launchedProduct(productId));
}

/** GET /api/products/detail/{productId}/plans: the open group-buy plans that include a launched book. */
export async function openPlansOf(productId: string): Promise<ProductPlanOffer[]> {
  await launchedProduct(productId);
  return openPlanOffers(productId);
}
