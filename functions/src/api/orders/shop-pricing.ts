import { getProductDocs } from '../../data/products';
import type { PricedProduct, Pricing } from './place-order';

/** A burst of orders for one book shares one read of it; a price change applies within this many ms. */
export const PRICE_TTL_MS = 2_000;

// Per process, a price read at most PRICE_TTL_MS ago: a cache, never the truth (a stale price for 2 s is
// accepted; stock is never cached). data/products.ts's 30 s catalogue is for browsing, too old to charge by.
const cache = new Map<string, { at: number; value: Promise<PricedProduct | null> }>();

async function loadPrices(ids: string[]): Promise<Map<string, PricedProduct | null>> {
  const docs = await getProductDocs(ids);
  const out = new Map<string, PricedProduct | null>();
  for (const id of ids) {
    const p = docs.get(id);
    const sellable = p && p.launched === true && typeof p.salePrice === 'number' && Number.isFinite(p.salePrice);
    out.set(id, sellable ? { productId: id, name: String(p.name ?? id), unitPrice: p.salePrice! } : null);
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
