import type { ProductSummary } from '@contracts/products';
import { apiRequest } from '@/lib/api-client';
import { cached } from './cached';

/** The API and the CDN cache the catalogue for minutes; a visit keeps it for one. */
const TTL_MS = 60_000;

export type { ProductSummary };

/** GET /api/products/simple: the launched books' list fields. */
export function getProductSummaries(): Promise<ProductSummary[]> {
  return cached('products:simple', TTL_MS, () => apiRequest<ProductSummary[]>('/products/simple', { auth: false }));
}
