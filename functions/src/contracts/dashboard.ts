import { z } from 'zod';
import { countSchema, moneySchema, queryIntSchema, textSchema } from './common';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/** GET /api/admin/dashboard?days=30&months=12 */
export const dashboardQuerySchema = z.object({
  days: queryIntSchema(1, 92, { min: '至少 1 天', max: '最多 92 天' }).default(30),
  months: queryIntSchema(1, 36, { min: '至少 1 個月', max: '最多 36 個月' }).default(12),
});

/** Paid (preparing, shipped) and still awaiting payment: orders placed in the period and their totals. */
const dashboardFigureShape = { paidOrders: countSchema, paidRevenue: moneySchema, awaitingOrders: countSchema, awaitingRevenue: moneySchema };
export type DashboardFigure = z.infer<z.ZodObject<typeof dashboardFigureShape>>;

/** `day`: a Taiwan calendar day, yyyy-mm-dd. */
const dashboardDaySchema = z.object({ day: textSchema, ...dashboardFigureShape });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;
/** `month`: a Taiwan calendar month, yyyy-mm. */
const dashboardMonthSchema = z.object({ month: textSchema, ...dashboardFigureShape });
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

/** A book's copies in the months shown, from orders placed in them. */
const dashboardBookSchema = z.object({ productId: textSchema, name: textSchema, paidCopies: countSchema, paidRevenue: moneySchema, awaitingCopies: countSchema });
export type DashboardBook = z.infer<typeof dashboardBookSchema>;

/** A campaign's copies on active orders (not cancelled or refunded) at the end of each day; `points`: days on which its count changed, oldest first, with running totals. */
const dashboardCampaignSchema = z.object({
  planId: textSchema,
  title: textSchema,
  closingDate: textSchema,
  minQuantity: z.number().int().nullable(),
  /** The owner's 成團 / 流團 once decided (it, not the count, says where the campaign stands). */
  decided: z.enum(['succeeded', 'failed']).nullable(),
  points: z.array(z.object({ day: textSchema, copies: countSchema, orders: countSchema })),
});
export type DashboardCampaign = z.infer<typeof dashboardCampaignSchema>;

export const dashboardFiguresSchema = z
  .object({
    from: textSchema,
    to: textSchema,
    perDay: z.array(dashboardDaySchema),
    perMonth: z.array(dashboardMonthSchema),
    /** Every order, by its current status. */
    byStatus: z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, countSchema])) as Record<OrderStatus, typeof countSchema>),
    /** The ten books with the most paid copies in the months shown. */
    topBooks: z.array(dashboardBookSchema),
    /** Campaigns open or closed within the months shown, not archived. */
    campaigns: z.array(dashboardCampaignSchema),
  })
  .meta({ id: 'DashboardFigures' });
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
