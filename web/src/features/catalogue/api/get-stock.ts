import { ERROR_KEYS } from '@contracts/errors';
import type { StockRecord } from '@contracts/stock';
import { apiRequest, isApiError } from '@/lib/api-client';

// Stock is asked for on every visit (no client cache): the book page then follows it live.

/** GET /api/stock: `{productId: qty}`; an unreachable API gives an empty map (the cart caps anyway). */
export function getStockMap(): Promise<Record<string, number>> {
  return apiRequest<Record<string, number>>('/stock', { auth: false }).catch(() => ({}));
}

/**
 * GET /api/stock/{productId}: the count; 0 when the book has no stock record; null when it cannot be
 * read just now (the live document may still bring it).
 */
export async function getStock(productId: string): Promise<number | null> {
  try {
    return (await apiRequest<StockRecord>(`/stock/${encodeURIComponent(productId)}`, { auth: false })).qty;
  } catch (err) {
    if (isApiError(err) && err.statusCode === 404 && err.statusMessage === ERROR_KEYS.stockNotFound) return 0;
    return null;
  }
}
