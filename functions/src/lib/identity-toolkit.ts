// A small client for the Identity Toolkit REST API (accounts:*), the API that Firebase Auth's
// email/password flows run on. Locally it talks to the Auth emulator (any key works there); in
// production it uses the project's Web API key, WEB_API_KEY (functions/.env.<project-id>, read by
// functions/src/config.ts).
import { config } from '../config';
import type { AuthTokens } from '../contracts/auth';
import { Failure, invalid, unavailable } from './failure';
import { logger } from './logger';

const PRODUCTION_BASE = 'https://identitytoolkit.googleapis.com/v1';
const EMULATOR_KEY = 'emulator-api-key';
const TIMEOUT_MS = 10_000;

/** The Auth emulator's address and any key, or production's with the Web API key (a loud failure without one). */
function endpoint(): { base: string; key: string } {
  const { authEmulatorHost: host, webApiKey } = config();
  if (host) return { base: `http://${host}/identitytoolkit.googleapis.com/v1`, key: EMULATOR_KEY };
  if (!webApiKey) throw new Error('WEB_API_KEY is not set (functions/.env.<project-id>, docs/deploy.md)');
  return { base: PRODUCTION_BASE, key: webApiKey };
}

/** Identity Toolkit's own error body. */
interface ToolkitErrorBody {
  error?: { code?: number; message?: string };
}

/**
 * Identity Toolkit refused the request: the API answers 400 with its message verbatim as the
 * statusMessage (the client explains it through contracts/errors.ts), e.g. `WEAK_PASSWORD : Password should be at least 6 characters`.
 */
export function toolkitError(message: string): Failure {
  const code = message.split(' : ')[0]?.trim() ?? message;
  return invalid(EXPLANATIONS[code] ?? 'The identity service refused the request', undefined, message);
}

const EXPLANATIONS: Record<string, string> = {
  EMAIL_EXISTS: 'An account with this email already exists',
  EMAIL_NOT_FOUND: 'No account has this email',
  INVALID_PASSWORD: 'The password is wrong',
  INVALID_LOGIN_CREDENTIALS: 'The email or the password is wrong',
  INVALID_EMAIL: 'The email address is malformed',
  WEAK_PASSWORD: 'The password is too weak',
  INVALID_ID_TOKEN: 'The ID token is invalid or expired; sign in again',
  INVALID_OOB_CODE: 'The email link is invalid, expired or already used',
  EXPIRED_OOB_CODE: 'The email link has expired',
  USER_DISABLED: 'This account has been disabled',
  USER_NOT_FOUND: 'The account no longer exists',
  TOKEN_EXPIRED: 'The sign-in has expired; sign in again',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'Too many attempts, try again later',
  MISSING_PASSWORD: 'A password is required',
  MISSING_EMAIL: 'An email is required',
};

/**
 * POSTs to `accounts:<method>`. Refusals (4xx) become the catalogue's 400 with Identity Toolkit's
 * message; an unreachable or failing service becomes 503 `Firebase not find`.
 */
export async function callToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const { base, key } = endpoint();
  const url = `${base}/accounts:${method}?key=${encodeURIComponent(key)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn('identity toolkit unreachable', { method, error: String(err) });
    throw unavailable('The identity service is unreachable');
  }
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // an HTML error page or an empty body: judged by the status below
  }
  if (res.ok) return parsed as T;
  const message = (parsed as ToolkitErrorBody | null)?.error?.message;
  if (res.status >= 400 && res.status < 500 && typeof message === 'string' && message) throw toolkitError(message);
  logger.warn('identity toolkit failed', { method, status: res.status, message });
  throw unavailable('The identity service failed');
}

// The calls the API makes, with Identity Toolkit's own response shapes (passed through to the client).

export type TokenResponse = AuthTokens;

export const identityToolkit = {
  signUp: (email: string, password: string, displayName: string) =>
    callToolkit<TokenResponse>('signUp', { email, password, displayName, returnSecureToken: true }),
  signInWithPassword: (email: string, password: string) =>
    callToolkit<TokenResponse>('signInWithPassword', { email, password, returnSecureToken: true }),
  lookup: (idToken: string) => callToolkit<{ kind?: string; users?: Record<string, unknown>[] }>('lookup', { idToken }),
  applyOobCode: (oobCode: string) => callToolkit<Record<string, unknown>>('update', { oobCode }),
  resetPassword: (oobCode: string, newPassword?: string) =>
    callToolkit<{ kind?: string; email: string; requestType?: string }>('resetPassword', newPassword === undefined ? { oobCode } : { oobCode, newPassword }),
};
