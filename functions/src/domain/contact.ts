// One identity per contact, however it is typed (issue 31; docs/limits.md, "One contact, one key").
// Every per-contact rule keys on these and on nothing else: the per-email and per-phone rate limits
// (functions/src/http/middleware/rate-limit.ts), the holding caps of the shop and group orders
// (functions/src/api/orders/holding.ts, through the keys stored on each order) and the per-account
// limits of sign-in and the password-reset mail. Pure: no Firestore, no clock.

/** Google ignores dots in the local part of these domains, and googlemail.com is gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An email as one mailbox: trimmed and lower-cased, a `+tag` removed from the local part, and for Gmail
 * the dots of the local part ignored (a.b.c+x@GoogleMail.com is abc@gmail.com). '' for an empty input.
 * Not an address to write to: the mails still go to the address as typed.
 */
export function canonicalEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * A phone as one line: its digits (an extension after `#` dropped), with Taiwan's country code written
 * as the trunk 0: +886 922 000 001, 00886922000001, 886-922-000-001 and (0922) 000-001 are all
 * 0922000001 (a 0 typed after the country code, +886 0922..., is not doubled).
 */
export function canonicalPhone(raw: string): string {
  const main = raw.split('#')[0] ?? '';
  let digits = main.replace(/\D/g, '');
  const international = /^\s*(\+|00)/.test(main);
  if (digits.startsWith('00886')) digits = digits.slice(5);
  else if (digits.startsWith('886') && (international || digits.length >= 11)) digits = digits.slice(3);
  else return digits;
  return digits.startsWith('0') ? digits : `0${digits}`;
}
