import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { q } from '@/lib/data/queries';
import { useCartCatalogue } from './api';
import { cart, useCartLines } from './cart-store';
import { priceLines, type PricedBook, type PricedCartLine } from './priced-lines';

export interface PricedCart {
  loading: boolean;
  error: unknown;
  lines: PricedCartLine[];
  /** How many lines left the cart on this visit because their book is no longer sold. */
  removed: number;
  stockKnown: boolean;
  /** Every line can be bought as it stands. */
  purchasable: boolean;
}

/** The stored cart with names and display prices, kept within the live stock and the launched books. */
export function usePricedCart(): PricedCart {
  const stored = useCartLines();
  const { products, stock, error } = useCartCatalogue();

  // The book list is cached (by the browser, the CDN and each server instance), so a book launched a
  // moment ago can be missing from it while its own page already sells it. A line the list does not
  // name is asked about on its own (the book page has usually left that answer in the query cache); only
  // a book that answers "not found" has left the shop. Until its answer comes (or while it fails), the
  // line is set aside: neither priced nor removed.
  // (One query over q.product's cache entries rather than useQueries, which would add a kilobyte to every
  // storefront page's JavaScript.)
  const queryClient = useQueryClient();
  const unlisted = products ? stored.filter((l) => !products.has(l.productId)).map((l) => l.productId) : [];
  const check = useQuery({
    queryKey: ['cart', 'unlisted', ...unlisted],
    queryFn: () => Promise.all(unlisted.map((id) => queryClient.fetchQuery(q.product(id)))),
    enabled: unlisted.length > 0,
  });
  const found = unlisted.length > 0 && check.isSuccess ? check.data.filter((p) => p !== null) : [];
  const unsure = new Set(unlisted.length > 0 && !check.isSuccess ? unlisted : []);
  const books = products && new Map<string, PricedBook>([...products, ...found.map((p) => [p.productId, p] as const)]);
  const { priced, unavailable } = books ? priceLines(stored.filter((l) => !unsure.has(l.productId)), books, stock) : { priced: [], unavailable: [] };

  // Books no longer sold are remembered for this visit, so the page can still say so once their lines
  // are gone (state adjusted while rendering, as React's docs advise for state derived from props).
  const [removed, setRemoved] = useState<string[]>([]);
  const newlyGone = unavailable.filter((id) => !removed.includes(id));
  if (newlyGone.length) setRemoved([...removed, ...newlyGone]);

  // Quantities above the live stock come down to it; books no longer sold leave the cart. Each change
  // re-renders with the line fixed, so this makes no further change.
  useEffect(() => {
    for (const id of unavailable) cart.remove(id);
    if (!stock) return;
    for (const l of priced) if (l.stock > 0 && l.qty > l.stock) cart.setQty(l.productId, l.stock);
  }, [stock, priced, unavailable]);

  const checking = unlisted.length > 0 && check.isPending;
  return {
    loading: (!products && !error) || checking,
    error: error ?? (unlisted.length > 0 ? check.error : null),
    lines: priced,
    removed: removed.length,
    stockKnown: stock !== null,
    purchasable: unsure.size === 0 && priced.length > 0 && priced.every((l) => l.qty >= 1 && (stock === null || l.qty <= l.stock)),
  };
}
