import { z } from 'zod';
import { emailSchema, productIdSchema, textSchema } from './common';

// 到貨通知: a shopper leaves an email on a sold-out book; the owner's restock mails it once.

/** POST /api/stockAlerts */
export const stockAlertInputSchema = z.object({ productId: productIdSchema, email: emailSchema });
/** POST /api/stockAlerts/cancel: from the signed link in the alert's mail. */
export const stockAlertCancelSchema = z.object({ token: textSchema.min(10).max(2000) });

const STOCK_ALERT_STATUSES = ['waiting', 'sent', 'cancelled'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/** What the shopper is told: the alert waits (created now or before), or the book is in stock again. */
export const stockAlertAnswerSchema = z.object({ productId: textSchema, status: z.enum(STOCK_ALERT_STATUSES) }).meta({ id: 'StockAlertAnswer' });
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;
