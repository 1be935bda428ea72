import type { ConfirmPasswordResetInput, SignInInput, SignUpInput } from '../../contracts/auth';
import { createMember } from '../../data/members';
import { auth } from '../../lib/firebase';
import { verifyIdToken } from '../../lib/id-token';
import { Failure, unavailable } from '../../lib/failure';
import { identityToolkit, toolkitError, type TokenResponse } from '../../lib/identity-toolkit';
import { logger } from '../../lib/logger';
import { queueMail } from '../../data/mail';
import { shopSettings } from '../../data/settings';
import { accountActionUrl, resetPasswordMail, verifyEmailMail } from './mail';

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

export async function getUserData(idToken: string) {
  await assertValidIdToken(idToken);
  return identityToolkit.lookup(idToken);
}

/**
 * The verification mail, through the shop's own outbox (mail/send-mail.ts): the Admin SDK makes the
 * code, the link leads to the configured site's /user/authAction (api/auth/mail.ts). Answers as
 * Identity Toolkit's sendOobCode did.
 */
export async function sendEmailVerify(idToken: string) {
  const r = await verifyIdToken(idToken);
  if (!r.ok) throw r.reason === 'unreachable' ? unavailable('Identity Toolkit is unreachable') : toolkitError('INVALID_ID_TOKEN');
  const { email, name } = r.identity;
  if (!email) throw toolkitError('MISSING_EMAIL');
  await mailVerification(email, name);
  return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
}

/** Queues the verification mail of the account with this email (also the LINE email step's, api/auth/line.ts). */
export async function mailVerification(email: string, name: string | null): Promise<void> {
  const link = await adminLink(() => auth().then((a) => a.generateEmailVerificationLink(email)));
  if (!link) throw toolkitError('USER_NOT_FOUND');
  await queueMail(verifyEmailMail(email, name, accountActionUrl('verifyEmail', link), await shopSettings()), 'verify-email');
}

/** A link from the Admin SDK, or null when the account does not exist; an outage is 503. */
async function adminLink(make: () => Promise<string>): Promise<string | null> {
  try {
    return await make();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'auth/user-not-found' || code === 'auth/email-not-found') return null;
    logger.warn('generating an account action link failed', { code, error: String(err) });
    throw unavailable('Identity Toolkit could not make the link');
  }
}

export const confirmEmailVerification = (oobCode: string) => identityToolkit.applyOobCode(oobCode);

/**
 * The reset mail, through the shop's own outbox like the verification mail. An unknown address gets the
 * same answer and no mail, as Identity Toolkit answers with email enumeration protection on (the
 * default of new projects): the form never tells who has an account.
 */
export async function sendPasswordResetEmail(given: string) {
  // Accounts' addresses are stored in lower case; the mail goes to that address.
  const email = given.toLowerCase();
  // The account is looked up first: with email enumeration protection on, the link call for an unknown
  // address fails without saying why (the Auth emulator: "Unable to create the email action link").
  const link = await adminLink(async () => {
    const a = await auth();
    await a.getUserByEmail(email);
    return a.generatePasswordResetLink(email);
  });
  if (link) await queueMail(resetPasswordMail(email, accountActionUrl('resetPassword', link), await shopSettings()), 'reset-password');
  return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
}

export const verifyPasswordResetCode = (oobCode: string) => identityToolkit.resetPassword(oobCode);

export const confirmPasswordReset = (input: ConfirmPasswordResetInput) => identityToolkit.resetPassword(input.oobCode, input.newPassword);
