import type { ProductSummary } from '@contracts/products';
import type { CartLine } from './cart-store';
import type { StockMap } from './api';

/** Without a stock answer the cart still caps at this; the server has the last word. */
export const FALLBACK_MAX_QTY = 99;

export interface PricedCartLine {
  productId: string;
  name: string;
  imgSrc: string;
  qty: number;
  /** For display only: the server prices the order itself. */
  unitPrice: number;
  stock: number;
  maxQty: number;
}

/** What the cart shows of a book: from the book list, or from the book's own record when the list is behind. */
export type PricedBook = Pick<ProductSummary, 'name' | 'imgSrc' | 'salePrice'>;

export function priceLines(lines: CartLine[], products: Map<string, PricedBook>, stock: StockMap | null) {
  const priced: PricedCartLine[] = [];
  const unavailable: string[] = [];
  for (const l of lines) {
    const p = products.get(l.productId);
    if (!p) {
      unavailable.push(l.productId);
      continue;
    }
    const left = stock ? Math.max(0, stock[l.productId] ?? 0) : FALLBACK_MAX_QTY;
    priced.push({ productId: l.productId, name: p.name, imgSrc: p.imgSrc, qty: l.qty, unitPrice: p.salePrice, stock: left, maxQty: Math.max(1, Math.min(left, FALLBACK_MAX_QTY)) });
  }
  return { priced, unavailable };
}
