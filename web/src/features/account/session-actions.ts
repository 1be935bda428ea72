import { isApiError } from '@/lib/api-client';
import { describeError, UNKNOWN_ERROR } from '@contracts/errors';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { freshIdToken, isLoggedIn, sessionFromTokens, setSession, type Session } from '@/lib/session';
import type { AuthTokens } from '@contracts/auth';
import { sendEmailVerify } from '@/lib/api/auth';

/** After any sign-in: decode the ID token, fill the session, write the cookies. */
export function startSession(tokens: Pick<AuthTokens, 'idToken' | 'refreshToken'>, fallback: Partial<Pick<Session, 'name' | 'provider' | 'picture'>> = {}): Session {
  const session = sessionFromTokens(tokens.idToken, tokens.refreshToken, fallback);
  setSession(session);
  return session;
}

/** A same-site path to go to after sign-in, else '/'. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return '/';
    if (url.pathname === '/user' || url.pathname.startsWith('/user/logIn') || url.pathname.startsWith('/user/signUp')) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/** The Chinese explanation of any failure: the catalogue's, or 未知錯誤 with the raw message to quote. */
export function explain(err: unknown): string {
  if (!isApiError(err)) return UNKNOWN_ERROR;
  const chinese = describeError(err.statusCode, err.statusMessage);
  return chinese === UNKNOWN_ERROR && err.statusMessage ? `${UNKNOWN_ERROR}（${err.statusCode} ${err.statusMessage}）` : chinese;
}

/** Sends the verification mail for the signed-in member. */
export async function sendVerificationMail(): Promise<string> {
  const idToken = await freshIdToken();
  if (!idToken) throw new Error('not signed in');
  return (await sendEmailVerify(idToken)).email ?? '';
}

const FIELD_OF_CODE: Record<string, 'email' | 'password'> = {
  EMAIL_EXISTS: 'email',
  EMAIL_NOT_FOUND: 'email',
  INVALID_EMAIL: 'email',
  MISSING_EMAIL: 'email',
  INVALID_PASSWORD: 'password',
  WEAK_PASSWORD: 'password',
  MISSING_PASSWORD: 'password',
};

/**
 * Where to show a failure: beside a field (Identity Toolkit codes about the email or the password,
 * and the server's own validation details), or for the whole form.
 */
export function placeError(err: unknown): { field?: string; message: string } {
  const message = explain(err);
  if (!isApiError(err)) return { message };
  const code = err.statusMessage.split(' : ')[0]?.trim() ?? '';
  if (err.statusCode === 400 && FIELD_OF_CODE[code]) return { field: FIELD_OF_CODE[code], message };
  const detail = err.statusCode === 400 ? err.details?.[0] : undefined;
  if (detail?.path.startsWith('body.')) return { field: detail.path.slice(5).split('.')[0], message: detail.message };
  return { message };
}

/**
 * A member who opens the login or sign-up page goes home. Navigating in the app, the route's loader does
 * it (web/src/app/guards.ts); on a page loaded from the ssr function the loaders ran on the server, which
 * sees no session (the page is the same for everyone), so the browser checks once it has hydrated.
 */
export function useLeaveIfLoggedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoggedIn()) void navigate('/', { replace: true });
    // On arrival only (navigate is stable): after signing up on this page the member stays for the next steps.
  }, [navigate]);
}
