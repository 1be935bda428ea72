import { z } from 'zod';
import { emailSchema, moneySchema, phoneSchema, taxIdSchema, textSchema } from './common';

/** settings/shop: read by the success pages, the contact page and the server's pricing. */
export const shopSettingsSchema = z
  .object({
    shopName: textSchema,
    bank: z.object({ name: textSchema, code: textSchema, branch: textSchema, accountName: textSchema, account: textSchema }),
    shipping: z.object({ freeWithinTaiwan: z.boolean(), fee: moneySchema, carrier: textSchema, notes: textSchema }),
    paymentDueDays: z.number().int(),
    contact: z.object({
      email: textSchema,
      phone: textSchema,
      address: textSchema,
      hours: textSchema,
      line: textSchema,
      facebook: textSchema,
      instagram: textSchema,
    }),
    company: z.object({ name: textSchema, taxId: textSchema }),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** How the shop hears of new orders: one mail per order, or one digest a day (functions/src/index.ts). */
export const ORDER_NOTICE_MODES = ['each', 'digest'] as const;
export type OrderNoticeMode = (typeof ORDER_NOTICE_MODES)[number];
export const ORDER_NOTICE_LABELS: Record<OrderNoticeMode, string> = { each: '每筆新訂單寄一封通知', digest: '每天早上寄一封前一天的訂單摘要' };

const notificationSettingsSchema = z.object({
  orders: z.enum(ORDER_NOTICE_MODES).meta({ description: '`each`: a mail per new order; `digest`: one mail a day' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { orders: 'each' };

/**
 * settings/limits (server-only): how much stock one contact may hold unpaid, and how many orders one
 * account may place a day (functions/src/api/orders/holding.ts; docs/limits.md, "Holding stock").
 */
const holdingLimitsSchema = z.strictObject({
  copiesPerOrder: z.number().int().min(1, '至少 1 本').max(1000, '最多 1000 本').meta({ description: 'Copies one order may carry' }),
  unpaidCopiesPerBook: z.number().int().min(1, '至少 1 本').max(1000, '最多 1000 本').meta({ description: "Unpaid copies of one book one contact may hold in the shop's orders" }),
  unpaidCopiesPerCampaign: z.number().int().min(1, '至少 1 本').max(1000, '最多 1000 本').meta({ description: 'Unpaid copies one contact may hold in one campaign' }),
  ordersPerAccountPerDay: z.number().int().min(1, '至少 1 筆').max(1000, '最多 1000 筆').meta({ description: 'New orders one signed-in account may place in 24 hours' }),
});
export type HoldingLimits = z.infer<typeof holdingLimitsSchema>;
/** The safe defaults, used for every field settings/limits does not set. */
export const DEFAULT_HOLDING_LIMITS: HoldingLimits = { copiesPerOrder: 20, unpaidCopiesPerBook: 10, unpaidCopiesPerCampaign: 20, ordersPerAccountPerDay: 20 };

export const adminSettingsSchema = z
  .object({ shop: shopSettingsSchema, notifications: notificationSettingsSchema, limits: holdingLimitsSchema.optional() })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const SETTINGS_LIMITS = { paymentDueDaysMax: 14, feeMax: 2000 } as const;

/** Text the shop prints on pages and in mails: trimmed, bounded, no markup. */
const settingText = (max: number, label: string, required = false) =>
  textSchema
    .trim()
    .min(required ? 1 : 0, `請填寫${label}`)
    .max(max, `${label}最多 ${max} 個字`)
    .refine((v) => !/[<>]/.test(v), `${label}不能包含 < 或 >`);

/** A social link: empty, or an https address. `label` is a Latin name (LINE, Facebook): a space sets it off from the Chinese. */
const linkSchema = (label: string) =>
  textSchema
    .trim()
    .max(300, `${label} 網址過長`)
    .refine((v) => v === '' || /^https:\/\/[^\s<>"']+$/.test(v), `${label} 須為 https:// 開頭的網址`);

export const shopSettingsInputSchema = z.strictObject({
  shopName: settingText(40, '商店名稱', true),
  bank: z.strictObject({
    name: settingText(40, '銀行名稱', true),
    code: textSchema.trim().regex(/^\d{3}$/, '銀行代碼為 3 位數字'),
    branch: settingText(40, '分行名稱'),
    accountName: settingText(60, '戶名', true),
    account: textSchema
      .trim()
      .regex(/^\d[\d-]{5,24}$/, '帳號只能包含數字與 -，至少 6 碼')
      .refine((v) => v.replace(/-/g, '').length >= 6, '帳號至少 6 位數字'),
  }),
  shipping: z.strictObject({
    freeWithinTaiwan: z.boolean('請選擇是否免運'),
    fee: z.number('運費須為數字').int('運費須為整數').min(0, '運費不能小於 0').max(SETTINGS_LIMITS.feeMax, `運費最多 ${SETTINGS_LIMITS.feeMax} 元`),
    carrier: settingText(40, '物流業者', true),
    notes: settingText(300, '出貨說明'),
  }),
  paymentDueDays: z
    .number('付款期限須為數字')
    .int('付款期限須為整數天數')
    .min(1, '付款期限至少 1 天')
    .max(SETTINGS_LIMITS.paymentDueDaysMax, `付款期限最多 ${SETTINGS_LIMITS.paymentDueDaysMax} 天`),
  contact: z.strictObject({
    email: emailSchema,
    phone: phoneSchema,
    address: settingText(200, '地址'),
    hours: settingText(100, '服務時間'),
    line: linkSchema('LINE'),
    facebook: linkSchema('Facebook'),
    instagram: linkSchema('Instagram'),
  }),
  company: z.strictObject({
    name: settingText(100, '公司名稱'),
    taxId: taxIdSchema,
  }),
}) satisfies z.ZodType<ShopSettings>;

/** PUT /api/admin/settings: every field at once (the page shows them all). */
export const adminSettingsInputSchema = z.strictObject({
  shop: shopSettingsInputSchema,
  notifications: z.strictObject({ orders: z.enum(ORDER_NOTICE_MODES, '請選擇新訂單通知方式') }),
  /** Absent: the stored limits stay as they are. */
  limits: holdingLimitsSchema.optional(),
});
export type AdminSettingsInput = z.infer<typeof adminSettingsInputSchema>;
