import type { ProductSummary } from '@contracts/products';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { q } from '@/lib/data/queries';

export type StockMap = Record<string, number>;

export interface CartCatalogue {
  products: Map<string, ProductSummary> | null;
  /** Live stock per product; null while loading or when the stock call is unavailable. */
  stock: StockMap | null;
  error: unknown;
  reload: () => void;
}

/**
 * Names, prices (for display only: the server prices the order) and the stock of the books, from the
 * same query cache as the book list and the home page (one request for the catalogue per visit).
 */
export function useCartCatalogue(): CartCatalogue {
  const products = useQuery(q.productSummaries());
  const stock = useQuery(q.stockMap());
  const byId = useMemo(() => (products.data ? new Map(products.data.map((p) => [p.productId, p])) : null), [products.data]);
  return {
    products: byId,
    stock: stock.data ?? null,
    error: products.error,
    reload: () => {
      void products.refetch();
      void stock.refetch();
    },
  };
}
