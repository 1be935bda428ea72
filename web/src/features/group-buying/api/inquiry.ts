import { inquiryInputSchema, type InquiryCreated, type InquiryInput } from '@contracts/content';
import { apiRequest } from '@/lib/api-client';

export { inquiryInputSchema, type InquiryInput };

/** POST /api/inquiries (topic `campaign` for a closed plan). */
export function sendInquiry(input: InquiryInput): Promise<InquiryCreated> {
  return apiRequest<InquiryCreated>('/inquiries', { method: 'POST', body: input, auth: false });
}
