import { useEffect, useMemo } from 'react';
import { useCartCatalogue } from './api';
import { cart, useCartLines } from './cart-store';
import { priceLines, type PricedCartLine } from './priced-lines';

export interface PricedCart {
  loading: boolean;
  error: unknown;
  lines: PricedCartLine[];
  unavailable: string[];
  stockKnown: boolean;
  /** Every line can be bought as it stands. */
  purchasable: boolean;
}

/** The stored cart with names and display prices, kept within the live stock and the launched books. */
export function usePricedCart(): PricedCart {
  const stored = useCartLines();
  const { products, stock, error } = useCartCatalogue();
  const { priced, unavailable } = useMemo(
    () => (products ? priceLines(stored, products, stock) : { priced: [], unavailable: [] }),
    [stored, products, stock],
  );

  // Quantities above the live stock come down to it; books no longer sold leave the cart.
  useEffect(() => {
    if (!products) return;
    for (const id of unavailable) cart.remove(id);
    if (!stock) return;
    for (const l of priced) if (l.stock > 0 && l.qty > l.stock) cart.setQty(l.productId, l.stock);
  }, [products, stock, priced, unavailable]);

  return {
    loading: !products && !error,
    error,
    lines: priced,
    unavailable,
    stockKnown: stock !== null,
    purchasable: priced.length > 0 && priced.every((l) => l.qty >= 1 && (stock === null || l.qty <= l.stock)),
  };
}
