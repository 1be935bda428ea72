import type { ConfirmPasswordResetInput, SignInInput, SignUpInput } from '../../contracts/auth';
import { createMember } from '../../data/members';
import { auth } from '../../lib/firebase';
import { verifyIdToken } from '../../lib/id-token';
import { Failure, unavailable } from '../../lib/failure';
import { identityToolkit, toolkitError, type TokenResponse } from '../../lib/identity-toolkit';
import { logger } from '../../lib/logger';

// The business of /api/auth/*: Identity Toolkit does the accounts, the shop keeps members/{uid}.

/** signUp also creates members/{uid}; if that write fails the new account is removed again. */
export async function signUp(input: SignUpInput): Promise<TokenResponse> {
  const account = await identityToolkit.signUp(input.email, input.password, input.userName);
  try {
    await createMember({ uid: account.localId, userName: input.userName, email: account.email ?? input.email, provider: 'password' });
  } catch (err) {
    await (await auth()).deleteUser(account.localId).catch((e: unknown) => logger.error('rollback of sign-up failed', { uid: account.localId, error: String(e) }));
    throw err;
  }
  return account;
}

/**
 * A wrong password and an unknown email get one answer, `INVALID_LOGIN_CREDENTIALS`, as Identity
 * Toolkit gives with email enumeration protection on (the production setting): sign-in must not tell
 * who has an account. The emulator still tells them apart, so the API merges them here.
 */
export async function signIn(input: SignInInput): Promise<TokenResponse> {
  try {
    return await identityToolkit.signInWithPassword(input.email, input.password);
  } catch (err) {
    if (err instanceof Failure && /^(EMAIL_NOT_FOUND|INVALID_PASSWORD)\b/.test(err.key)) throw toolkitError('INVALID_LOGIN_CREDENTIALS');
    throw err;
  }
}

/**
 * Identity Toolkit checks tokens itself, but the Auth emulator does not check signatures, expiry or
 * the project. Verifying first with the Admin SDK gives the same answer everywhere: a forged,
 * expired or foreign token is Identity Toolkit's own 400 `INVALID_ID_TOKEN`.
 */
async function assertValidIdToken(idToken: string): Promise<void> {
  const r = await verifyIdToken(idToken);
  if (!r.ok) throw r.reason === 'unreachable' ? unavailable('Identity Toolkit is unreachable') : toolkitError('INVALID_ID_TOKEN');
}

/** Where the request came from, as continueUrl needs it (the route reads it from the headers). */
export interface RequestSite {
  origin: string | undefined;
  /** The host that served the request (X-Forwarded-Host's first entry, or Host). */
  servingHost: string;
}

export async function getUserData(idToken: string) {
  await assertValidIdToken(idToken);
  return identityToolkit.lookup(idToken);
}

export async function sendEmailVerify(idToken: string, site: RequestSite) {
  await assertValidIdToken(idToken);
  return identityToolkit.sendVerifyEmail(idToken, continueUrl(site, 'verifyEmail'));
}

export const confirmEmailVerification = (oobCode: string) => identityToolkit.applyOobCode(oobCode);

export const sendPasswordResetEmail = (email: string, site: RequestSite) =>
  identityToolkit.sendPasswordReset(email, continueUrl(site, 'resetPassword'));

export const verifyPasswordResetCode = (oobCode: string) => identityToolkit.resetPassword(oobCode);

export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => identityToolkit.resetPassword(input.oobCode, input.newPassword);

/**
 * Where the mail's link leads after the action: the shop's own success page, on the site the
 * request came from. Only an http(s) Origin of the serving host (or of this machine, for the
 * emulators) is used; production Identity Toolkit also rejects domains not authorised for the project.
 */
export function continueUrl({ origin, servingHost }: RequestSite, mode: 'verifyEmail' | 'resetPassword'): string | undefined {
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.host !== servingHost && !local) return undefined;
  return `${url.origin}/user/authAction/${mode}-success`;
}
