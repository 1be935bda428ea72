import { z } from 'zod';
import { type Answer, bannerImgSchema, countSchema, isoInstantSchema, moneySchema, planHeadingShape, orderIdSchema, planIdSchema, productIdSchema, textSchema } from './common';
import { shopImagePathSchema } from './products';
import { orderSchema, pickupResponseSchema } from './orders';

export const planProductSchema = z.object({
  productId: textSchema.min(1, { error: '請選擇書籍', abort: true }).pipe(productIdSchema),
  groupPrice: z.number({ error: '請填寫團購價' }).int('團購價必須是整數').min(0, '團購價不能是負數').max(1_000_000, '團購價過高'),
  maxPerOrder: z.number({ error: '每單上限須為數字' }).int('每單上限必須是整數').min(1, '每單上限至少 1').max(1000, '每單上限最多 1000').optional(),
});

/** An image of this shop (`/images/...`, contracts/products.ts); empty = no banner. Never another site's. */
const imagePathSchema = z.union([z.literal(''), shopImagePathSchema], { error: '請填寫本站圖片的路徑（例如 /images/banner/plan.jpg），或留空' });

/** A place where buyers collect their books (e.g. 公會辦公室自取). */
export const pickupPointSchema = z.object({
  /** Stable within the plan; what the order form sends. */
  id: textSchema.regex(/^[A-Za-z0-9_-]{1,32}$/, '取貨點代號為 1–32 個英數字或 -'),
  name: textSchema.trim().min(1, '請填寫取貨點名稱').max(50, '名稱最多 50 字'),
  address: textSchema.trim().min(1, '請填寫取貨地址').max(200, '地址最多 200 字'),
  hours: textSchema.trim().max(200, '時間最多 200 字').default(''),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** A campaign as stored in groupBuyingPlans/{planId}. closingDate is an ISO 8601 instant. */
export const groupBuyingPlanSchema = z.object({
  planId: textSchema,
  title: textSchema.trim().min(1, '請填寫活動名稱').max(200, '活動名稱最多 200 字'),
  organizer: textSchema.trim().max(200, '主辦單位最多 200 字'),
  closingDate: textSchema.datetime({ offset: true, error: '請填寫截止時間' }),
  launched: z.boolean(),
  bannerImg: z.object({ pc: imagePathSchema, mobile: imagePathSchema }),
  content: z.array(textSchema.max(2000, '每段最多 2000 字')).max(50, '最多 50 段'),
  products: z.array(planProductSchema).min(1, '請至少選一本書').max(50, '最多 50 本書'),
  minQuantity: z.number({ error: '成團門檻須為數字' }).int('成團門檻必須是整數').min(1, '成團門檻至少 1').max(100000, '成團門檻過大').optional(),
  /** The fewest copies one order may hold (the server refuses fewer; the page states it from here). */
  minPerOrder: z.number({ error: '每筆最少本數須為數字' }).int('每筆最少本數必須是整數').min(1, '每筆最少本數至少 1').max(1000, '每筆最少本數最多 1000').optional(),
  pickupNotes: textSchema.max(2000, '最多 2000 字').default(''),
  paymentNotes: textSchema.max(2000, '最多 2000 字').default(''),
  /** Where buyers may collect their books; empty = postal delivery only. */
  pickupPoints: z
    .array(pickupPointSchema)
    .max(20, '取貨點最多 20 個')
    .default([])
    .refine((ps) => new Set(ps.map((p) => p.id)).size === ps.length, '取貨點代號不能重複'),
  /** Whether buyers may have the books posted to an address (false = pickup only). */
  postalDelivery: z.boolean().default(true),
  /** 團主回饋: the association's share of the paid orders' books, in percent (one decimal at most; docs/group-buying.md). */
  rebatePercent: z
    .number({ error: '回饋比例須為數字' })
    .min(0, '回饋比例不能是負數')
    .max(100, '回饋比例最多 100%')
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, '回饋比例最多到小數點後一位')
    .optional(),
  /**
   * Pay after 成團 (issue 27): orders wait (awaitingFormation, no deadline) until the active orders'
   * copies reach minQuantity; then each buyer is mailed the payment notice. Needs a threshold
   * (payAfterNeedsThreshold, checked by the owner's routes).
   */
  payAfterFormed: z.boolean().default(false),
});

/** The refusal of pay-after-成團 without a threshold: nothing would ever ask for the payment. */
export const payAfterNeedsThreshold = {
  check: (p: { payAfterFormed?: boolean; minQuantity?: number }) => !p.payAfterFormed || p.minQuantity != null,
  issue: { message: '「成團後才收款」需要設定成團門檻', path: ['payAfterFormed'] },
};
export type GroupBuyingPlan = z.infer<typeof groupBuyingPlanSchema>;

/** What a plan's closing decided, once its closing date has passed (set by the closing job). */
export const planOutcomeSchema = z.enum(['thresholdMet', 'thresholdNotMet', 'noThreshold']);
export type PlanOutcome = z.infer<typeof planOutcomeSchema>;

// --- The campaign's outcome (成團 / 流團), decided by the owner after closing (issue 27) -------------

/** The owner's decision: 成團 (succeeded) or 流團 (failed). */
export const campaignOutcomeSchema = z.enum(['succeeded', 'failed']);
export type CampaignOutcome = z.infer<typeof campaignOutcomeSchema>;
/** What the closing job's judgement proposes to the owner. */
export const proposedOutcome = (judged: PlanOutcome): CampaignOutcome => (judged === 'thresholdNotMet' ? 'failed' : 'succeeded');

/** POST /api/admin/plans/{planId}/outcome. The note goes to every buyer's mail and the campaign's page. */
export const campaignOutcomeInputSchema = z.object({
  outcome: campaignOutcomeSchema,
  note: textSchema.trim().max(500, '說明最多 500 字').optional(),
});
export type CampaignOutcomeInput = z.infer<typeof campaignOutcomeInputSchema>;

/** The decision as the campaign's public page shows it. */
export const publicDecisionSchema = z.object({ outcome: campaignOutcomeSchema, at: textSchema, note: textSchema });
export type PublicDecision = z.infer<typeof publicDecisionSchema>;

/**
 * The organiser's rebate (團主回饋) in whole NT$: per paid order floor(books' total × percent / 100),
 * the campaign's amount the sum of those (so a list's rows add up to it). Percent in tenths, integer
 * arithmetic, so 12.3 % of NT$1,000 is NT$123 on every machine.
 */
export function rebateOf(itemsTotal: number, percent: number): number {
  const tenths = Math.round(percent * 10);
  return Math.floor((Math.max(0, Math.round(itemsTotal)) * tenths) / 1000);
}

/** planProgress/{planId}: public, read live by the plan pages. `orders`: active orders (not cancelled or refunded); `copies`: copies in them. */
export const planProgressSchema = z
  .object({ planId: textSchema, orders: countSchema, copies: countSchema, minQuantity: z.number().int().nullable(), updatedAt: textSchema })
  .meta({ id: 'PlanProgress' });
export type PlanProgress = z.infer<typeof planProgressSchema>;

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
const groupPlanProductSchema = z.object({
  productId: textSchema,
  name: textSchema,
  subtitle: textSchema,
  author: textSchema,
  imgSrc: textSchema,
  listPrice: moneySchema,
  groupPrice: moneySchema,
  /** The plan's cap per order, or null. */
  maxPerOrder: z.number().int().nullable(),
  /** Copies on hand when the plan was read (the page follows stock/{productId} live). */
  stock: countSchema,
  slogan: textSchema,
  overview: textSchema,
  primaryColor: textSchema,
});
export type GroupPlanProduct = z.infer<typeof groupPlanProductSchema>;

/** GET /api/groupBuying/{planId}. */
export const groupPlanViewSchema = z
  .object({
    ...planHeadingShape,
    isOpen: z.boolean(),
    bannerImg: bannerImgSchema,
    content: z.array(textSchema),
    products: z.array(groupPlanProductSchema),
    minQuantity: z.number().int().nullable(),
    minPerOrder: z.number().int().nullable().meta({ description: 'The fewest copies one order may hold; fewer is refused with 400' }),
    pickupNotes: textSchema,
    paymentNotes: textSchema,
    pickupPoints: z.array(pickupResponseSchema),
    postalDelivery: z.boolean().meta({ description: 'false = pickup only' }),
    launched: z.boolean().meta({ description: 'false: only the owner sees the plan (a preview)' }),
    progress: planProgressSchema,
    /** Set once the plan has closed and the closing job has judged it. */
    outcome: planOutcomeSchema.nullable(),
    /** The owner's 成團 / 流團 decision, once made. */
    decision: publicDecisionSchema.nullable(),
    payAfterFormed: z.boolean().meta({ description: 'Payment is asked only once the campaign forms (成團); orders wait in awaitingFormation until then' }),
    formedAt: isoInstantSchema.nullable().meta({ description: 'When a pay-after-成團 campaign reached its threshold (the payment deadlines run from it); null before' }),
  })
  .meta({ id: 'GroupPlanView' });
export type GroupPlanView = z.infer<typeof groupPlanViewSchema>;

/** GET /api/groupOrder/{planId}/{orderId}: the order, with personal details masked for strangers. */
export const groupOrderViewSchema = orderSchema
  .extend({
    masked: z.boolean().meta({ description: 'true when buyer, email, phone, receiver and bank digits are masked (not self, not owner)' }),
  })
  .meta({ id: 'GroupOrderView' });
export type GroupOrderView = Answer<z.infer<typeof groupOrderViewSchema>>;
