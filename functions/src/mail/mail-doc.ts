/**
 * A document of the `mail` collection, in the shape of the "Trigger Email" extension
 * (firebase/firestore-send-email): who it goes to and the message. functions/src/mail/send-mail.ts
 * sends it and writes `delivery` back.
 */
export interface MailDocument {
  to: string | string[];
  /** Defaults to MAIL_FROM / MAIL_REPLY_TO (functions/.env). */
  from?: string;
  replyTo?: string;
  message: { subject: string; text: string; html: string };
  /** Extra headers (List-Unsubscribe for the newsletter), as the extension's `headers` field. */
  headers?: Record<string, string>;
}

/** What the shop's own templates write: one recipient. */
export interface ComposedMail extends MailDocument {
  to: string;
}

export type DeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';
