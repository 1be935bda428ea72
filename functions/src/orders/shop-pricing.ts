import type { Product } from '../contracts/products';
import { db } from '../lib/firebase';
import type { PricedProduct, Pricing } from './place-order';

/** A burst of orders for one book shares one read of it; a price change applies within this many ms. */
export const PRICE_TTL_MS = 2_000;

const cache = new Map<string, { at: number; value: Promise<PricedProduct | null> }>();

async function loadPrices(ids: string[]): Promise<Map<string, PricedProduct | null>> {
  const firestore = await db();
  const snaps = await firestore.getAll(...ids.map((id) => firestore.collection('products').doc(id)));
  const out = new Map<string, PricedProduct | null>();
  for (const s of snaps) {
    const p = s.data() as Partial<Product> | undefined;
    const sellable = p && p.launched === true && typeof p.salePrice === 'number' && Number.isFinite(p.salePrice);
    out.set(s.id, sellable ? { productId: s.id, name: String(p.name ?? s.id), unitPrice: p.salePrice! } : null);
  }
  return out;
}

/** Shop orders pay each launched book's salePrice, read on the server (never the client's word). */
export const shopPricing: Pricing = async (productIds) => {
  const now = Date.now();
  const ids = [...new Set(productIds)];
  const missing = ids.filter((id) => {
    const hit = cache.get(id);
    return !hit || now - hit.at > PRICE_TTL_MS;
  });
  if (missing.length) {
    const loading = loadPrices(missing);
    for (const id of missing) cache.set(id, { at: now, value: loading.then((m) => m.get(id) ?? null) });
    loading.catch(() => missing.forEach((id) => cache.delete(id)));
  }
  if (cache.size > 5_000) for (const [id, v] of cache) if (now - v.at > PRICE_TTL_MS) cache.delete(id);
  const out = new Map<string, PricedProduct>();
  for (const id of ids) {
    const priced = await cache.get(id)!.value;
    if (priced) out.set(id, priced);
  }
  return out;
};
