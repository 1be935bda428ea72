// LINE Login v2.1's two server-side steps: the code exchange at the token endpoint and the check of the
// ID token it answers. LINE signs a web login's ID token with HS256 and the channel secret, so it is
// verified here with that secret (no call to LINE's verify endpoint). Offline the endpoints are the
// stand-in's (scripts/lib/line-stand-in.mjs), through functions/src/config.ts like every setting.
import { createHash, randomBytes } from 'node:crypto';
import { config } from '../config';
import { ERROR_KEYS } from '../contracts/errors';
import { invalid, unavailable } from './failure';
import { logger } from './logger';

/** The issuer of every LINE ID token (LINE Login v2.1). */
export const LINE_ISSUER = 'https://access.line.me';
const TIMEOUT_MS = 10_000;

export interface LineSettings {
  channelId: string;
  channelSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/** The channel's settings; 503 while the project has none (docs/accounts.md says how to create the channel). */
export function lineSettings(): LineSettings {
  const line = config().line;
  if (!line) throw unavailable('Sign in with LINE is not configured (LINE_CHANNEL_ID, LINE_CHANNEL_SECRET)');
  return line;
}

export const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The authorization URL of one login: code flow, PKCE (S256), state and nonce. */
export function authorizeUrl(s: LineSettings, p: { redirectUri: string; state: string; nonce: string; verifier: string }): string {
  const url = new URL(s.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: s.channelId,
    redirect_uri: p.redirectUri,
    state: p.state,
    scope: 'openid profile email',
    nonce: p.nonce,
    code_challenge: sha256(p.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Who LINE says signed in: the verified claims the shop uses. */
export interface LineIdentity {
  /** LINE's user id (`U` and 32 hex digits). */
  sub: string;
  name: string;
  picture: string;
  /** Only when LINE returned one (the member allowed it): LINE has verified it. */
  email: string | null;
}

const tokenInvalid = (message: string) => invalid(message, undefined, ERROR_KEYS.lineTokenInvalid);

/** Exchanges the code (with the PKCE verifier) and verifies the ID token; a refusal is 400 `LINE_TOKEN_INVALID`. */
export async function exchangeCode(s: LineSettings, p: { code: string; redirectUri: string; verifier: string; nonce: string }): Promise<LineIdentity> {
  let res: Response;
  try {
    res = await fetch(s.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        client_id: s.channelId,
        client_secret: s.channelSecret,
        code_verifier: p.verifier,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn('LINE token endpoint unreachable', { error: String(err) });
    throw unavailable('LINE is unreachable');
  }
  const body = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
  if (res.status >= 400 && res.status < 500) throw tokenInvalid(`LINE refused the code (${typeof body?.error === 'string' ? body.error.slice(0, 60) : res.status})`);
  if (!res.ok || typeof body?.id_token !== 'string') {
    logger.warn('LINE token endpoint failed', { status: res.status });
    throw unavailable('LINE did not answer with an ID token');
  }
  return verifyLineIdToken(body.id_token, s, p.nonce);
}

/** HS256 with the channel secret, issuer, audience, expiry (a minute of clock skew) and the login's nonce. */
export async function verifyLineIdToken(idToken: string, s: Pick<LineSettings, 'channelId' | 'channelSecret'>, nonce: string): Promise<LineIdentity> {
  const { jwtVerify } = await import('jose');
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, new TextEncoder().encode(s.channelSecret), {
      algorithms: ['HS256'],
      issuer: LINE_ISSUER,
      audience: s.channelId,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 60,
    }));
  } catch (err) {
    throw tokenInvalid(`LINE's ID token was refused (${(err as { code?: string }).code ?? 'invalid'})`);
  }
  if (claims.nonce !== nonce) throw tokenInvalid("LINE's ID token carries another login's nonce");
  const sub = claims.sub;
  if (typeof sub !== 'string' || !/^U[0-9a-f]{32}$/.test(sub)) throw tokenInvalid("LINE's ID token names no LINE user");
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  const picture = text(claims.picture, 2048);
  const email = text(claims.email, 254);
  return { sub, name: text(claims.name, 50).trim(), picture: /^https:\/\//.test(picture) ? picture : '', email: email ? email.toLowerCase() : null };
}
