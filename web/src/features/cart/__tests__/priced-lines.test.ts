import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '@contracts/products';
import { FALLBACK_MAX_QTY, priceLines } from '../priced-lines';

const book = (productId: string, salePrice: number): ProductSummary => ({ productId, name: productId, imgSrc: '', listPrice: salePrice, salePrice, isNew: false, isOnSale: false });
const products = new Map([book('a', 880), book('b', 650)].map((p) => [p.productId, p]));

describe('priceLines', () => {
  it('caps each line at the live stock and drops books no longer sold', () => {
    const { priced, unavailable } = priceLines(
      [
        { productId: 'a', qty: 5 },
        { productId: 'b', qty: 1 },
        { productId: 'gone', qty: 1 },
      ],
      products,
      { a: 3, b: 0 },
    );
    expect(unavailable).toEqual(['gone']);
    expect(priced.map((l) => [l.productId, l.unitPrice, l.stock, l.maxQty])).toEqual([
      ['a', 880, 3, 3],
      ['b', 650, 0, 1],
    ]);
  });
  it('falls back to a fixed cap when the stock is unknown', () => {
    const { priced } = priceLines([{ productId: 'a', qty: 2 }], products, null);
    expect(priced[0]!.maxQty).toBe(FALLBACK_MAX_QTY);
  });
});
