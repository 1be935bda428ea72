import { z } from 'zod';
import type { OrderStatus } from './orders';

/** GET /api/admin/dashboard?days=30 */
export const dashboardQuerySchema = z.object({ days: z.coerce.number().int().min(1, '至少 1 天').max(92, '最多 92 天').default(30) });

export interface DashboardDay {
  /** A Taiwan calendar day, yyyy-mm-dd. */
  day: string;
  /** Orders placed that day and paid since (preparing or shipped), and their total. */
  paidOrders: number;
  paidRevenue: number;
  /** Orders placed that day still awaiting payment, and their total. */
  awaitingOrders: number;
  awaitingRevenue: number;
}

export interface DashboardFigures {
  from: string;
  to: string;
  perDay: DashboardDay[];
  /** Every order, by its current status. */
  byStatus: Record<OrderStatus, number>;
}
