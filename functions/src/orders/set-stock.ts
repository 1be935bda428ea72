import type { StockMap } from '../contracts/stock';
import { missingProducts } from '../data/stock';
import { unavailable } from '../http/errors';
import { submitOp } from './stock-allocator';

export type SetStockResult =
  | { ok: true; stock: Record<string, number>; changes: { productId: string; before: number; after: number }[] }
  | { ok: false; missing: string[] };

/**
 * The owner sets counts. Like every stock change it goes through the allocator's queue, so an edit in
 * the middle of a sale never interleaves with a batch, and each change is logged as a movement in the
 * same commit. Every book must exist; when one is missing nothing is written.
 */
export async function setStockCounts(quantities: StockMap, by: string, reason: string): Promise<SetStockResult> {
  const missing = await missingProducts(Object.keys(quantities));
  if (missing.length) return { ok: false, missing };
  for (;;) {
    const r = await submitOp({ kind: 'setStock', quantities: { ...quantities }, by, reason });
    if (r.kind === 'withdrawn') throw unavailable('The stock could not be changed in time; nothing was changed.');
    if (r.kind === 'stockSet') return { ok: true, stock: Object.fromEntries(r.changes.map((c) => [c.productId, c.after])), changes: r.changes };
    if (r.kind !== 'retry') throw unavailable(`Unexpected stock result ${r.kind}`);
  }
}
