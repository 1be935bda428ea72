import { mailDelivery } from '../data/mail';
import { mailSlots } from '../data/mail-slots';
import { shopSettings } from '../data/settings';
import { config } from '../config';
import { drainMail, sendPaced, type DrainCounts } from './pacing';
import { deliverMail, type DeliveryOutcome, type SenderConfig } from './send-mail';

/**
 * Where the mail goes and from whom. The SMTP server: the SMTP_CONNECTION_URI secret, or in the Functions
 * emulator the MailDev that the dev scripts started (scripts/lib/maildev.mjs, MAILDEV_SMTP_URL; its port
 * moves with EMULATOR_PORT_OFFSET). The sender's defaults, as the extension's DEFAULT_FROM /
 * DEFAULT_REPLY_TO: MAIL_FROM and MAIL_REPLY_TO (functions/.env.<project-id>) when set, for a provider
 * that only sends from a verified address; otherwise the shop's name and address from settings/shop.
 */
export async function senderConfig(): Promise<SenderConfig> {
  const { shopName, contact } = await shopSettings();
  const address = contact.email;
  const { mail } = config();
  return {
    smtpUrl: mail.smtpUrl,
    from: mail.from ?? (address ? `"${shopName.replace(/["\\]/g, '')}" <${address}>` : ''),
    replyTo: mail.replyTo ?? (address || undefined),
  };
}

/**
 * MAIL_PER_MINUTE (functions/.env.<project-id>, docs/deploy.md): the provider's limit of mails a minute.
 * Unset or 0: no pacing, each mail is sent as it is written.
 */
export const mailPerMinute = (): number => config().mail.perMinute;

/** How long a `sendMail` invocation waits for a slot; its timeoutSeconds (functions/src/index.ts) is 300. */
const TRIGGER_WAIT_MS = 240_000;
/** Due mails a trigger that has just sent helps with (the schedule drains the rest). */
const TRIGGER_DRAIN = 3;

/**
 * The `sendMail` trigger's body (functions/src/index.ts).
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function onMailCreated(mailId: string): Promise<DeliveryOutcome> {
  const [doc, config] = await Promise.all([mailDelivery(mailId), senderConfig()]);
  const limit = mailPerMinute();
  if (!limit) return deliverMail(doc, config);
  const gate = await mailSlots(limit);
  const outcome = await sendPaced(doc, config, gate, { waitBudgetMs: TRIGGER_WAIT_MS });
  // Mails whose own trigger stopped waiting are sent by the next triggers, oldest first, before the schedule comes.
  if (outcome === 'sent') await drainMail(config, gate, { max: TRIGGER_DRAIN });
  return outcome;
}

/**
 * The `drainMailQueue` schedule's body (functions/src/index.ts): one minute's worth of due mails.
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function drainMailQueue(): Promise<DrainCounts> {
  const limit = mailPerMinute();
  const [config, gate] = await Promise.all([senderConfig(), limit ? mailSlots(limit) : undefined]);
  return drainMail(config, gate, { max: Math.min(limit || 500, 500) });
}
