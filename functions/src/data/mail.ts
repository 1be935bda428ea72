import { db } from '../lib/firebase';

/** mail/{id}: the outbox the mail trigger sends from (functions/src/mail/send-mail.ts). */
export const MAIL = 'mail';

/** A mail document's reference, for the sender (which claims, sends and records delivery on it). */
export async function mailRef(mailId: string) {
  return (await db()).collection(MAIL).doc(mailId);
}
