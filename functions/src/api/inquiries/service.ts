import type { AdminInquiry, AdminInquiryList, InquiryReply, InquiryReplyInput, InquiryStatus } from '../../contracts/inquiries';
import { ERROR_KEYS } from '../../contracts/errors';
import { changeInquiry, getInquiry, listInquiries } from '../../data/inquiries';
import { freshShopSettings } from '../../data/settings';
import { conflict } from '../../lib/failure';
import type { Identity } from '../../lib/id-token';
import { inquiryReplyMail } from './mails';

// The owner's inbox (/admin/inquiries). The inquiries themselves arrive through POST /api/inquiries
// (functions/src/api/content/service.ts).

export const listInbox = (status: InquiryStatus): Promise<AdminInquiryList> => listInquiries(status);

export const inquiryDetail = (inquiryId: string): Promise<AdminInquiry> => getInquiry(inquiryId);

/**
 * Mails the reply to the customer and records it on the inquiry (now `replied`), in one transaction.
 * A closed inquiry takes no reply (409 INVALID_TRANSITION): the owner reopens nothing by accident.
 */
export async function replyToInquiry(inquiryId: string, input: InquiryReplyInput, owner: Pick<Identity, 'email' | 'uid'>): Promise<AdminInquiry> {
  const settings = await freshShopSettings();
  return changeInquiry(inquiryId, (current) => {
    if (current.status === 'closed') throw conflict(ERROR_KEYS.invalidTransition, 'A closed inquiry takes no reply');
    const sentAt = new Date().toISOString();
    const reply: InquiryReply = { message: input.message, by: owner.email ?? owner.uid, sentAt };
    const replies = [...current.replies, reply];
    const next: AdminInquiry = { ...current, status: 'replied', replies, updatedAt: sentAt };
    return { next, mail: { id: `inquiry-${inquiryId}-reply-${replies.length}`, doc: inquiryReplyMail(current, reply, settings) } };
  });
}

/** Closes an inquiry (from any state; closing twice changes nothing). */
export const closeInquiryCase = (inquiryId: string): Promise<AdminInquiry> =>
  changeInquiry(inquiryId, (current) => (current.status === 'closed' ? null : { next: { ...current, status: 'closed', updatedAt: new Date().toISOString() } }));
