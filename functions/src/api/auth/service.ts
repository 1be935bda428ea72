import type { Request } from 'express';
import type { ConfirmPasswordResetInput, SignInInput, SignUpInput } from '../../contracts/auth';
import { createMember } from '../../data/members';
import { auth } from '../../lib/firebase';
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

export const signIn = (input: SignInInput) => identityToolkit.signInWithPassword(input.email, input.password);

/**
 * Identity Toolkit checks tokens itself, but the Auth emulator does not check signatures, expiry or
 * the project. Verifying first with the Admin SDK gives the same answer everywhere: a forged,
 * expired or foreign token is Identity Toolkit's own 400 `INVALID_ID_TOKEN`.
 */
async function assertValidIdToken(idToken: string): Promise<void> {
  try {
    await (await auth()).verifyIdToken(idToken);
  } catch {
    throw toolkitError('INVALID_ID_TOKEN');
  }
}

export async function getUserData(idToken: string) {
  await assertValidIdToken(idToken);
  return identityToolkit.lookup(idToken);
}

export async function sendEmailVerify(idToken: string, req: Request) {
  await assertValidIdToken(idToken);
  return identityToolkit.sendVerifyEmail(idToken, continueUrl(req, 'verifyEmail'));
}

export const confirmEmailVerification = (oobCode: string) => identityToolkit.applyOobCode(oobCode);

export const sendPasswordResetEmail = (email: string, req: Request) =>
  identityToolkit.sendPasswordReset(email, continueUrl(req, 'resetPassword'));

export const verifyPasswordResetCode = (oobCode: string) => identityToolkit.resetPassword(oobCode);

export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => identityToolkit.resetPassword(input.oobCode, input.newPassword);

/**
 * Where the mail's link leads after the action: the shop's own success page, on the site the
 * request came from. Only an http(s) Origin of the serving host (or of this machine, for the
 * emulators) is used; production Identity Toolkit also rejects domains not authorised for the project.
 */
export function continueUrl(req: Request, mode: 'verifyEmail' | 'resetPassword'): string | undefined {
  const origin = req.get('origin');
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const servingHost = (req.get('x-forwarded-host') ?? req.get('host') ?? '').split(',')[0]!.trim();
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.host !== servingHost && !local) return undefined;
  return `${url.origin}/user/authAction/${mode}-success`;
}
