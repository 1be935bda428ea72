import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

// The one signer of the links the shop mails: the newsletter's unsubscribe links
// (api/content/unsubscribe-token.ts), the stock alerts' and campaign reminders' cancel links
// (lib/sign-up-token.ts) and the organisers' links and pickup desks (api/organizer/service.ts).
// HMAC-SHA256 under UNSUBSCRIBE_SECRET with a purpose prefix, so a signature made for one kind of link
// never verifies as another.

/**
 * What a link is for; part of what is signed. One each: the newsletter's unsubscribe, the 到貨通知 and
 * 「截止前提醒我」 cancels, the organiser's read-only link and its pickup desk.
 */
export const LINK_PURPOSES = ['unsubscribe', 'stock-alert', 'organizer', 'organizer-desk', 'close-reminder'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

let ephemeral: string | undefined;

/**
 * The key: UNSUBSCRIBE_SECRET, from Secret Manager when deployed and from functions/.secret.local on the
 * emulator. Deployed without it, signing fails loudly. Elsewhere with none set (the plain server,
 * in-process tests), a random key for this process: its links verify only here, and no key is written in
 * the code, so none ships in the build (npm run deploy:check looks for the development value).
 */
function key(): string {
  const { linkSecret, deployed } = config();
  if (linkSecret) return linkSecret;
  if (deployed) throw new Error('UNSUBSCRIBE_SECRET is not set');
  ephemeral ??= randomBytes(32).toString('base64url');
  return ephemeral;
}

const mac = (purpose: LinkPurpose, data: string) => createHmac('sha256', key()).update(`${purpose}:${data}`).digest();

/** The signature of `data` for this purpose, base64url (43 characters). */
export function signLink(purpose: LinkPurpose, data: string): string {
  return mac(purpose, data).toString('base64url');
}

/** Whether `signature` (base64url) is this purpose's signature of `data`; compared in constant time. */
export function verifyLink(purpose: LinkPurpose, data: string, signature: string): boolean {
  const expected = mac(purpose, data);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
