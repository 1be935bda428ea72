import type { LineCallbackAnswer, LineCallbackInput, LineLink, LineStartInput } from '../../contracts/line';
import { ERROR_KEYS } from '../../contracts/errors';
import { createLineLink, deleteLineLinkOf, lineLinkOf, lineLinkOfAccount, saveLineLogin, takeLineLogin } from '../../data/line';
import { createMember, getMember, upsertMember } from '../../data/members';
import { conflict, forbidden, invalid, unauthorized } from '../../lib/failure';
import { auth } from '../../lib/firebase';
import type { Identity } from '../../lib/id-token';
import { callToolkit, toolkitError } from '../../lib/identity-toolkit';
import { authorizeUrl, exchangeCode, type LineIdentity, lineSettings, randomToken, sha256 } from '../../lib/line';
import { logger } from '../../lib/logger';
import { siteUrl } from '../../lib/site-url';
import { mailVerification } from './service';

// Sign in with LINE (docs/accounts.md, "Sign in with LINE"). The account rule: a LINE identity is an
// account of its own, uid `line-<LINE user id>`, unless the member linked it from their profile while
// signed in (data/line.ts lineAccounts); an email address never links anything.

/** How long a started login may take at LINE before its state is refused. */
const LOGIN_TTL_MS = 10 * 60_000;
/** The uid of a LINE identity's own account (Firestore ids and the API's uids allow no colon). */
export const lineUid = (sub: string) => `line-${sub}`;
const isLineAccount = (uid: string) => /^line-U[0-9a-f]{32}$/.test(uid);

/** Where LINE sends the browser back: the page that posts the code to /api/auth/line/callback. */
const callbackUrl = () => `${siteUrl()}/user/line/callback`;

/** A binding cookie's value is ours only if it looks like one. */
const BINDING = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Starts a login: state, nonce and PKCE verifier kept in Firestore (single use, 10 minutes), bound to this
 * browser by the binding cookie (its hash stored with them; the router sets the cookie). A `link` is for
 * the signed-in member only.
 */
export async function startLineLogin(input: LineStartInput, user: Identity | null, cookieBinding: string | null): Promise<{ authorizeUrl: string; binding: string }> {
  const s = lineSettings();
  if (input.purpose === 'link') {
    if (!user) throw unauthorized();
    if (isLineAccount(user.uid)) throw conflict(ERROR_KEYS.lineAlreadyLinked, 'This account signs in with LINE already');
  }
  const binding = cookieBinding && BINDING.test(cookieBinding) ? cookieBinding : randomToken(32);
  const state = randomToken(24);
  const nonce = randomToken(24);
  const verifier = randomToken(48);
  await saveLineLogin(state, {
    nonce,
    verifier,
    binding: sha256(binding),
    purpose: input.purpose,
    uid: input.purpose === 'link' ? user!.uid : null,
    redirect: input.redirect ?? (input.purpose === 'link' ? '/user/profile' : '/'),
    expireAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  return { authorizeUrl: authorizeUrl(s, { redirectUri: callbackUrl(), state, nonce, verifier }), binding };
}

/**
 * LINE sent the browser back with a code: the state must be a login this browser started (and not yet
 * finished), then the code is exchanged and LINE's ID token verified. Signs in (creating the LINE account
 * on its first sign-in) or, for a `link`, links the identity to the member who started it.
 */
export async function finishLineLogin(input: LineCallbackInput, user: Identity | null, cookieBinding: string | null): Promise<LineCallbackAnswer> {
  const s = lineSettings();
  const login = await takeLineLogin(input.state);
  if (!login || login.expireAt.getTime() < Date.now() || !cookieBinding || sha256(cookieBinding) !== login.binding) {
    throw invalid('This LINE login is unknown, expired, already used or was started in another browser', undefined, ERROR_KEYS.lineStateInvalid);
  }
  const line = await exchangeCode(s, { code: input.code, redirectUri: callbackUrl(), verifier: login.verifier, nonce: login.nonce });
  if (login.purpose === 'link') {
    if (!user || user.uid !== login.uid) throw forbidden('Only the member who started the link may finish it');
    await link(user.uid, line);
    return { kind: 'linked', redirect: login.redirect };
  }
  return signIn(line, login.redirect);
}

async function link(uid: string, line: LineIdentity): Promise<void> {
  const a = await auth();
  const own = await a.getUser(lineUid(line.sub)).then(
    () => true,
    (err: { code?: string }) => (err.code === 'auth/user-not-found' ? false : Promise.reject(err)),
  );
  if (own || !(await createLineLink(line.sub, { uid, name: line.name }))) throw conflict(ERROR_KEYS.lineAlreadyLinked, 'This LINE identity already has an account, or this account another LINE identity');
}

interface Account {
  uid: string;
  email: string;
  name: string;
  picture: string;
  created: boolean;
  emailTaken: boolean;
}

async function signIn(line: LineIdentity, redirect: string): Promise<LineCallbackAnswer> {
  const linked = await lineLinkOf(line.sub);
  const account = linked ? await existing(linked.uid) : await ownAccount(line);
  return {
    kind: 'signedIn',
    ...(await customSession(account.uid)),
    localId: account.uid,
    email: account.email,
    displayName: account.name,
    picture: account.picture,
    isNewUser: account.created,
    needsEmail: !account.email,
    emailTaken: account.emailTaken,
    redirect,
  };
}

/** The account a link points at; a link to an account deleted since is refused (the member signs in otherwise). */
async function existing(uid: string): Promise<Account> {
  try {
    const u = await (await auth()).getUser(uid);
    return { uid, email: u.email ?? '', name: u.displayName ?? '', picture: u.photoURL ?? '', created: false, emailTaken: false };
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') throw toolkitError('USER_NOT_FOUND');
    throw err;
  }
}

/**
 * The LINE identity's own account, made on its first sign-in with its member record. LINE's email is used
 * (as verified: LINE verified it) only where LINE returned one and no other account has it; otherwise the
 * account has no email and the web asks for one.
 */
async function ownAccount(line: LineIdentity): Promise<Account> {
  const a = await auth();
  const uid = lineUid(line.sub);
  const name = line.name || 'LINE 會員';
  try {
    const u = await a.getUser(uid);
    return { uid, email: u.email ?? '', name: u.displayName ?? name, picture: u.photoURL ?? '', created: false, emailTaken: false };
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
  const base = { uid, displayName: name, ...(line.picture ? { photoURL: line.picture } : {}) };
  let emailTaken = false;
  try {
    await a.createUser(line.email ? { ...base, email: line.email, emailVerified: true } : base);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'auth/uid-already-exists') return ownAccount(line); // a second tab's first sign-in won the race
    if (code !== 'auth/email-already-exists') throw err;
    emailTaken = true;
    await a.createUser(base);
  }
  const email = line.email && !emailTaken ? line.email : '';
  try {
    await createMember({ uid, userName: name, email, provider: 'line', picture: line.picture });
  } catch (err) {
    await a.deleteUser(uid).catch((e: unknown) => logger.error('rollback of a LINE sign-up failed', { uid, error: String(e) }));
    throw err;
  }
  return { uid, email, name, picture: line.picture, created: true, emailTaken };
}

/**
 * The email step of a LINE account (which may have none, or whose email is not verified yet): sets it,
 * unverified, and sends the verification mail as the email sign-up does. Another account's address is
 * Identity Toolkit's own EMAIL_EXISTS.
 */
export async function setLineEmail(user: Identity, email: string): Promise<{ email: string; idToken: string; refreshToken: string; expiresIn: string }> {
  if (!isLineAccount(user.uid)) throw forbidden('Only a LINE account sets its email here');
  const a = await auth();
  const current = await a.getUser(user.uid);
  if (current.emailVerified && current.email) throw forbidden('This account has a verified email already');
  const address = email.toLowerCase();
  try {
    await a.updateUser(user.uid, { email: address, emailVerified: false });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'auth/email-already-exists') throw toolkitError('EMAIL_EXISTS');
    if (code === 'auth/invalid-email') throw toolkitError('INVALID_EMAIL');
    throw err;
  }
  const member = await getMember(user.uid);
  await upsertMember(user.uid, { userName: member?.userName || current.displayName || 'LINE 會員', email: address, picture: member?.picture ?? '', provider: 'line' });
  await mailVerification(address, current.displayName ?? null);
  // A new email makes the account's earlier sign-ins count as revoked (the bearer check refuses them):
  // the member goes on with a new session.
  return { email: address, ...(await customSession(user.uid)) };
}

/** A Firebase session for the account: a custom token from the Admin SDK, exchanged at Identity Toolkit. */
async function customSession(uid: string): Promise<{ idToken: string; refreshToken: string; expiresIn: string }> {
  const token = await (await auth()).createCustomToken(uid);
  const t = await callToolkit<{ idToken: string; refreshToken: string; expiresIn: string }>('signInWithCustomToken', { token, returnSecureToken: true });
  return { idToken: t.idToken, refreshToken: t.refreshToken, expiresIn: String(t.expiresIn) };
}

/** The profile's LINE line. */
export async function lineLinkStatus(user: Identity): Promise<LineLink> {
  if (isLineAccount(user.uid)) return { linked: true, ownAccount: true, name: user.name ?? '' };
  const link = await lineLinkOfAccount(user.uid);
  return { linked: !!link, ownAccount: false, name: link?.name ?? '' };
}

/** Unlinks LINE from the member's account; a LINE account's own identity cannot be removed. */
export async function unlinkLine(user: Identity): Promise<LineLink> {
  if (isLineAccount(user.uid)) throw forbidden('A LINE account signs in with LINE only');
  await deleteLineLinkOf(user.uid);
  return { linked: false, ownAccount: false, name: '' };
}
