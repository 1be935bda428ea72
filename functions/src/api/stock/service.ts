import { ERROR_KEYS } from '../../contracts/errors';
import type { StockMap, StockRecord } from '../../contracts/stock';
import { getStockQty, listStock } from '../../data/stock';
import { notFound, unavailable } from '../../lib/failure';
import { getProductDocs, launchedProductIds, missingProducts } from '../../data/products';
import { allocate } from '../../allocator/stock-allocator';
import { notifyRestocked } from '../stock-alerts/service';

const stockNotFound = (productId: string) => notFound(`No stock record for ${productId}`, ERROR_KEYS.stockNotFound);

/**
 * GET /api/stock and the first HTML's stock map: the counts of launched books only. A book the owner
 * has not launched is not public, nor is its id or count (issue 24).
 */
export async function allStock(): Promise<Record<string, number>> {
  const [stock, launched] = await Promise.all([listStock(), launchedProductIds()]);
  return Object.fromEntries(Object.entries(stock).filter(([id]) => launched.has(id)));
}

/** GET /api/stock/{productId}: the count of a launched book, or 404 `Stock Not Found` (also for a hidden one). */
export async function stockOf(productId: string): Promise<StockRecord> {
  const [qty, products] = await Promise.all([getStockQty(productId), getProductDocs([productId])]);
  if (qty === null || products.get(productId)?.launched !== true) throw stockNotFound(productId);
  return { productId, qty };
}

export type SetStockResult =
  | { ok: true; stock: Record<string, number>; changes: { productId: string; before: number; after: number }[] }
  | { ok: false; missing: string[] };

/**
 * The owner sets counts. It goes through the stock allocator's queue like every other write of a count,
 * so an edit in the middle of a sale never interleaves with a batch, and each change is logged as a
 * movement in the same commit. Every book must exist; when one is missing nothing is written.
 */
export async function setStockCounts(quantities: StockMap, by: string, reason: string): Promise<SetStockResult> {
  const missing = await missingProducts(Object.keys(quantities));
  if (missing.length) return { ok: false, missing };
  for (;;) {
    const r = await allocate({ kind: 'setStock', quantities: { ...quantities }, by, reason });
    if (r.kind === 'withdrawn') throw unavailable('The stock could not be changed in time; nothing was changed.');
    if (r.kind === 'stockSet') return { ok: true, stock: Object.fromEntries(r.changes.map((c) => [c.productId, c.after])), changes: r.changes };
    if (r.kind !== 'retry') throw unavailable(`Unexpected stock result ${r.kind}`);
  }
}

/** PATCH /api/stock and /api/stock/{productId} (owner): sets counts; 404 when a book does not exist. */
export async function setStock(quantities: StockMap, by = 'owner'): Promise<Record<string, number>> {
  const result = await setStockCounts(quantities, by, '庫存調整（API）');
  if (!result.ok) throw notFound(`No product ${result.missing.slice(0, 10).join(', ')}`);
  // Restocks (0 -> above 0) mail the waiting 到貨通知, after the stock write has succeeded.
  await notifyRestocked(result.changes.filter((c) => c.before === 0 && c.after > 0).map((c) => c.productId));
  return result.stock;
}
