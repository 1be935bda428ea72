import { z } from 'zod';
import { productIdSchema, qtySchema } from './common';

/** PATCH /api/stock: `{productId: qty, ...}`, whole numbers >= 0, 1 to 500 books at once. */
export const stockMapSchema = z
  .record(productIdSchema, qtySchema)
  .refine((m) => Object.keys(m).length > 0, '至少需要一項')
  .refine((m) => Object.keys(m).length <= 500, '一次最多 500 項');
export type StockMap = z.infer<typeof stockMapSchema>;

/** PATCH /api/stock/{productId}: `{qty}`. */
export const stockQtyInputSchema = z.object({ qty: qtySchema });
export type StockQtyInput = z.infer<typeof stockQtyInputSchema>;

export interface StockRecord {
  productId: string;
  qty: number;
}
