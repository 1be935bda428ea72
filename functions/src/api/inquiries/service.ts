import type { AdminInquiry, AdminInquiryList, InquiryReplyInput, InquiryStatus } from '../../contracts/inquiries';
import { addInquiryReply, closeInquiry, getInquiry, listInquiries } from '../../data/inquiries';
import { freshShopSettings } from '../../data/settings';
import type { Identity } from '../../lib/id-token';
import { inquiryReplyMail } from './mails';

// The owner's inbox (/admin/inquiries). The inquiries themselves arrive through POST /api/inquiries
// (functions/src/api/content/service.ts).

export const listInbox = (status: InquiryStatus): Promise<AdminInquiryList> => listInquiries(status);

export const inquiryDetail = (inquiryId: string): Promise<AdminInquiry> => getInquiry(inquiryId);

/** Mails the reply to the customer and records it on the inquiry (now `replied`), in one transaction. */
export async function replyToInquiry(inquiryId: string, input: InquiryReplyInput, owner: Pick<Identity, 'email' | 'uid'>): Promise<AdminInquiry> {
  const settings = await freshShopSettings();
  return addInquiryReply(inquiryId, { message: input.message, by: owner.email ?? owner.uid }, (inquiry, reply) => inquiryReplyMail(inquiry, reply, settings));
}

export const closeInquiryCase = (inquiryId: string): Promise<AdminInquiry> => closeInquiry(inquiryId);
