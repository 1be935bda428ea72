import { z } from 'zod';
import { countSchema, productIdSchema, qtySchema, textSchema } from './common';

/** PATCH /api/stock: `{productId: qty, ...}`, whole numbers >= 0, 1 to 500 books at once. */
export const stockMapSchema = z
  .record(productIdSchema, qtySchema)
  .refine((m) => Object.keys(m).length > 0, '至少需要一項')
  .refine((m) => Object.keys(m).length <= 500, '一次最多 500 項');
export type StockMap = z.infer<typeof stockMapSchema>;

/** PATCH /api/stock/{productId}: `{qty}`. */
export const stockQtyInputSchema = z.object({ qty: qtySchema });
export type StockQtyInput = z.infer<typeof stockQtyInputSchema>;

export const stockMapResponseSchema = z.record(textSchema, countSchema).meta({ id: 'StockMap', description: '{productId: copies on hand}' });
export const stockRecordSchema = z.object({ productId: textSchema, qty: countSchema }).meta({ id: 'StockRecord' });
export type StockRecord = z.infer<typeof stockRecordSchema>;
