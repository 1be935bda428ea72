import { z } from 'zod';
import { productIdSchema } from './common';

export const planProductSchema = z.object({
  productId: productIdSchema,
  groupPrice: z.number().int().min(0).max(1_000_000),
  maxPerOrder: z.number().int().min(1).max(1000).optional(),
});

/** A campaign as stored in groupBuyingPlans/{planId}. closingDate is an ISO 8601 instant. */
export const groupBuyingPlanSchema = z.object({
  planId: z.string(),
  title: z.string().min(1).max(200),
  organizer: z.string().max(200),
  closingDate: z.string().datetime({ offset: true }),
  launched: z.boolean(),
  bannerImg: z.object({ pc: z.string().max(500), mobile: z.string().max(500) }),
  content: z.array(z.string().max(2000)).max(50),
  products: z.array(planProductSchema).min(1).max(50),
  minQuantity: z.number().int().min(1).max(100000).optional(),
  pickupNotes: z.string().max(2000).default(''),
  paymentNotes: z.string().max(2000).default(''),
});
export type GroupBuyingPlan = z.infer<typeof groupBuyingPlanSchema>;

export interface PlanProgress {
  planId: string;
  orders: number;
  copies: number;
  minQuantity: number | null;
  updatedAt: string;
}
