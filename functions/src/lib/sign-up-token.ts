import { createHash, randomBytes } from 'node:crypto';
import { invalid, notFound } from './failure';
import { signLink, verifyLink, type LinkPurpose } from './signer';

// The email sign-ups whose mails carry a cancel link (到貨通知 in api/stock-alerts/service.ts,
// 「截止前提醒我」 in api/close-reminders/service.ts): their ids and their signed cancel tokens, said once.

/** One sign-up per email and subject (a book, a campaign): `{key}__{hash of the email}`, so across instances too. */
export const signUpId = (key: string, email: string) => `${key}__${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

/** Random per registration; the cancel links carry it, so an old mail's link never cancels a later sign-up. */
export const newSignUpNonce = () => randomBytes(12).toString('base64url');

/**
 * The cancel link's token: the sign-up's id, the registration's nonce and the link's expiry (seconds),
 * signed together for this purpose. A link cancels only the registration its mail was sent for and only
 * until it expires (issue 24).
 */
export function signSignUpToken(purpose: LinkPurpose, id: string, nonce: string, expiresAt: Date): string {
  const payload = `${id}.${nonce}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${signLink(purpose, payload)}`;
}

/** The id and nonce of a valid, unexpired token of this purpose; a 400 on `body.token` otherwise (`expiredMessage` once expired). */
function verifySignUpToken(purpose: LinkPurpose, token: string, now: Date, expiredMessage: string): { id: string; nonce: string } {
  const m = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const badLink = (message = '連結無效或已失效') => invalid('The link is not valid', [{ path: 'body.token', message }]);
  if (!m) throw badLink();
  const payload = Buffer.from(m[1]!, 'base64url').toString('utf8');
  if (!verifyLink(purpose, payload, m[2]!)) throw badLink();
  const [id, nonce, exp] = payload.split('.');
  if (!id || !nonce || !/^\d+$/.test(exp ?? '')) throw badLink();
  if (Number(exp) * 1000 <= now.getTime()) throw badLink(expiredMessage);
  return { id, nonce };
}

/**
 * Cancels the registration a valid token was made for, through `cancel` (data/sign-ups.ts's, with the
 * sign-up's collection): the sign-up with its status after the cancel; 404 (`missing`) when there is none
 * or a later registration replaced it.
 */
export async function cancelBySignUpToken<D extends { status: string }>(
  purpose: LinkPurpose,
  token: string,
  now: Date,
  expiredMessage: string,
  cancel: (id: string, nonce: string, at: string) => Promise<D | null>,
  missing: string,
): Promise<D> {
  const { id, nonce } = verifySignUpToken(purpose, token, now, expiredMessage);
  const d = await cancel(id, nonce, now.toISOString());
  if (!d) throw notFound(missing);
  return d.status === 'waiting' ? { ...d, status: 'cancelled' } : d;
}
