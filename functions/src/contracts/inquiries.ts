import { z } from 'zod';
import { countSchema, docIdSchema, isoInstantSchema, textSchema } from './common';
import { INQUIRY_TOPICS, type InquiryInput } from './content';

// The owner's inbox of customer inquiries: /api/admin/inquiries (the calls: functions/src/contracts/routes.ts).

export const INQUIRY_STATUSES = ['new', 'replied', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = { new: '待回覆', replied: '已回覆', closed: '已結案' };
export const INQUIRY_TOPIC_LABELS: Record<InquiryInput['topic'], string> = { contact: '聯絡我們', business: '企業與大量訂購', campaign: '團購活動洽詢' };

export const INQUIRY_REPLY_LIMITS = { min: 2, max: 5000 } as const;

/** An inquiry as the owner sees it: what the customer wrote, its state and the replies sent. */
export const adminInquirySchema = z
  .object({
    inquiryId: textSchema,
    topic: z.enum(INQUIRY_TOPICS),
    status: z.enum(INQUIRY_STATUSES).meta({ id: 'InquiryStatus' }),
    name: textSchema,
    email: textSchema,
    phone: textSchema,
    organization: textSchema,
    quantity: z.number().int().nullable(),
    planId: textSchema.nullable(),
    book: textSchema.meta({ description: 'The book asked about, as the customer named it; empty when none' }),
    orderNo: textSchema.meta({ description: 'The order asked about; empty when none' }),
    message: textSchema,
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema,
    /** `by`: the owner's email, as the console showed it. */
    replies: z.array(z.object({ message: textSchema, sentAt: isoInstantSchema, by: textSchema })).meta({ description: 'The replies mailed from the console, oldest first' }),
  })
  .meta({ id: 'AdminInquiry' });
export type AdminInquiry = z.infer<typeof adminInquirySchema>;
/** One reply the owner sent from the console (also mailed to the customer). */
export type InquiryReply = AdminInquiry['replies'][number];

export const adminInquiryListSchema = z
  .object({
    inquiries: z.array(adminInquirySchema).meta({ description: 'Newest first, at most 100' }),
    /** How many inquiries are in each state (the inbox's tabs). */
    counts: z.object({ new: countSchema, replied: countSchema, closed: countSchema }),
  })
  .meta({ id: 'AdminInquiryList' });
export type AdminInquiryList = z.infer<typeof adminInquiryListSchema>;

/** GET /api/admin/inquiries: one state at a time, newest first. */
export const adminInquiriesQuerySchema = z.object({
  status: z.enum(INQUIRY_STATUSES).default('new'),
});

export const inquiryParams = z.object({ inquiryId: docIdSchema });

/** POST /api/admin/inquiries/{inquiryId}/replies: the owner's answer, mailed to the customer as written. */
export const inquiryReplyInputSchema = z.strictObject({
  message: textSchema
    .trim()
    .min(INQUIRY_REPLY_LIMITS.min, '請填寫回覆內容')
    .max(INQUIRY_REPLY_LIMITS.max, `回覆最多 ${INQUIRY_REPLY_LIMITS.max} 個字`),
});
export type InquiryReplyInput = z.infer<typeof inquiryReplyInputSchema>;
