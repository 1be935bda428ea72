import { z } from 'zod';
import { type Answer, bankAccountNoSchema, countSchema, queryIntSchema, isoInstantSchema, moneySchema, orderIdSchema, planIdSchema, productIdSchema, qtySchema, textSchema } from './common';
import { UNPAID_ORDER_FIELDS } from './bank';
import { campaignOutcomeSchema, groupBuyingPlanSchema, payAfterNeedsThreshold, planOutcomeSchema } from './group-buying';
import { ORDER_STATUSES, orderSchema, type OrderStatus } from './orders';
import { ownerProductFields, productSchema } from './products';

// The shop owner's console: /api/admin/... (the calls: functions/src/contracts/routes.ts).

/** yyyy-mm-dd, read as a Taiwan calendar day. */
const daySchema = textSchema.regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式為 yyyy-mm-dd').refine(isCalendarDay, '日期不存在');

/** Date.parse rolls 2026-02-30 over into March; a real day survives the round trip unchanged. */
function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * What an owner-console cursor decodes to (base64url JSON made by the API). It comes back from the
 * client, so it is validated like any input: a tampered id (`a/b`, `""`, `__name__`) is a 400.
 */
export const adminOrderCursorSchema = z.object({
  c: textSchema.datetime(),
  id: orderIdSchema,
});
export type AdminOrderCursor = z.infer<typeof adminOrderCursorSchema>;

/** `shop` = shop orders only (planId null); a plan id = that plan's orders. */
export const orderPlanFilterSchema = z.union([z.literal('shop'), planIdSchema]);

/** GET /api/admin/orders: filters and paging (newest first, cursor from the previous page). */
export const adminOrdersQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    planId: orderPlanFilterSchema.optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    q: textSchema.trim().max(100).optional(),
    limit: queryIntSchema(1, 100).default(20),
    cursor: textSchema.max(300).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: '結束日期不能早於開始日期', path: ['to'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderPageSchema = z
  .object({
    orders: z.array(orderSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: textSchema.nullable(),
    /** A free-text search looks through the newest orders only (see docs/admin.md); true when it stopped there. */
    searchTruncated: z.boolean(),
  })
  .meta({ id: 'AdminOrderPage' });
export type AdminOrderPage = Answer<z.infer<typeof adminOrderPageSchema>>;

/** One row of the payments queue (GET /api/admin/payments). */
export const paymentToCheckSchema = orderSchema
  .pick({ ...UNPAID_ORDER_FIELDS, email: true, phone: true, paymentDueAt: true })
  .extend({ overdue: z.boolean() })
  .meta({ id: 'PaymentToCheck' });
export type PaymentToCheck = Answer<z.infer<typeof paymentToCheckSchema>>;

export const trackingUrlSchema = textSchema
  .trim()
  .max(500, '網址過長')
  .url('請填寫完整網址（https://…）')
  .refine((u) => /^https?:\/\//i.test(u), '網址須以 http:// 或 https:// 開頭');

export const deliverySchema = z.object({
  company: textSchema.trim().min(1, '請填寫貨運公司').max(50, '貨運公司最多 50 字'),
  trackingNo: textSchema.trim().min(1, '請填寫貨件編號').max(60, '貨件編號最多 60 字'),
  trackingUrl: trackingUrlSchema,
});
export type Delivery = z.infer<typeof deliverySchema>;

const noteSchema = textSchema.trim().max(500, '備註最多 500 字').optional();

/**
 * POST /api/admin/orders/{orderId}/status. Every target of ORDER_STATUSES is accepted by the schema;
 * whether the move is allowed from the order's current status is the domain's call (functions/src/domain/order.ts, MOVES; 409).
 */
export const orderStatusChangeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('preparing'),
    /** What the owner read on the bank statement; must match the order. */
    bankAccountNo: bankAccountNoSchema,
    amount: z.number().int('金額必須是整數').min(0, '金額不能是負數').max(100_000_000),
    note: noteSchema,
    /**
     * The buyer paid from another account than the one the order names: the digits are then not
     * compared (the amount still is) and the history says so, with the digits read.
     */
    otherAccount: z.boolean().optional(),
  }),
  z.object({ status: z.literal('shipped'), delivery: deliverySchema, note: noteSchema }),
  z.object({ status: z.literal('cancelledUnpaid'), note: noteSchema }),
  z.object({
    status: z.literal('refunded'),
    note: noteSchema,
    /** A shipped order's copies: back on sale (default), or kept out as damaged or not sent back. */
    restock: z.enum(['return', 'damaged', 'notReturned'], { message: '請選擇書是否退回庫存' }).optional(),
  }),
  z.object({ status: z.literal('awaitingPayment'), note: noteSchema }),
]);
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;
export type OrderStatusTarget = OrderStatus;

/** PUT /api/admin/orders/{orderId}/delivery: corrects a shipped order's tracking details. */
export const deliveryCorrectionSchema = z.object({ delivery: deliverySchema, note: noteSchema });
export type DeliveryCorrection = z.infer<typeof deliveryCorrectionSchema>;

// --- Catalogue ------------------------------------------------------------------------------------

/** A book as the owner creates or edits it: every stored field, the id a safe document id. */
/** A sale price above the list price would show a "discount" that costs more; said at the sale price. */
const saleAtMostList = (p: { listPrice: number; salePrice: number }) => p.salePrice <= p.listPrice;
const saleAboveList = { path: ['salePrice'], message: '售價不能高於定價' };

export const adminProductInputSchema = productSchema
  .extend({
    ...ownerProductFields,
    productId: productIdSchema,
    /** Copies on hand at creation (the new-book form's stock field), logged as the first movement; 0 when absent. */
    stock: z.number({ error: '請填寫庫存數量' }).int('庫存必須是整數').min(0, '庫存不能是負數').max(1_000_000).optional(),
  })
  .refine(saleAtMostList, saleAboveList);
export type AdminProductInput = z.infer<typeof adminProductInputSchema>;
/** PUT /api/admin/products/{productId}: the same fields; the id comes from the path. */
export const adminProductUpdateSchema = productSchema.extend(ownerProductFields).omit({ productId: true }).refine(saleAtMostList, saleAboveList);

export const launchInputSchema = z.object({ launched: z.boolean() });
export const archiveInputSchema = z.object({ archived: z.boolean() });

export const adminProductSchema = productSchema
  .extend({
    stock: countSchema.nullable().meta({ description: 'Copies on hand, or null without a stock record' }),
    waitingAlerts: countSchema.optional().meta({ description: '到貨通知 waiting for this book' }),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const setStockInputSchema = z.object({
  qty: qtySchema,
  reason: textSchema.trim().min(1, '請填寫調整原因').max(200, '原因最多 200 字'),
});
export type SetStockInput = z.infer<typeof setStockInputSchema>;

/**
 * stock/{productId}/movements/{id}: one change of a book's count (a sale, stock returned by a
 * cancellation or refund, a refund kept out of stock with delta 0, the owner's edit, the import).
 */
export const stockMovementSchema = z
  .object({
    id: textSchema,
    productId: textSchema,
    before: countSchema,
    after: countSchema,
    delta: z.number().int(),
    reason: textSchema,
    by: textSchema,
    /** Who `by` is, as the owner reads it: 店長, the member's name (會員 without one), 顧客, 系統 (api/products/catalogue-service.ts). */
    who: textSchema.optional(),
    at: isoInstantSchema,
    /** Order within one allocator batch (movements of a batch share `at`); absent on older movements. */
    seq: countSchema.optional(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const setStockResultSchema = z
  .object({ productId: textSchema, qty: countSchema, movements: z.array(stockMovementSchema), alertsSent: countSchema.meta({ description: '到貨通知 mails written by this restock' }) })
  .meta({ id: 'SetStockResult' });

// --- Campaigns ------------------------------------------------------------------------------------

const planBodySchema = groupBuyingPlanSchema
  .extend({ planId: textSchema.min(1, { error: '請填寫活動編號', abort: true }).pipe(textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/, '活動編號只能用英數字、- 與 _（最多 64 字）')) })
  .refine((p) => new Set(p.products.map((l) => l.productId)).size === p.products.length, {
    message: '同一本書只能列一次',
    path: ['products'],
  })
  .refine(payAfterNeedsThreshold.check, payAfterNeedsThreshold.issue);

export const adminPlanInputSchema = planBodySchema;
export type AdminPlanInput = z.infer<typeof adminPlanInputSchema>;
export const adminPlanUpdateSchema = groupBuyingPlanSchema
  .omit({ planId: true })
  .refine((p) => new Set(p.products.map((l) => l.productId)).size === p.products.length, {
    message: '同一本書只能列一次',
    path: ['products'],
  })
  .refine(payAfterNeedsThreshold.check, payAfterNeedsThreshold.issue);
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

export const adminIdParams = {
  product: z.object({ productId: productIdSchema }),
  plan: z.object({ planId: planIdSchema }),
  order: z.object({ orderId: orderIdSchema }),
};

/** Per-book totals of a plan's active orders. */
export const planBookTotalSchema = z.object({ productId: textSchema, name: textSchema, qty: countSchema, amount: moneySchema });
export type PlanBookTotal = z.infer<typeof planBookTotalSchema>;

/** Per pickup point (the order's receiver address) totals of a plan's active orders. */
export const planPickupTotalSchema = z.object({ pickup: textSchema, orders: countSchema, copies: countSchema, amount: moneySchema, byProduct: z.record(textSchema, countSchema) });
export type PlanPickupTotal = z.infer<typeof planPickupTotalSchema>;

/** The plan as stored: the contract's fields and what the closing job and the console record. */
const storedPlanSchema = groupBuyingPlanSchema.extend({
  outcome: planOutcomeSchema.nullable().optional(),
  archived: z.boolean().optional().meta({ description: 'Put away by the owner (hidden from the default list, never open)' }),
  judgedAt: textSchema.optional(),
  /** The owner's 成團 / 流團, once decided (the whole record: AdminPlanDetail.decision). */
  decided: campaignOutcomeSchema.nullable().optional(),
  formedAt: textSchema.optional().meta({ description: 'When a pay-after-成團 campaign reached its threshold' }),
  createdAt: textSchema.optional(),
  updatedAt: textSchema.optional(),
});

export const adminPlanSummarySchema = z
  .object({
    plan: storedPlanSchema,
    progress: z.object({ orders: countSchema, copies: countSchema, minQuantity: z.number().int().nullable(), updatedAt: textSchema }),
    isOpen: z.boolean(),
    hasOrders: z.boolean().meta({ description: 'Any order, cancelled ones too: such a plan cannot be deleted (archive it)' }),
  })
  .meta({ id: 'AdminPlanSummary' });
export type AdminPlanSummary = z.infer<typeof adminPlanSummarySchema>;

/** A book of a plan as it is now: a hidden (unlaunched) one is left out of the campaign's page. */
const planBookStateSchema = z
  .object({ productId: textSchema, name: textSchema, groupPrice: moneySchema, launched: z.boolean(), stock: countSchema })
  .meta({ id: 'PlanBookState', description: 'A book of the plan now; an unlaunched one is not shown on the campaign page' });
export type PlanBookState = z.infer<typeof planBookStateSchema>;

// --- The campaign's outcome and the organiser's rebate (issue 27) ---------------------------------

/** A paid order of a failed campaign whose money goes back: what the treasurer transfers, and to whom. */
export const refundDueSchema = z.object({
  orderId: textSchema,
  orderNo: textSchema,
  buyer: textSchema,
  amount: moneySchema,
  bankDigits: textSchema.meta({ description: 'The last 5 digits the buyer paid from (as the payment was confirmed), or the order\'s; 00000 = not given' }),
  status: z.enum(ORDER_STATUSES).meta({ description: 'The order now: refunded once the owner has marked it' }),
  refundedAt: textSchema.nullable(),
});
export type RefundDue = z.infer<typeof refundDueSchema>;

/**
 * The owner's 成團 / 流團 as recorded beside the campaign, in the server-only planDecisions/{planId}
 * (functions/src/data/plans.ts): it names buyers, amounts and bank digits. The public plan document
 * carries only its PlanDecisionSummary.
 */
export const planDecisionSchema = z
  .object({
    outcome: campaignOutcomeSchema,
    note: textSchema,
    at: isoInstantSchema,
    by: textSchema,
    /** What the closing job had judged (its proposal), or null. */
    proposed: planOutcomeSchema.nullable(),
    /** Null while it is being applied (a call cut off; the same call again completes it). */
    completedAt: textSchema.nullable(),
    counts: z.object({ orders: countSchema, mailed: countSchema, cancelled: countSchema, refundsDue: countSchema }),
    refundsDue: z.array(refundDueSchema),
    refundsTotal: moneySchema,
  })
  .meta({ id: 'PlanDecision' });
export type PlanDecision = z.infer<typeof planDecisionSchema>;
/** What of a decision the public plan document (groupBuyingPlans/{planId}.decision) carries: nothing of a buyer's or the owner's. */
export type PlanDecisionSummary = Pick<PlanDecision, 'outcome' | 'at' | 'note' | 'completedAt'>;
export const decisionSummary = (d: PlanDecision): PlanDecisionSummary => ({ outcome: d.outcome, at: d.at, note: d.note, completedAt: d.completedAt });

export const campaignOutcomeResultSchema = z
  .object({ decision: planDecisionSchema, replayed: z.boolean().meta({ description: 'true: the decision was already recorded; nothing was done again' }) })
  .meta({ id: 'CampaignOutcomeResult' });

/** 團主回饋 over the campaign's paid orders (preparing, shipped); none on a failed campaign. */
export const planRebateSchema = z
  .object({
    percent: z.number(),
    paidOrders: countSchema,
    paidBooksTotal: moneySchema.meta({ description: "The paid orders' books (shipping left out)" }),
    amount: moneySchema.meta({ description: 'The sum of perOrder' }),
    perOrder: z.record(textSchema, moneySchema).meta({ description: 'orderId -> NT$, paid orders only' }),
  })
  .meta({ id: 'PlanRebate' });
export type PlanRebate = z.infer<typeof planRebateSchema>;

export const adminPlanDetailSchema = adminPlanSummarySchema
  .extend({
    orders: z.array(orderSchema),
    bookTotals: z.array(planBookTotalSchema),
    pickupTotals: z.array(planPickupTotalSchema),
    /** The plan's books in its order, with their state. */
    books: z.array(planBookStateSchema),
    decision: planDecisionSchema.nullable(),
    rebate: planRebateSchema.nullable(),
  })
  .meta({ id: 'AdminPlanDetail' });
export type AdminPlanDetail = Answer<z.infer<typeof adminPlanDetailSchema>>;

/** A saved plan (create, edit): the summary and the books the campaign's page will leave out. */
export const adminPlanSavedSchema = adminPlanSummarySchema
  .extend({ hiddenBooks: z.array(z.object({ productId: textSchema, name: textSchema })).meta({ description: 'Books of the plan not launched: the campaign page leaves them out' }) })
  .meta({ id: 'AdminPlanSaved' });
export type AdminPlanSaved = z.infer<typeof adminPlanSavedSchema>;
