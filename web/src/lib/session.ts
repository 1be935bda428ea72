import { env } from '@/config/env';
import { decodeBase64UrlJson } from './base64url';
import { getCookie, removeCookie, setCookie, type CookieAttributes } from './cookies';

// The browser session of the seed's sections 3 and 4: kept in cookies, restored on load.
// "Logged in" means the idToken cookie is present. The ID token is refreshed at the token endpoint
// shortly before it expires, and by the API client when a call answers 401 once.

export interface Session {
  name: string;
  email: string;
  emailVerified: boolean;
  picture: string;
  userId: string;
  provider: string;
  idToken: string;
  refreshToken: string;
}

export const COOKIE_NAMES = {
  userName: 'userName',
  email: 'email',
  emailVerified: 'emailVerified',
  photoUrl: 'photoUrl',
  userId: 'userId',
  idToken: 'idToken',
  refreshToken: 'refreshToken',
  signInProvider: 'signInProvider',
} as const;

/** Refresh this long before the ID token's exp (they live an hour). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

const cookieOptions = (): CookieAttributes => ({
  path: '/',
  sameSite: 'Lax',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
  expires: 30,
});

type Listener = (s: Session | null) => void;
const listeners = new Set<Listener>();
let current: Session | null | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export interface IdTokenClaims {
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  user_id?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  firebase?: { sign_in_provider?: string };
  /** The shop owner's custom claim. */
  admin?: unknown;
}

/** The claims of an ID token (not verified: the server does that); null when it is not a JWT. */
export function decodeIdToken(idToken: string): IdTokenClaims | null {
  const part = idToken.split('.')[1];
  const claims = part ? decodeBase64UrlJson(part) : null;
  return claims && typeof claims === 'object' ? (claims as IdTokenClaims) : null;
}

/**
 * The session after any sign-in: from the decoded ID token, the name falling back to the one given
 * at sign-in.
 */
export function sessionFromTokens(idToken: string, refreshToken: string, fallback: Partial<Pick<Session, 'name' | 'provider' | 'picture'>> = {}): Session {
  const c = decodeIdToken(idToken) ?? {};
  return {
    name: c.name || fallback.name || '',
    email: c.email ?? '',
    emailVerified: c.email_verified === true,
    picture: c.picture || fallback.picture || '',
    userId: c.user_id ?? c.sub ?? '',
    provider: c.firebase?.sign_in_provider ?? fallback.provider ?? '',
    idToken,
    refreshToken,
  };
}

/** Rebuilds the session from the cookies; null when there is no idToken cookie. */
export function restoreSession(): Session | null {
  const idToken = getCookie(COOKIE_NAMES.idToken);
  if (!idToken) return null;
  const claims = decodeIdToken(idToken);
  return {
    name: claims?.name || getCookie(COOKIE_NAMES.userName) || '',
    email: claims?.email ?? getCookie(COOKIE_NAMES.email) ?? '',
    emailVerified: claims?.email_verified === true || getCookie(COOKIE_NAMES.emailVerified) === 'true',
    picture: claims?.picture || getCookie(COOKIE_NAMES.photoUrl) || '',
    userId: claims?.user_id ?? getCookie(COOKIE_NAMES.userId) ?? '',
    provider: claims?.firebase?.sign_in_provider ?? getCookie(COOKIE_NAMES.signInProvider) ?? '',
    idToken,
    refreshToken: getCookie(COOKIE_NAMES.refreshToken) ?? '',
  };
}

/**
 * True when token `a` was issued after token `b` for the same account. Another tab, or a refresh that
 * finished after a reload, may have stored a newer token than the one this page holds: that one wins.
 */
export function isNewerToken(a: string, b: string): boolean {
  const ca = decodeIdToken(a);
  const cb = decodeIdToken(b);
  if (!ca || !cb) return false;
  if ((ca.user_id ?? ca.sub) !== (cb.user_id ?? cb.sub)) return false;
  return (ca.iat ?? 0) > (cb.iat ?? 0);
}

/** Adopts the cookies' session when they hold a newer token than this page (another tab refreshed). */
function adoptNewerCookie(): boolean {
  const stored = getCookie(COOKIE_NAMES.idToken);
  if (!current || !stored || stored === current.idToken || !isNewerToken(stored, current.idToken)) return false;
  current = restoreSession();
  if (current) scheduleRefresh(current);
  return true;
}

export function getSession(): Session | null {
  if (current === undefined) {
    current = restoreSession();
    if (current) scheduleRefresh(current);
  } else adoptNewerCookie();
  return current;
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  // Back from another tab (which may have verified the email or refreshed the token): take its token.
  window.addEventListener('focus', () => {
    if (adoptNewerCookie()) listeners.forEach((l) => l(current ?? null));
  });
}

export function isLoggedIn(): boolean {
  return Boolean(getCookie(COOKIE_NAMES.idToken));
}

export function setSession(s: Session): void {
  // Never write an older token over a newer one that another tab (or a refresh finishing after a
  // reload) has already stored: adopt the newer one instead.
  const stored = getCookie(COOKIE_NAMES.idToken);
  if (stored && stored !== s.idToken && isNewerToken(stored, s.idToken)) {
    current = restoreSession();
    if (current) {
      scheduleRefresh(current);
      listeners.forEach((l) => l(current ?? null));
      return;
    }
  }
  const o = cookieOptions();
  setCookie(COOKIE_NAMES.userName, s.name, o);
  setCookie(COOKIE_NAMES.email, s.email, o);
  setCookie(COOKIE_NAMES.emailVerified, String(s.emailVerified), o);
  setCookie(COOKIE_NAMES.photoUrl, s.picture, o);
  setCookie(COOKIE_NAMES.userId, s.userId, o);
  setCookie(COOKIE_NAMES.idToken, s.idToken, o);
  setCookie(COOKIE_NAMES.refreshToken, s.refreshToken, o);
  setCookie(COOKIE_NAMES.signInProvider, s.provider, o);
  current = s;
  scheduleRefresh(s);
  listeners.forEach((l) => l(s));
}

/** Clears every session field and cookie. */
export function clearSession(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  for (const name of Object.values(COOKIE_NAMES)) removeCookie(name, { path: '/' });
  current = null;
  listeners.forEach((l) => l(null));
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Milliseconds until the token should be refreshed (0 when it is expired or unreadable). */
export function msUntilRefresh(idToken: string, now = Date.now()): number {
  const exp = decodeIdToken(idToken)?.exp;
  if (typeof exp !== 'number') return 0;
  return Math.max(0, exp * 1000 - REFRESH_MARGIN_MS - now);
}

function scheduleRefresh(s: Session) {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (!s.refreshToken || typeof window === 'undefined') return;
  // Timers above 2^31-1 ms fire at once; tokens live an hour, so cap well below that.
  const delay = Math.min(msUntilRefresh(s.idToken), 24 * 3600_000);
  refreshTimer = setTimeout(() => void refreshIdToken(), delay);
}

export function tokenEndpoint(): string {
  const key = encodeURIComponent(env.firebase.apiKey);
  return env.useEmulators
    ? `http://${env.authEmulatorHost}/securetoken.googleapis.com/v1/token?key=${key}`
    : `https://securetoken.googleapis.com/v1/token?key=${key}`;
}

interface TokenEndpointAnswer {
  id_token?: string;
  refresh_token?: string;
}

let inflight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new ID token at the token endpoint and stores both.
 * Concurrent callers share one exchange. Resolves false when there is nothing to refresh or the
 * endpoint refused (the caller then treats the session as over).
 */
export function refreshIdToken(): Promise<boolean> {
  inflight ??= (async () => {
    const s = getSession();
    if (!s?.refreshToken) return false;
    try {
      const res = await fetch(tokenEndpoint(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: s.refreshToken }).toString(),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as TokenEndpointAnswer;
      if (!body.id_token) return false;
      // The session may have ended while the exchange ran.
      if (getSession()?.refreshToken !== s.refreshToken) return false;
      setSession(sessionFromTokens(body.id_token, body.refresh_token ?? s.refreshToken, s));
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** The current ID token, refreshed first when it is about to expire; null when signed out. */
export async function freshIdToken(): Promise<string | null> {
  const s = getSession();
  if (!s) return null;
  if (s.refreshToken && msUntilRefresh(s.idToken) === 0) await refreshIdToken();
  return getSession()?.idToken ?? null;
}
