import type { Product } from '../contracts/products';
import { db } from '../lib/firebase';
import type { PricedProduct, Pricing } from './place-order';

/** Shop orders pay each launched book's salePrice, read fresh (never the client's word, never a stale cache). */
export const shopPricing: Pricing = async (productIds) => {
  const firestore = await db();
  const ids = [...new Set(productIds)];
  const snaps = ids.length ? await firestore.getAll(...ids.map((id) => firestore.collection('products').doc(id))) : [];
  const out = new Map<string, PricedProduct>();
  for (const s of snaps) {
    const p = s.data() as Partial<Product> | undefined;
    if (!p || p.launched !== true || typeof p.salePrice !== 'number' || !Number.isFinite(p.salePrice)) continue;
    out.set(s.id, { productId: s.id, name: String(p.name ?? s.id), unitPrice: p.salePrice });
  }
  return out;
};
