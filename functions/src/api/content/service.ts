import type { InquiryCreated, InquiryInput, SubscriptionResult, UnsubscribeResult } from '../../contracts/content';
import { UNSUBSCRIBE_ERRORS } from '../../contracts/content';
import { createInquiry } from '../../data/inquiries';
import { freshShopSettings, shopSettings } from '../../data/settings';
import { inquiryAcknowledgementMail, inquiryShopMail } from '../inquiries/mails';
import { cancelSubscription, subscribe } from '../../data/subscriptions';
import { conflict } from '../../lib/failure';
import { newsletterWelcomeMail } from './mail';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

export async function submitInquiry(input: InquiryInput, meta: { ip: string | null; userAgent: string | null }): Promise<InquiryCreated> {
  // Fresh, not cached: the address the owner just saved on /admin/settings is where this one goes.
  const settings = await freshShopSettings();
  const { inquiryId, createdAt } = await createInquiry(input, meta, (record) => ({
    shop: inquiryShopMail(record, settings),
    acknowledgement: inquiryAcknowledgementMail(record, settings),
  }));
  return { inquiryId, createdAt };
}

export async function subscribeNewsletter(rawEmail: string): Promise<SubscriptionResult> {
  const email = rawEmail.toLowerCase();
  const settings = await shopSettings();
  // A known address gets no second mail, and the same answer as a new one: the answer must not tell
  // who subscribed (issue 24).
  await subscribe(email, (version) => newsletterWelcomeMail(email, settings, signUnsubscribeToken(email, version)));
  return { email, status: 'active' };
}

export async function unsubscribeNewsletter(token: string): Promise<UnsubscribeResult> {
  const { email, version } = verifyUnsubscribeToken(token);
  const outcome = await cancelSubscription(email, version);
  // A genuine signature for an address we no longer know means the record was removed: the link is spent.
  if (outcome !== 'cancelled') throw conflict(UNSUBSCRIBE_ERRORS.used, 'The unsubscribe link was already used');
  return { email, status: 'unsubscribed' };
}
