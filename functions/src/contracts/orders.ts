import { z } from 'zod';
import { addressSchema, bankAccountNoSchema, emailSchema, isoInstantSchema, moneySchema, personNameSchema, phoneSchema, productIdSchema, taxIdSchema, textSchema } from './common';

/**
 * `awaitingFormation` (issue 27): a group order of a campaign that asks for payment only once it forms
 * (payAfterFormed): it holds its copies, but no payment is asked and no deadline runs until the
 * campaign reaches its threshold (docs/orders.md, "Pay after 成團").
 */
export const ORDER_STATUSES = ['awaitingFormation', 'awaitingPayment', 'preparing', 'shipped', 'cancelledUnpaid', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaitingFormation: '等待成團，尚不需匯款',
  awaitingPayment: '待匯款',
  preparing: '匯款完成，訂單準備中',
  shipped: '已發貨',
  cancelledUnpaid: '未匯款，訂單取消',
  refunded: '訂單取消，退款完成',
};

/**
 * The transitions the shop allows; the terminal ones (cancelledUnpaid, refunded) return the stock. Who
 * may make which is functions/src/domain/order.ts's MOVES.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaitingFormation: ['awaitingPayment', 'cancelledUnpaid'],
  awaitingPayment: ['preparing', 'cancelledUnpaid', 'refunded'],
  preparing: ['shipped', 'refunded'],
  shipped: ['refunded'],
  cancelledUnpaid: [],
  refunded: [],
};

export const orderLineInputSchema = z.object({
  productId: productIdSchema,
  qty: z.number().int('數量必須是整數').min(1, '數量至少 1').max(1000, '數量過大'),
});

const orderItemsSchema = z
  .array(orderLineInputSchema)
  .min(1, '購物車是空的')
  .max(50, '品項過多')
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, '同一本書請合併為一行');

/** The buyer's details, shared by the shop checkout and the group order form. */
/** The stored bank digits of an order whose buyer has not given them (yet). */
export const NO_BANK_DIGITS = '00000';

export const orderContactSchema = z.object({
  receiver: z.object({
    name: personNameSchema('請填寫收件人姓名'),
    address: addressSchema,
  }),
  phone: phoneSchema,
  /** Asked where the bank and the amount are shown; may come later (PUT .../bankAccountNo), NO_BANK_DIGITS until then. */
  bankAccountNo: bankAccountNoSchema.optional().default(NO_BANK_DIGITS),
  taxId: taxIdSchema.optional().default(''),
  invoiceTitle: textSchema.trim().max(100, '發票抬頭最多 100 字').optional().default(''),
  remark: textSchema.trim().max(500, '備註最多 500 字').optional().default(''),
});

export const placeOrderInputSchema = orderContactSchema.extend({ items: orderItemsSchema });
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;

/**
 * A group order: the buyer's name and email, and either a pickup point of the plan (`pickupPointId`,
 * and then no address: the point's own is used) or a postal address in an address's shape
 * (addressSchema). Whether the plan offers that point or postal delivery is the server's check.
 */
export const placeGroupOrderInputSchema = placeOrderInputSchema
  .extend({
    buyer: personNameSchema('請填寫訂購人姓名'),
    email: emailSchema,
    receiver: z.object({
      name: personNameSchema('請填寫收件人姓名'),
      address: textSchema.trim().max(200, '地址最多 200 字').optional().default(''),
    }),
    pickupPointId: textSchema.regex(/^[A-Za-z0-9_-]{1,32}$/, '取貨地點錯誤').optional(),
  })
  .superRefine((v, ctx) => {
    const path = ['receiver', 'address'];
    if (v.pickupPointId) {
      if (v.receiver.address) ctx.addIssue({ code: 'custom', path, message: '自取訂單不需填寫地址' });
      return;
    }
    const address = addressSchema.safeParse(v.receiver.address);
    if (!address.success) ctx.addIssue({ code: 'custom', path, message: address.error.issues[0]?.message ?? '地址格式錯誤' });
  });
export type PlaceGroupOrderInput = z.infer<typeof placeGroupOrderInputSchema>;



/** No deadline runs while a pay-after-成團 order waits for its campaign to form (awaitingFormation). */
const paymentDueAtSchema = isoInstantSchema.nullable().meta({ description: 'The payment deadline; null while the order is awaitingFormation (no payment asked yet)' });

const orderStatusSchema = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });

const orderItemSchema = z
  .object({ productId: textSchema, name: textSchema, qty: z.number().int().min(1), unitPrice: moneySchema, totalPrice: moneySchema })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

const statusChangeSchema = z.object({ status: orderStatusSchema, at: isoInstantSchema, by: textSchema, note: textSchema.optional() });
export type StatusChange = z.infer<typeof statusChangeSchema>;

const deliveryResponseSchema = z
  .object({ company: textSchema, trackingNo: textSchema, trackingUrl: textSchema })
  .nullable()
  .meta({ description: 'Set when shipped' });

export const pickupResponseSchema = z.object({ id: textSchema, name: textSchema, address: textSchema, hours: textSchema }).meta({ id: 'PickupPoint' });

/**
 * Order numbers: QY + yymmdd (Taiwan date) + 4 characters without ambiguous letters (0/O, 1/I/L); or
 * the old shop's 15 digits (yyMMddHHmmss + 3 random digits) of the orders imported from it
 * (docs/migration.md), which their buyers still look up.
 */
export const ORDER_NO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const orderNoSchema = textSchema
  .trim()
  .toUpperCase()
  .regex(/^(QY\d{6}[2-9A-Z]{4}|\d{15})$/, '訂單號碼格式錯誤（例如 QY260315AB3K）');

/**
 * A pickup order handed over at the organiser's pickup desk (contracts/organizer.ts): when, and the desk
 * link's holder. Absent or null until then; the desk's undo sets it back to null. Nothing else of the
 * order changes with it (status, history and updatedAt stay).
 */
export const pickedUpSchema = z.object({ at: isoInstantSchema, by: textSchema }).meta({ id: 'PickedUp' });

export const orderSchema = z
  .object({
    orderId: textSchema,
    orderNo: textSchema,
    userId: textSchema.nullable(),
    planId: textSchema.nullable(),
    buyer: textSchema,
    email: textSchema,
    phone: textSchema,
    receiver: z.object({ name: textSchema, address: textSchema }),
    taxId: textSchema,
    invoiceTitle: textSchema,
    bankAccountNo: textSchema,
    items: z.array(orderItemSchema),
    itemsTotal: moneySchema,
    shippingFee: moneySchema,
    totalPrice: moneySchema,
    status: orderStatusSchema,
    statusHistory: z.array(statusChangeSchema),
    delivery: deliveryResponseSchema,
    remark: textSchema,
    paymentDueAt: paymentDueAtSchema,
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema,
    /** A group order collected at one of the plan's pickup points (then receiver.address may be empty). */
    pickup: pickupResponseSchema.nullable().optional().meta({ description: "A group order's pickup point (a copy of the plan's); absent or null = posted to receiver.address" }),
    pickedUp: pickedUpSchema.nullable().optional().meta({ description: 'Set when the organiser\'s pickup desk handed the order over' }),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderLookupInputSchema = z.union([
  z.object({ orderNo: orderNoSchema, email: emailSchema }),
  z.object({ orderNo: orderNoSchema, phone: phoneSchema }),
]);
export type OrderLookupInput = z.infer<typeof orderLookupInputSchema>;

/** The last 5 digits of the account the buyer transfers from, given or corrected until the order is paid. */
export const bankDigitsInputSchema = z.object({ bankAccountNo: bankAccountNoSchema });
export type BankDigitsInput = z.infer<typeof bankDigitsInputSchema>;

/** The same from the guest lookup: the lookup's proof (number and email or phone) with the digits. */
export const lookupBankDigitsInputSchema = z.union([
  z.object({ orderNo: orderNoSchema, email: emailSchema, bankAccountNo: bankAccountNoSchema }),
  z.object({ orderNo: orderNoSchema, phone: phoneSchema, bankAccountNo: bankAccountNoSchema }),
]);
export type LookupBankDigitsInput = z.infer<typeof lookupBankDigitsInputSchema>;

/** What POST /api/order/lookup tells whoever knows the order number and its email or phone. */
export const orderSummarySchema = z
  .object({
    orderNo: textSchema,
    planId: textSchema.nullable(),
    status: orderStatusSchema,
    statusLabel: textSchema,
    items: z.array(orderItemSchema),
    itemsTotal: moneySchema,
    shippingFee: moneySchema,
    totalPrice: moneySchema,
    paymentDueAt: paymentDueAtSchema,
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema,
    delivery: deliveryResponseSchema,
    pickup: z.object({ name: textSchema, address: textSchema, hours: textSchema }).nullable().meta({ description: "A group order's pickup point; null = posted (the address is not shown)" }),
    bankDigitsGiven: z.boolean().meta({ description: 'Whether the buyer has given the last 5 digits of the paying account' }),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

