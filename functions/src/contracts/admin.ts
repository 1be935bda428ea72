import { z } from 'zod';
import { bankAccountNoSchema, orderIdSchema, planIdSchema, productIdSchema, qtySchema, textSchema } from './common';
import { groupBuyingPlanSchema } from './group-buying';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from './orders';
import { ownerProductFields, productSchema, type Product } from './products';

// The shop owner's console: /api/admin/... (the calls: functions/src/openapi/routes.ts).

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
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: textSchema.max(300).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: '結束日期不能早於開始日期', path: ['to'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export interface AdminOrderPage {
  orders: Order[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** A free-text search looks through the newest orders only (see docs/admin.md); true when it stopped there. */
  searchTruncated: boolean;
}

/** One row of the payments queue (GET /api/admin/payments). */
export interface PaymentToCheck {
  orderId: string;
  orderNo: string;
  planId: string | null;
  buyer: string;
  email: string;
  phone: string;
  bankAccountNo: string;
  totalPrice: number;
  createdAt: string;
  paymentDueAt: string;
  overdue: boolean;
}

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
 * whether the move is allowed from the order's current status is ORDER_TRANSITIONS' call (409).
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

/**
 * The moves the owner may make from the console: ORDER_TRANSITIONS without a refund of an order that
 * was never paid (nothing to refund: the owner cancels it as cancelledUnpaid). The sweep and the
 * orders module keep the full table.
 */
export const OWNER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  ...ORDER_TRANSITIONS,
  awaitingPayment: ORDER_TRANSITIONS.awaitingPayment.filter((s) => s !== 'refunded'),
};

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

export interface AdminProduct extends Product {
  /** Copies on hand, or null when the book has no stock record yet. */
  stock: number | null;
  /** 到貨通知 waiting for this book (in the list only). */
  waitingAlerts?: number;
}

export const setStockInputSchema = z.object({
  qty: qtySchema,
  reason: textSchema.trim().min(1, '請填寫調整原因').max(200, '原因最多 200 字'),
});
export type SetStockInput = z.infer<typeof setStockInputSchema>;

/**
 * stock/{productId}/movements/{id}: one change of a book's count (a sale, stock returned by a
 * cancellation or refund, a refund kept out of stock with delta 0, the owner's edit, the import).
 */
export interface StockMovement {
  id: string;
  productId: string;
  before: number;
  after: number;
  delta: number;
  reason: string;
  by: string;
  at: string;
  /** Order within one allocator batch (movements of a batch share `at`); absent on older movements. */
  seq?: number;
}

// --- Campaigns ------------------------------------------------------------------------------------

const planBodySchema = groupBuyingPlanSchema
  .extend({ planId: textSchema.min(1, { error: '請填寫活動編號', abort: true }).pipe(textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/, '活動編號只能用英數字、- 與 _（最多 64 字）')) })
  .refine((p) => new Set(p.products.map((l) => l.productId)).size === p.products.length, {
    message: '同一本書只能列一次',
    path: ['products'],
  });

export const adminPlanInputSchema = planBodySchema;
export type AdminPlanInput = z.infer<typeof adminPlanInputSchema>;
export const adminPlanUpdateSchema = groupBuyingPlanSchema
  .omit({ planId: true })
  .refine((p) => new Set(p.products.map((l) => l.productId)).size === p.products.length, {
    message: '同一本書只能列一次',
    path: ['products'],
  });
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

export const adminIdParams = {
  product: z.object({ productId: productIdSchema }),
  plan: z.object({ planId: planIdSchema }),
  order: z.object({ orderId: orderIdSchema }),
};

/** Per-book totals of a plan's active orders. */
export interface PlanBookTotal {
  productId: string;
  name: string;
  qty: number;
  amount: number;
}

/** Per pickup point (the order's receiver address) totals of a plan's active orders. */
export interface PlanPickupTotal {
  pickup: string;
  orders: number;
  copies: number;
  amount: number;
  byProduct: Record<string, number>;
}

export interface AdminPlanSummary {
  /** `archived`: put away by the owner (hidden from the default list, never open). */
  plan: z.infer<typeof groupBuyingPlanSchema> & { outcome?: string | null; archived: boolean };
  progress: { orders: number; copies: number; minQuantity: number | null; updatedAt: string };
  isOpen: boolean;
  /** Any order at all, cancelled ones too (progress counts active ones): such a plan cannot be deleted. */
  hasOrders: boolean;
}

/** A book of a plan as it is now: a hidden (unlaunched) one is left out of the campaign's page. */
export interface PlanBookState {
  productId: string;
  name: string;
  groupPrice: number;
  launched: boolean;
  stock: number;
}

export interface AdminPlanDetail extends AdminPlanSummary {
  orders: Order[];
  bookTotals: PlanBookTotal[];
  pickupTotals: PlanPickupTotal[];
  /** The plan's books in its order, with their state. */
  books: PlanBookState[];
}

/** A saved plan (create, edit): the summary and the books the campaign's page will leave out. */
export interface AdminPlanSaved extends AdminPlanSummary {
  hiddenBooks: { productId: string; name: string }[];
}
