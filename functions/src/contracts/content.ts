import { z } from 'zod';
import { bannerImgSchema, emailSchema, isoInstantSchema, moneySchema, phoneSchema, planHeadingShape, planIdSchema, textSchema } from './common';
import { orderNoSchema } from './orders';
import { shopSettingsSchema } from './settings';

// Content: inquiries, the newsletter and the public pages' small reads (home, settings).

/**
 * Markup that has no business in a plain-text form: script/style/frame tags, event-handler
 * attributes and javascript: URLs. Such input is refused with 400, never silently stripped.
 */
const MARKUP = /<\s*\/?\s*(script|style|iframe|object|embed|svg|img|link|meta|a|form|input|body|html)\b|javascript\s*:|\bon[a-z]+\s*=|data\s*:\s*text\/html/i;
export const hasMarkup = (value: string) => MARKUP.test(value);

const plainText = (max: number, { min = 0, label }: { min?: number; label: string }) =>
  textSchema
    .trim()
    .min(min, min <= 1 ? `請填寫${label}` : `${label}至少 ${min} 個字`)
    .max(max, `${label}最多 ${max} 個字`)
    .refine((v) => !hasMarkup(v), `${label}不能包含程式碼或 HTML 標籤`);

export const INQUIRY_TOPICS = ['contact', 'business', 'campaign'] as const;

export const INQUIRY_LIMITS = { name: 50, organization: 100, book: 100, message: 2000, messageMin: 5 } as const;

/** POST /api/inquiries: the contact, business and closed-campaign forms. */
export const inquiryInputSchema = z.strictObject({
  topic: z.enum(INQUIRY_TOPICS),
  name: plainText(INQUIRY_LIMITS.name, { min: 1, label: '姓名' }),
  email: emailSchema,
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  organization: plainText(INQUIRY_LIMITS.organization, { label: '單位名稱' }).optional(),
  quantity: z.number().int('數量必須是整數').min(1, '數量至少 1 本').max(100000, '數量過大').optional(),
  planId: planIdSchema.optional(),
  /** The book asked about, as the customer names it (title or ISBN). */
  book: plainText(INQUIRY_LIMITS.book, { label: '書名' }).optional(),
  /** The order asked about, when there is one: the owner opens it from the inbox. */
  orderNo: z.union([z.literal(''), orderNoSchema]).optional(),
  message: plainText(INQUIRY_LIMITS.message, { min: INQUIRY_LIMITS.messageMin, label: '詢問內容' }),
});
export type InquiryInput = z.infer<typeof inquiryInputSchema>;

export const inquiryCreatedSchema = z.object({ inquiryId: textSchema, createdAt: isoInstantSchema }).meta({ id: 'InquiryCreated' });
export type InquiryCreated = z.infer<typeof inquiryCreatedSchema>;

/** POST /api/subscriptions: the footer's newsletter sign-up. */
export const subscriptionInputSchema = z.strictObject({
  email: emailSchema,
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

export const subscriptionResultSchema = z.object({ email: textSchema, status: z.literal('active') }).meta({ id: 'SubscriptionResult' });
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

/** POST /api/subscriptions/cancel: the signed link from every newsletter mail. */
export const unsubscribeInputSchema = z.strictObject({
  token: textSchema.min(1, '缺少取消訂閱連結').max(2000, '連結格式錯誤'),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeInputSchema>;

export const unsubscribeResultSchema = z.object({ email: textSchema, status: z.literal('unsubscribed') }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** statusMessages of the unsubscribe link (beside the shared catalogue; the cancel page explains them). */
export const UNSUBSCRIBE_ERRORS = {
  invalid: 'INVALID_UNSUBSCRIBE_LINK',
  expired: 'UNSUBSCRIBE_LINK_EXPIRED',
  used: 'UNSUBSCRIBE_LINK_USED',
} as const;

export const UNSUBSCRIBE_ERROR_TEXT: Record<string, string> = {
  [UNSUBSCRIBE_ERRORS.invalid]: '這個取消訂閱連結無效，可能複製不完整或已被修改。',
  [UNSUBSCRIBE_ERRORS.expired]: '這個取消訂閱連結已過期，請使用最新一封電子報中的連結。',
  [UNSUBSCRIBE_ERRORS.used]: '這個取消訂閱連結已經使用過，您的電子郵件已不在訂閱名單中。',
};

/** GET /api/content/home: the campaigns open now (launched, closing in the future). */
const openCampaignSchema = z.object({ ...planHeadingShape, bannerImg: bannerImgSchema });
export type OpenCampaign = z.infer<typeof openCampaignSchema>;
export const homeContentSchema = z.object({ campaigns: z.array(openCampaignSchema) }).meta({ id: 'HomeContent' });
export type HomeContent = z.infer<typeof homeContentSchema>;

/**
 * GET /api/settings/shop and /api/content/settings: settings/shop, all of it public (bank details appear
 * on every order), with what the server derives from it, so the web states the shop's rules without a
 * copy of them: `shippingFee` is what an order pays for shipping now (the server's own rule, the one
 * that prices orders).
 */
export const publicSettingsSchema = shopSettingsSchema
  .extend({ shippingFee: moneySchema.meta({ description: 'What an order pays for shipping now (0 when free within Taiwan)' }) })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
