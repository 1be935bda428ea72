import { ERROR_KEYS } from '@contracts/errors';
import type { Product, ProductPlanOffer } from '@contracts/products';
import { ApiError, apiRequest } from '@/lib/api-client';
import { cached } from './cached';

const TTL_MS = 60_000;
/** Mirrors the API's product id rule, so a malformed address is a 404 without a request. */
const PRODUCT_ID = /^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/;

export type { Product, ProductPlanOffer };

function notFound(productId: string) {
  return new ApiError({ statusCode: 404, statusMessage: ERROR_KEYS.notFound, message: `No product ${productId}` });
}

/** GET /api/products/detail/{productId}: one launched book (404 otherwise). */
export function getProduct(productId: string): Promise<Product> {
  if (!PRODUCT_ID.test(productId)) return Promise.reject(notFound(productId));
  return cached(`products:detail:${productId}`, TTL_MS, () =>
    apiRequest<Product>(`/products/detail/${encodeURIComponent(productId)}`, { auth: false }),
  );
}

/** GET /api/products/detail/{productId}/plans: the open group-buy plans that include the book. */
export function getProductPlans(productId: string): Promise<ProductPlanOffer[]> {
  if (!PRODUCT_ID.test(productId)) return Promise.resolve([]);
  return cached(`products:plans:${productId}`, TTL_MS, () =>
    apiRequest<ProductPlanOffer[]>(`/products/detail/${encodeURIComponent(productId)}/plans`, { auth: false }).catch(() => []),
  );
}
