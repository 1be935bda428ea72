import { z } from 'zod';
import { docIdSchema, textSchema } from './common';
import type { InquiryInput } from './content';

// The owner's inbox of customer inquiries: /api/admin/inquiries (the calls: functions/src/openapi/routes.ts).

export const INQUIRY_STATUSES = ['new', 'replied', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = { new: '待回覆', replied: '已回覆', closed: '已結案' };
export const INQUIRY_TOPIC_LABELS: Record<InquiryInput['topic'], string> = { contact: '聯絡我們', business: '企業與大量訂購', campaign: '團購活動洽詢' };

export const INQUIRY_REPLY_LIMITS = { min: 2, max: 5000 } as const;

/** One reply the owner sent from the console (also mailed to the customer). */
export interface InquiryReply {
  message: string;
  sentAt: string;
  /** The owner's email, as the console showed it. */
  by: string;
}

/** An inquiry as the owner sees it: what the customer wrote, its state and the replies sent. */
export interface AdminInquiry {
  inquiryId: string;
  topic: InquiryInput['topic'];
  status: InquiryStatus;
  name: string;
  email: string;
  phone: string;
  organization: string;
  quantity: number | null;
  planId: string | null;
  book: string;
  orderNo: string;
  message: string;
  createdAt: string;
  updatedAt: string;
  replies: InquiryReply[];
}

export interface AdminInquiryList {
  inquiries: AdminInquiry[];
  /** How many inquiries are in each state (the inbox's tabs). */
  counts: Record<InquiryStatus, number>;
}

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
