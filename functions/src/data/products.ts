import type { Product, ProductSummary } from '../contracts/products';
import { db } from '../lib/firebase';

const COLLECTION = 'products';
/** How long one instance keeps the launched catalogue in memory; Hosting's CDN caches on top. */
export const CATALOGUE_TTL_MS = 30_000;

interface Catalogue {
  at: number;
  products: Product[];
  byId: Map<string, Product>;
  simple: ProductSummary[];
}

let cache: Catalogue | null = null;
let inflight: Promise<Catalogue> | null = null;

function toProduct(id: string, data: FirebaseFirestore.DocumentData): Product {
  return { ...(data as Omit<Product, 'productId'>), productId: id };
}

export function toSummary(p: Product): ProductSummary {
  return {
    productId: p.productId,
    name: p.name,
    imgSrc: p.imgSrc,
    listPrice: p.listPrice,
    salePrice: p.salePrice,
    isNew: p.isNew,
    isOnSale: p.salePrice < p.listPrice,
  };
}

async function load(): Promise<Catalogue> {
  const snap = await (await db()).collection(COLLECTION).where('launched', '==', true).get();
  const products = snap.docs
    .map((d) => toProduct(d.id, d.data()))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.productId.localeCompare(b.productId));
  return { at: Date.now(), products, byId: new Map(products.map((p) => [p.productId, p])), simple: products.map(toSummary) };
}

/** The launched catalogue, loaded once per TTL per instance; concurrent callers share one read. */
export async function launchedCatalogue(): Promise<Catalogue> {
  if (cache && Date.now() - cache.at < CATALOGUE_TTL_MS) return cache;
  inflight ??= load().finally(() => (inflight = null));
  cache = await inflight;
  return cache;
}

/** Drops the in-memory catalogue (after an owner edit, and in tests). */
export function invalidateCatalogue() {
  cache = null;
}

/** Any product, launched or not, straight from Firestore (for pricing and the owner). */
export async function getProduct(productId: string): Promise<Product | null> {
  const snap = await (await db()).collection(COLLECTION).doc(productId).get();
  return snap.exists ? toProduct(snap.id, snap.data()!) : null;
}
