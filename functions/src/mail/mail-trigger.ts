import { mailDelivery } from '../data/mail';
import { shopSettings } from '../data/settings';
import { smtpConnectionUri } from './config';
import { deliverMail, type DeliveryOutcome, type SenderConfig } from './send-mail';

/**
 * Where the mail goes. The dev scripts (scripts/lib/maildev.mjs) start MailDev on a port that moves
 * with EMULATOR_PORT_OFFSET and pass its address as MAILDEV_SMTP_URL; only the Functions emulator
 * honours it. Deployed functions read the SMTP_CONNECTION_URI secret.
 */
export function smtpUrl(): string {
  if (process.env.FUNCTIONS_EMULATOR === 'true' && process.env.MAILDEV_SMTP_URL) return process.env.MAILDEV_SMTP_URL;
  return smtpConnectionUri.value();
}

/**
 * The sender's defaults, as the extension's DEFAULT_FROM / DEFAULT_REPLY_TO: MAIL_FROM and
 * MAIL_REPLY_TO (functions/.env.<project-id>) when set, for a provider that only sends from a
 * verified address; otherwise the shop's name and address from settings/shop.
 */
export async function senderConfig(): Promise<SenderConfig> {
  const { shopName, contact } = await shopSettings();
  const address = contact.email;
  return {
    smtpUrl: smtpUrl(),
    from: process.env.MAIL_FROM || (address ? `"${shopName.replace(/["\\]/g, '')}" <${address}>` : ''),
    replyTo: process.env.MAIL_REPLY_TO || address || undefined,
  };
}

/**
 * The `sendMail` trigger's body (functions/src/index.ts).
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function onMailCreated(mailId: string): Promise<DeliveryOutcome> {
  const [doc, config] = await Promise.all([mailDelivery(mailId), senderConfig()]);
  return deliverMail(doc, config);
}
