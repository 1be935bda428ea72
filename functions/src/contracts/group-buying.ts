import { z } from 'zod';
import { orderIdSchema, planIdSchema, productIdSchema, textSchema } from './common';
import type { Order } from './orders';

export const planProductSchema = z.object({
  productId: productIdSchema,
  groupPrice: z.number().int().min(0).max(1_000_000),
  maxPerOrder: z.number().int().min(1).max(1000).optional(),
});

/** A campaign as stored in groupBuyingPlans/{planId}. closingDate is an ISO 8601 instant. */
export const groupBuyingPlanSchema = z.object({
  planId: textSchema,
  title: textSchema.min(1).max(200),
  organizer: textSchema.max(200),
  closingDate: textSchema.datetime({ offset: true }),
  launched: z.boolean(),
  bannerImg: z.object({ pc: textSchema.max(500), mobile: textSchema.max(500) }),
  content: z.array(textSchema.max(2000)).max(50),
  products: z.array(planProductSchema).min(1).max(50),
  minQuantity: z.number().int().min(1).max(100000).optional(),
  pickupNotes: textSchema.max(2000).default(''),
  paymentNotes: textSchema.max(2000).default(''),
});
export type GroupBuyingPlan = z.infer<typeof groupBuyingPlanSchema>;

/** What a plan's closing decided, once its closing date has passed (set by the closing job). */
export type PlanOutcome = 'thresholdMet' | 'thresholdNotMet' | 'noThreshold';

/** planProgress/{planId}: public, read live by the plan pages. */
export interface PlanProgress {
  planId: string;
  /** Active orders (not cancelled or refunded). */
  orders: number;
  /** Copies in those orders. */
  copies: number;
  minQuantity: number | null;
  updatedAt: string;
}

/** The copies still missing to reach the threshold (0 when met, null without a threshold). */
export function copiesToThreshold(p: Pick<PlanProgress, 'copies' | 'minQuantity'>): number | null {
  if (p.minQuantity == null) return null;
  return Math.max(0, p.minQuantity - p.copies);
}

/** A plan is open while it is launched and its closing date is in the future. */
export function isPlanOpen(plan: Pick<GroupBuyingPlan, 'launched' | 'closingDate'>, now: Date = new Date()): boolean {
  return plan.launched && now.getTime() < Date.parse(plan.closingDate);
}

export const planParamsSchema = z.object({ planId: planIdSchema });
export const groupOrderParamsSchema = z.object({ planId: planIdSchema, orderId: orderIdSchema });

/** One book of GET /api/groupBuying/{planId}. */
export interface GroupPlanProduct {
  productId: string;
  name: string;
  subtitle: string;
  author: string;
  imgSrc: string;
  listPrice: number;
  groupPrice: number;
  /** The plan's cap per order, or null. */
  maxPerOrder: number | null;
  /** Copies on hand when the plan was read (the page follows stock/{productId} live). */
  stock: number;
  slogan: string;
  overview: string;
  primaryColor: string;
}

/** GET /api/groupBuying/{planId}. */
export interface GroupPlanView {
  planId: string;
  title: string;
  organizer: string;
  closingDate: string;
  isOpen: boolean;
  bannerImg: { pc: string; mobile: string };
  content: string[];
  products: GroupPlanProduct[];
  minQuantity: number | null;
  pickupNotes: string;
  paymentNotes: string;
  progress: PlanProgress;
  /** Set once the plan has closed and the closing job has judged it. */
  outcome: PlanOutcome | null;
}

/** GET /api/groupOrder/{planId}/{orderId}: the order, with personal details masked for strangers. */
export type GroupOrderView = Order & {
  /** true when buyer, email, phone, receiver and bank digits are masked (not self, not owner). */
  masked: boolean;
  /** Set on a plan's orders when it closed below its threshold (the owner decides: refund or continue). */
  groupOutcome?: 'thresholdNotMet';
};
