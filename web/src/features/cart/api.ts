import { useCallback, useEffect, useState } from 'react';
import type { ProductSummary } from '@contracts/products';
import { apiRequest } from '@/lib/api-client';

export type StockMap = Record<string, number>;

export const fetchProductsSimple = () => apiRequest<ProductSummary[]>('/products/simple', { auth: false });
export const fetchStock = () => apiRequest<StockMap>('/stock', { auth: false });

export interface CartCatalogue {
  products: Map<string, ProductSummary> | null;
  /** Live stock per product; null while loading or when the stock call is unavailable. */
  stock: StockMap | null;
  error: unknown;
  reload: () => void;
}

/** Names, prices (for display only: the server prices the order) and the live stock of the books. */
export function useCartCatalogue(): CartCatalogue {
  const [products, setProducts] = useState<Map<string, ProductSummary> | null>(null);
  const [stock, setStock] = useState<StockMap | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchProductsSimple().then(
      (list) => alive && setProducts(new Map(list.map((p) => [p.productId, p]))),
      (e: unknown) => alive && setError(e),
    );
    fetchStock().then(
      (s) => alive && setStock(s),
      () => alive && setStock(null),
    );
    return () => {
      alive = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { products, stock, error, reload };
}
