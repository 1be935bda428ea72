import { createHash } from 'node:crypto';
import type { Product, ProductPlanOffer, ProductSummary } from '../../contracts/products';
import { getProduct, launchedCatalogue, openPlanOffers, type Catalogue } from '../../data/products';
import { notFound } from '../../lib/failure';

// The public catalogue, for the API's routes (./router.ts) and the first HTML of the storefront pages
// (functions/src/ssr/source.ts) alike: one read, one rule. The repository (data/products.ts) gives the
// books; the answers' shapes, bodies and ETags are made here.

/** A JSON answer serialised once per catalogue load, with its strong ETag. */
export interface PreparedJson {
  body: string;
  etag: string;
}

function prepareJson(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { body, etag: `"${Buffer.byteLength(body).toString(16)}-${hash}"` };
}

/** A book's list card. */
function productSummaryOf({ productId, name, imgSrc, listPrice, salePrice, isNew }: Product): ProductSummary {
  return { productId, name, imgSrc, listPrice, salePrice, isNew, isOnSale: salePrice < listPrice };
}

/** The answers of one catalogue load: /simple as values, and the bodies of /simple, /detail and /detail/{id}, so a read costs no serialisation or hashing. */
interface Answers {
  simple: ProductSummary[];
  json: { simple: PreparedJson; detail: PreparedJson; byId: Map<string, PreparedJson> };
}

// Keyed by the load itself: a new load makes its answers once, and the old ones go with the old load.
const answersOf = new WeakMap<Catalogue, Answers>();

async function answers(): Promise<Answers> {
  const catalogue = await launchedCatalogue();
  let a = answersOf.get(catalogue);
  if (!a) {
    const simple = catalogue.products.map(productSummaryOf);
    a = {
      simple,
      json: {
        simple: prepareJson(simple),
        detail: prepareJson(catalogue.products),
        byId: new Map(catalogue.products.map((p) => [p.productId, prepareJson(p)])),
      },
    };
    answersOf.set(catalogue, a);
  }
  return a;
}

/** GET /api/products/simple: the list fields of every launched book, serialised once per load. */
export async function simpleList(): Promise<PreparedJson> {
  return (await answers()).json.simple;
}

/** The same list as values (the rendered book list and home page). */
export async function summaries(): Promise<ProductSummary[]> {
  return (await answers()).simple;
}

/** GET /api/products/detail: every launched book with all its fields. */
export async function detailList(): Promise<PreparedJson> {
  return (await answers()).json.detail;
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
  return (await answers()).json.byId.get(productId) ?? prepareJson(await launchedProduct(productId));
}

/** GET /api/products/detail/{productId}/plans: the open group-buy plans that include a launched book. */
export async function openPlansOf(productId: string): Promise<ProductPlanOffer[]> {
  await launchedProduct(productId);
  return openPlanOffers(productId);
}
