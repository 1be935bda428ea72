import { z } from 'zod';
import type { OrderStatus } from './orders';

/** GET /api/admin/dashboard?days=30&months=12 */
export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1, '至少 1 天').max(92, '最多 92 天').default(30),
  months: z.coerce.number().int().min(1, '至少 1 個月').max(36, '最多 36 個月').default(12),
});

/** Paid (preparing, shipped) and still awaiting payment: orders placed in the period and their totals. */
export interface DashboardFigure {
  paidOrders: number;
  paidRevenue: number;
  awaitingOrders: number;
  awaitingRevenue: number;
}

export interface DashboardDay extends DashboardFigure {
  /** A Taiwan calendar day, yyyy-mm-dd. */
  day: string;
}

export interface DashboardMonth extends DashboardFigure {
  /** A Taiwan calendar month, yyyy-mm. */
  month: string;
}

/** A book's copies in the months shown, from orders placed in them. */
export interface DashboardBook {
  productId: string;
  name: string;
  paidCopies: number;
  paidRevenue: number;
  awaitingCopies: number;
}

/** A campaign's copies on active orders (not cancelled or refunded) at the end of each day. */
export interface DashboardCampaign {
  planId: string;
  title: string;
  closingDate: string;
  minQuantity: number | null;
  /** Days on which its count changed, oldest first; `copies` and `orders` are running totals. */
  points: { day: string; copies: number; orders: number }[];
}

export interface DashboardFigures {
  from: string;
  to: string;
  perDay: DashboardDay[];
  perMonth: DashboardMonth[];
  /** Every order, by its current status. */
  byStatus: Record<OrderStatus, number>;
  /** The ten books with the most paid copies in the months shown. */
  topBooks: DashboardBook[];
  /** Campaigns open or closed within the months shown, not archived. */
  campaigns: DashboardCampaign[];
}
