import { ERROR_KEYS } from '../../contracts/errors';
import type { StockMap, StockRecord } from '../../contracts/stock';
import { getStockQty, listStock } from '../../data/stock';
import { HttpError, notFound } from '../../http/errors';
import { setStockCounts } from '../../orders/set-stock';

const stockNotFound = (productId: string) => new HttpError(404, ERROR_KEYS.stockNotFound, `No stock record for ${productId}`);

/** GET /api/stock */
export function allStock(): Promise<Record<string, number>> {
  return listStock();
}

/** GET /api/stock/{productId}: the count, or 404 `Stock Not Found`. */
export async function stockOf(productId: string): Promise<StockRecord> {
  const qty = await getStockQty(productId);
  if (qty === null) throw stockNotFound(productId);
  return { productId, qty };
}

/** PATCH /api/stock and /api/stock/{productId} (owner): sets counts; 404 when a book does not exist. */
export async function setStock(quantities: StockMap, by = 'owner'): Promise<Record<string, number>> {
  const result = await setStockCounts(quantities, by, '庫存調整（API）');
  if (!result.ok) throw notFound(`No product ${result.missing.slice(0, 10).join(', ')}`);
  return result.stock;
}
