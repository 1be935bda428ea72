import { z } from 'zod';
import { addressSchema, type Answer, bankAccountNoSchema, calendarDateSchema, emailSchema, isoInstantSchema, isValidTaxId, moneySchema, personNameSchema, phoneSchema, productIdSchema, taxIdSchema, textSchema } from './common';

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

export const orderLineInputSchema = z.object({
  productId: productIdSchema,
  qty: z.number().int('數量必須是整數').min(1, '數量至少 1').max(1000, '數量過大'),
});

const orderItemsSchema = z
  .array(orderLineInputSchema)
  .min(1, '購物車是空的')
  .max(50, '品項過多')
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, '同一本書請合併為一行');

// --- The e-invoice (統一發票) the buyer asks for (issue 36; docs/orders.md, "Invoices") ---------------

export const INVOICE_TYPES = ['email', 'mobile', 'certificate', 'donation', 'company'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  email: '電子發票（寄到您的電子郵件）',
  mobile: '手機條碼載具',
  certificate: '自然人憑證條碼',
  donation: '捐贈發票',
  company: '公司報帳（三聯式）',
};

/** 手機條碼: `/` and 7 of 0-9 A-Z . + - (the Ministry of Finance's mobile barcode). */
export const MOBILE_CARRIER = /^\/[0-9A-Z.+-]{7}$/;
/** 自然人憑證條碼: 2 capital letters and 14 digits. */
export const CERTIFICATE_CARRIER = /^[A-Z]{2}\d{14}$/;
/** 愛心碼 (捐贈碼): 3 to 7 digits. */
export const LOVE_CODE = /^\d{3,7}$/;
/** A 統一發票 number: 2 capital letters (字軌) and 8 digits. */
export const INVOICE_NUMBER = /^[A-Z]{2}\d{8}$/;

/**
 * Charities to pick from at checkout, with codes checked against their own public campaigns; any other
 * 3-7 digit code can be typed. Edit here (and in docs/orders.md) to change the list.
 */
export const CHARITIES: readonly { code: string; name: string }[] = [
  { code: '919', name: '創世社會福利基金會' },
  { code: '88888', name: '中華民國兒童癌症基金會' },
];

/** The choice as stored on the order: only the fields its type uses. */
export const invoiceSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('email') }),
    z.object({ type: z.enum(['mobile', 'certificate']), carrier: textSchema }),
    z.object({ type: z.literal('donation'), loveCode: textSchema }),
    z.object({ type: z.literal('company'), taxId: textSchema, title: textSchema }),
  ])
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/** The owner's mark that the invoice was issued: its number, when and by whom (docs/orders.md, "Invoices"). */
export const issuedInvoiceSchema = z.object({ number: textSchema, at: isoInstantSchema, by: textSchema }).meta({ id: 'IssuedInvoice' });
export type IssuedInvoice = z.infer<typeof issuedInvoiceSchema>;

/** What undoes an issued invoice once its order is refunded: 作廢 (the whole invoice) or 折讓 (an allowance). */
export const INVOICE_CORRECTION_KINDS = ['void', 'allowance'] as const;
export type InvoiceCorrectionKind = (typeof INVOICE_CORRECTION_KINDS)[number];
export const INVOICE_CORRECTION_LABELS: Record<InvoiceCorrectionKind, string> = { void: '作廢', allowance: '折讓' };

/**
 * The record of a refunded order's invoice voided or given an allowance (docs/orders.md, "Voiding"): the
 * kind, the number (the voided invoice's own, or the 折讓單's), the Taiwan day it was done on the platform,
 * and when and by whom it was recorded.
 */
export const invoiceCorrectionSchema = z
  .object({ kind: z.enum(INVOICE_CORRECTION_KINDS), number: textSchema, date: calendarDateSchema, at: isoInstantSchema, by: textSchema })
  .meta({ id: 'InvoiceCorrection' });
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;

export const INVOICE_STATES = ['notIssued', 'issued', 'toCorrect', 'voided', 'allowance'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  notIssued: '尚未開立',
  issued: '已開立',
  toCorrect: '待作廢或折讓',
  voided: '已作廢',
  allowance: '已折讓',
};

const INVOICE_FIELD_MAX = 100;

/**
 * The checkout's choice: the fields of the chosen type are checked (a Chinese message at the field),
 * the others ignored and dropped; the carrier is trimmed and upper-cased. A form may keep every field
 * (an empty string where unused): only the chosen type's fields count.
 */
export const invoiceInputSchema = z
  .object({
    type: z.enum(INVOICE_TYPES, '請選擇發票開立方式'),
    carrier: textSchema.trim().toUpperCase().max(INVOICE_FIELD_MAX, '載具條碼過長').optional(),
    loveCode: textSchema.trim().max(INVOICE_FIELD_MAX, '愛心碼過長').optional(),
    taxId: textSchema.trim().max(INVOICE_FIELD_MAX, '統一編號格式錯誤').optional(),
    title: textSchema.trim().max(INVOICE_FIELD_MAX, `發票抬頭最多 ${INVOICE_FIELD_MAX} 字`).optional(),
  })
  .superRefine((v, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const carrier = v.carrier ?? '';
    if (v.type === 'mobile' && !MOBILE_CARRIER.test(carrier)) at('carrier', carrier ? '手機條碼格式錯誤：/ 加 7 碼英數字或 . + -（例如 /ABC+123）' : '請填寫手機條碼');
    if (v.type === 'certificate' && !CERTIFICATE_CARRIER.test(carrier)) at('carrier', carrier ? '自然人憑證條碼格式錯誤：2 個大寫英文字母加 14 位數字' : '請填寫自然人憑證條碼');
    if (v.type === 'donation' && !LOVE_CODE.test(v.loveCode ?? '')) at('loveCode', v.loveCode ? '愛心碼為 3 到 7 位數字' : '請選擇或填寫愛心碼');
    if (v.type === 'company') {
      if (!v.taxId) at('taxId', '請填寫統一編號');
      else if (!isValidTaxId(v.taxId)) at('taxId', '統一編號格式錯誤');
      if (!v.title) at('title', '請填寫發票抬頭');
    }
  })
  .transform((v): Invoice => {
    if (v.type === 'mobile' || v.type === 'certificate') return { type: v.type, carrier: v.carrier ?? '' };
    if (v.type === 'donation') return { type: 'donation', loveCode: v.loveCode ?? '' };
    if (v.type === 'company') return { type: 'company', taxId: v.taxId ?? '', title: v.title ?? '' };
    return { type: 'email' };
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/**
 * The invoice an order asks for: its `invoice`, else the older top-level fields (a 統一編號 makes it a
 * company invoice with `invoiceTitle` as its title; nothing, the e-mailed one). Orders stored before
 * issue 36 are read the same way.
 */
export function invoiceOf(o: { invoice?: Invoice; taxId?: string; invoiceTitle?: string }): Invoice {
  if (o.invoice) return o.invoice;
  return o.taxId ? { type: 'company', taxId: o.taxId, title: o.invoiceTitle ?? '' } : { type: 'email' };
}

/** What the carrier or the code of an invoice is, in a word, for pages, mails and the export. */
export function invoiceDetail(inv: Invoice): string {
  if (inv.type === 'mobile' || inv.type === 'certificate') return inv.carrier;
  if (inv.type === 'donation') return inv.loveCode;
  if (inv.type === 'company') return `${inv.title}（統一編號 ${inv.taxId}）`;
  return '';
}

/** The invoice as a line of text: 「手機條碼載具 /ABC+123」, 「捐贈發票 愛心碼 919（創世…）」. */
export function describeInvoice(inv: Invoice): string {
  const label = INVOICE_TYPE_LABELS[inv.type];
  if (inv.type === 'donation') {
    const charity = CHARITIES.find((c) => c.code === inv.loveCode);
    return `${label} 愛心碼 ${inv.loveCode}${charity ? `（${charity.name}）` : ''}`;
  }
  const detail = invoiceDetail(inv);
  return detail ? `${label} ${detail}` : label;
}

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
  /** The e-invoice asked for; without it, taxId and invoiceTitle say it (invoiceOf). */
  invoice: invoiceInputSchema.optional(),
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
    invoice: invoiceSchema.meta({ description: 'The e-invoice asked for (taxId and invoiceTitle repeat a company one)' }),
    issuedInvoice: issuedInvoiceSchema.nullable().optional().meta({ description: 'Set when the shop issued the invoice; absent or null until then' }),
    invoiceCorrection: invoiceCorrectionSchema.nullable().optional().meta({ description: 'Set when the issued invoice of a refunded order was voided or given an allowance' }),
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
    /** Set on a campaign's active orders when it closed below its threshold (functions/src/data/plans.ts markOrdersThresholdNotMet). */
    groupOutcome: z.literal('thresholdNotMet').optional().meta({ description: "Set on a group order when its campaign closed below its threshold (the owner then decides 成團 or 流團); absent otherwise" }),
    groupOutcomeAt: isoInstantSchema.optional().meta({ description: 'When groupOutcome was set' }),
  })
  .meta({ id: 'Order' });
/** An order's fields, for the code that reads an order (stored or answered) without answering it. */
export type OrderFields = z.infer<typeof orderSchema>;
/** An order as the API answers it; a stored one (functions/src/domain/order.ts OrderDoc) becomes one only through publicOrder. */
export type Order = Answer<OrderFields>;

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
    invoice: invoiceSchema.meta({ description: "The e-invoice asked for, the buyer's carrier, 統一編號 and 抬頭 masked" }),
    issuedInvoice: z.object({ number: textSchema, at: isoInstantSchema }).nullable().meta({ description: 'The issued invoice, if any' }),
    invoiceCorrection: invoiceCorrectionSchema.omit({ by: true }).nullable().meta({ description: 'Its 作廢 or 折讓, if any' }),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

