import { gone, invalid as invalidInput } from '../../lib/failure';
import { UNSUBSCRIBE_ERRORS } from '../../contracts/content';
import { signLink, verifyLink } from '../../lib/signer';

/** A link stays valid this long; every newsletter carries a fresh one. */
export const UNSUBSCRIBE_LINK_TTL_MS = 180 * 24 * 3600_000;

interface Payload {
  /** email */
  e: string;
  /** subscription version */
  v: number;
  /** expiry, ms since epoch */
  x: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** A link token: base64url(JSON payload) "." base64url(HMAC-SHA256 of that payload). */
export function signUnsubscribeToken(email: string, version: number, expiresAt = Date.now() + UNSUBSCRIBE_LINK_TTL_MS): string {
  const data = b64(Buffer.from(JSON.stringify({ e: email, v: version, x: expiresAt } satisfies Payload)));
  return `${data}.${signLink('unsubscribe', data)}`;
}

const invalid = () => invalidInput('The unsubscribe link is not valid', undefined, UNSUBSCRIBE_ERRORS.invalid);

/** Checks the signature first, then the expiry; returns the address and version it names. */
export function verifyUnsubscribeToken(token: string, now = Date.now()): { email: string; version: number } {
  const m = /^([A-Za-z0-9_-]{1,1500})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw invalid();
  const [, data, sig] = m as unknown as [string, string, string];
  if (!verifyLink('unsubscribe', data, sig)) throw invalid();
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw invalid();
  }
  if (typeof payload?.e !== 'string' || !Number.isInteger(payload.v) || typeof payload.x !== 'number') throw invalid();
  if (payload.x < now) throw gone(UNSUBSCRIBE_ERRORS.expired, 'The unsubscribe link has expired');
  return { email: payload.e, version: payload.v };
}
