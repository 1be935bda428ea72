import { productSchema, type Product, type ProductPlanOffer } from '../contracts/products';
import { config } from '../config';
import { db } from '../lib/firebase';
import { logger } from '../lib/logger';
import { PLANS } from './plans';
import { declareQuery, shapedQuery } from './query-shapes';
import { STOCK } from './stock';

export const PRODUCTS = 'products';
const COLLECTION = PRODUCTS;
/** How long one instance keeps the launched catalogue in memory (30 s unless the test stack shortens it); Hosting's CDN caches on top. */
const catalogueTtlMs = () => config().catalogueTtlMs;

/** The launched books as loaded: a new object per load (api/products/service.ts keeps its answers per load). */
export interface Catalogue {
  at: number;
  products: Product[];
  byId: Map<string, Product>;
}

let cache: Catalogue | null = null;
let inflight: Promise<Catalogue> | null = null;

/**
 * Firestore data -> Product with the contract's defaults. A malformed document is left out (and
 * logged) rather than breaking the whole catalogue.
 */
function toProduct(id: string, data: FirebaseFirestore.DocumentData): Product | null {
  const r = productSchema.safeParse({ ...data, productId: id });
  if (r.success) return r.data;
  logger.warn('skipping a malformed product', { productId: id, issues: r.error.issues.slice(0, 5) });
  return null;
}

const LAUNCHED = declareQuery({ name: 'the launched books (data/products.ts catalogue, launchedProductIds)', collection: COLLECTION, where: [{ field: 'launched', op: '==' }] });
const LAUNCHED_PLANS = declareQuery({ name: 'the launched plans, for the books they offer (data/products.ts plan offers)', collection: PLANS, where: [{ field: 'launched', op: '==' }] });

async function load(): Promise<Catalogue> {
  const snap = await shapedQuery(await db(), LAUNCHED, [true]).get();
  const products = snap.docs
    .map((d) => toProduct(d.id, d.data()))
    .filter((p): p is Product => p !== null)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.productId.localeCompare(b.productId));
  return { at: Date.now(), products, byId: new Map(products.map((p) => [p.productId, p])) };
}

/** The launched catalogue, loaded once per TTL per instance; concurrent callers share one read. */
export async function launchedCatalogue(): Promise<Catalogue> {
  if (cache && Date.now() - cache.at < catalogueTtlMs()) return cache;
  inflight ??= load().finally(() => (inflight = null));
  cache = await inflight;
  return cache;
}

/** The ids of the launched books (whatever their content), fresh: one index read, no document bodies. */
export async function launchedProductIds(): Promise<Set<string>> {
  const snap = await shapedQuery(await db(), LAUNCHED, [true]).select().get();
  return new Set(snap.docs.map((d) => d.id));
}

/** Any product, launched or not, straight from Firestore (for pricing and the owner). */
export async function getProduct(productId: string): Promise<Product | null> {
  const snap = await (await db()).collection(COLLECTION).doc(productId).get();
  return snap.exists ? toProduct(snap.id, snap.data()!) : null;
}

// --- Open group-buy plans per book (the book page's group-buy price section) ---------------------

interface PlanOfferCache {
  at: number;
  /** Every launched plan's offers, with the closing instant parsed once. */
  offers: { productId: string; closesAt: number; offer: ProductPlanOffer }[];
}

let plansCache: PlanOfferCache | null = null;
let plansInflight: Promise<PlanOfferCache> | null = null;

async function loadPlanOffers(): Promise<PlanOfferCache> {
  const snap = await shapedQuery(await db(), LAUNCHED_PLANS, [true]).get();
  const offers: PlanOfferCache['offers'] = [];
  for (const d of snap.docs) {
    const plan = d.data();
    const closesAt = typeof plan.closingDate === 'string' ? Date.parse(plan.closingDate) : NaN;
    if (!Number.isFinite(closesAt) || !Array.isArray(plan.products)) continue;
    for (const line of plan.products as { productId?: unknown; groupPrice?: unknown }[]) {
      if (typeof line?.productId !== 'string' || typeof line.groupPrice !== 'number') continue;
      offers.push({
        productId: line.productId,
        closesAt,
        offer: {
          planId: d.id,
          title: String(plan.title ?? ''),
          organizer: String(plan.organizer ?? ''),
          groupPrice: line.groupPrice,
          closingDate: new Date(closesAt).toISOString(),
        },
      });
    }
  }
  offers.sort((a, b) => a.closesAt - b.closesAt || a.offer.planId.localeCompare(b.offer.planId));
  return { at: Date.now(), offers };
}

/**
 * The launched plans still open now that include this book, soonest closing first. The plans are
 * read once per TTL per instance; "open" is decided per call against the clock.
 */
export async function openPlanOffers(productId: string, now = Date.now()): Promise<ProductPlanOffer[]> {
  if (!plansCache || now - plansCache.at >= catalogueTtlMs()) {
    plansInflight ??= loadPlanOffers().finally(() => (plansInflight = null));
    plansCache = await plansInflight;
  }
  return plansCache.offers.filter((o) => o.productId === productId && o.closesAt > now).map((o) => o.offer);
}

/** Drops the in-memory catalogue and plan offers (after an owner edit, and in tests). */
export function invalidateCatalogue() {
  cache = null;
  plansCache = null;
}

/**
 * The stored fields of these books, straight from Firestore in one round trip (pricing, the owner's
 * edits, a plan's page): a book launched or repriced a moment ago counts at once. Missing books are
 * left out of the map. No schema here: each caller checks the fields it relies on.
 */
export async function getProductDocs(productIds: readonly string[]): Promise<Map<string, Partial<Product>>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, Partial<Product>>();
  if (!ids.length) return out;
  const firestore = await db();
  const snaps = await firestore.getAll(...ids.map((id) => firestore.collection(COLLECTION).doc(id)));
  for (const s of snaps) if (s.exists) out.set(s.id, s.data() as Partial<Product>);
  return out;
}

// --- The owner's catalogue: every stored book, whatever its state -----------------------------

/** A stored book as it is (maybe incomplete or broken) with its stock record's data. */
export interface StoredProduct {
  productId: string;
  data: Record<string, unknown>;
  stock: Record<string, unknown> | undefined;
}

/** Every stored book (launched or hidden) with its stock record. */
export async function listStoredProducts(): Promise<StoredProduct[]> {
  const firestore = await db();
  const [products, stock] = await Promise.all([firestore.collection(COLLECTION).limit(500).get(), firestore.collection(STOCK).limit(1000).get()]);
  const qty = new Map(stock.docs.map((d) => [d.id, d.data()]));
  return products.docs.map((d) => ({ productId: d.id, data: d.data(), stock: qty.get(d.id) }));
}

/** One stored book with its stock record, or null when there is no such book. */
export async function getStoredProduct(productId: string): Promise<StoredProduct | null> {
  const firestore = await db();
  const [p, s] = await firestore.getAll(firestore.collection(COLLECTION).doc(productId), firestore.collection(STOCK).doc(productId));
  return p!.exists ? { productId, data: p!.data()!, stock: s!.data() } : null;
}

/** A new book and its stock record (0 copies) in one transaction; false (nothing written) when the id is taken. */
export async function createProductWithStock(productId: string, fields: Record<string, unknown>): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(COLLECTION).doc(productId);
  const stockRef = firestore.collection(STOCK).doc(productId);
  const now = new Date().toISOString();
  const created = await firestore.runTransaction(async (tx) => {
    const [p, s] = await tx.getAll(ref, stockRef);
    if (p!.exists) return false;
    tx.create(ref, { ...fields, createdAt: now, updatedAt: now });
    if (!s!.exists) tx.create(stockRef, { qty: 0, updatedAt: now });
    return true;
  });
  if (created) invalidateCatalogue();
  return created;
}

/** Replaces a book's fields (keeping createdAt); false when there is no such book. */
export async function replaceProduct(productId: string, fields: Record<string, unknown>): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(COLLECTION).doc(productId);
  const found = await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    const createdAt = (snap.data() as { createdAt?: string }).createdAt;
    tx.set(ref, { ...fields, ...(createdAt ? { createdAt } : {}), updatedAt: new Date().toISOString() });
    return true;
  });
  if (found) invalidateCatalogue();
  return found;
}

/** Shows or hides a book in the shop; false when there is no such book. */
export async function setProductLaunched(productId: string, launched: boolean): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(COLLECTION).doc(productId);
  const found = await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    tx.update(ref, { launched, updatedAt: new Date().toISOString() });
    return true;
  });
  if (found) invalidateCatalogue();
  return found;
}

/** Which of these books exist (launched or not): stock is never set for a book that does not. */
export async function missingProducts(productIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const firestore = await db();
  const snaps = await firestore.getAll(...ids.map((id) => firestore.collection(COLLECTION).doc(id)));
  return snaps.filter((s) => !s.exists).map((s) => s.id);
}
