import { z } from 'zod';
import { confirmPasswordResetInputSchema, emailInputSchema, idTokenInputSchema, oobCodeInputSchema, signInInputSchema, signUpInputSchema, tokenResponseSchema, toolkitEmailResponseSchema, toolkitLookupResponseSchema } from '../auth';
import { lineCallbackAnswerSchema, lineCallbackInputSchema, lineEmailAnswerSchema, lineEmailInputSchema, lineLinkSchema, lineStartAnswerSchema, lineStartInputSchema } from '../line';
import { K, MINUTE, ok, PRIVATE, route, routesOf, type LimitDecl, type RouteDecl } from './declare';

// Accounts: Identity Toolkit's calls through the shop, and sign in with LINE (api/auth/router.ts). Part of ROUTES (../routes.ts).

const TOOLKIT = 'Identity Toolkit\'s message verbatim (e.g. `EMAIL_EXISTS`, `INVALID_LOGIN_CREDENTIALS`, `WEAK_PASSWORD : Password should be at least 6 characters`, `INVALID_OOB_CODE`)';

// The sign-in limits (docs/limits.md, "Sign-in"): per client address, every attempt counts. Failed
// sign-ins count per account AND client (a guesser locks only their own client out of that account)
// and, with a ten times higher ceiling, per account from everywhere (a guesser who rotates addresses
// still stops, and locking a member out takes ten networks, not ten requests). Reset mails count per
// account (nobody's inbox gets flooded). Mail links carry long random codes; the oob-code limit only
// stops a script from spraying guesses.
const AUTH_LIMITS = {
  signIn: [
    { name: 'auth-sign-in-ip', windowMs: 15 * MINUTE, limit: 30 },
    { name: 'auth-sign-in-account-client', windowMs: 60 * MINUTE, limit: 10, per: 'emailAndClient', count: 'failures' },
    { name: 'auth-sign-in-account', windowMs: 60 * MINUTE, limit: 100, per: 'email', count: 'failures' },
  ],
  signUp: [{ name: 'auth-sign-up-ip', windowMs: 60 * MINUTE, limit: 10 }],
  resetMail: [
    { name: 'auth-reset-mail-ip', windowMs: 15 * MINUTE, limit: 10 },
    { name: 'auth-reset-mail-account', windowMs: 15 * MINUTE, limit: 3, per: 'email' },
  ],
  verifyMail: [{ name: 'auth-verify-mail-ip', windowMs: 15 * MINUTE, limit: 10 }],
  oobCode: [{ name: 'auth-oob-code-ip', windowMs: 15 * MINUTE, limit: 60 }],
} as const satisfies Record<string, readonly LimitDecl[]>;

const auth = <const N extends string, B extends z.ZodType, S extends z.ZodType>(name: N, summary: string, description: string, body: B, schema: S, limits: readonly LimitDecl[]) =>
  route({
    method: 'post',
    path: `/api/auth/${name}`,
    tag: 'Accounts',
    summary,
    description,
    access: 'public',
    body,
    responses: { 200: { description: "Identity Toolkit's own answer", schema } },
    errors: limits.length ? { 400: [TOOLKIT], 429: [K.tooManyAttempts] } : { 400: [TOOLKIT] },
    limits,
  });

/** Sign in with LINE: anyone, a bearer token optional (to link); never in a shared cache. */
const lineRoute = routesOf({ tag: 'Accounts', access: 'optional', cache: PRIVATE });

/** A member's LINE link and email; never in a shared cache. */
const lineMemberRoute = routesOf({ tag: 'Accounts', access: 'member', cache: PRIVATE });

export const AUTH_ROUTES = {
  auth_signUp: auth('signUp', 'Create an account', 'Creates the Identity Toolkit account and the member record `members/{uid}`, and signs in.', signUpInputSchema, tokenResponseSchema, AUTH_LIMITS.signUp),
  auth_signIn: auth('signIn', 'Sign in with email and password', 'Answers the ID and refresh tokens. Failed sign-ins are limited per address and per account.', signInInputSchema, tokenResponseSchema, AUTH_LIMITS.signIn),
  auth_sendEmailVerify: auth('sendEmailVerify', 'Send the verification mail', "Mails a verification link to the account of the ID token: the shop's own zh-Hant mail through its outbox, the code from the Admin SDK, the link to the configured site's /user/authAction (never a request header's host).", idTokenInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.verifyMail),
  auth_confirmEmailVerification: auth('confirmEmailVerification', 'Apply a verification link', 'Applies the `oobCode` of a verification mail: the account becomes verified.', oobCodeInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),
  auth_getUserData: auth('getUserData', 'Read the signed-in account', "Identity Toolkit's accounts:lookup for the ID token (verified first).", idTokenInputSchema, toolkitLookupResponseSchema, []),
  auth_sendPasswordResetEmail: auth('sendPasswordResetEmail', 'Send a password-reset mail', "Mails a reset link (the shop's own mail, the link to the configured site's /user/authAction); limited per address and per account. An unknown address gets the same 200 and no mail (as with email enumeration protection).", emailInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.resetMail),
  auth_verifyPasswordResetCode: auth('verifyPasswordResetCode', 'Check a password-reset link', 'Answers the email of a valid reset `oobCode` without using it.', oobCodeInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),
  auth_confirmPasswordReset: auth('confirmPasswordReset', 'Set a new password from a reset link', 'Uses the reset `oobCode` to set the new password.', confirmPasswordResetInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),
  // LINE Login v2.1's code flow with PKCE, state and nonce: start gives LINE's URL and sets the browser's
  // binding cookie (`__session`, HttpOnly, path /api/auth/line, 10 minutes: the one cookie Hosting passes
  // to functions); LINE sends the browser to /user/line/callback, which posts the code here.
  lineStart: lineRoute('post', '/api/auth/line/start', { body: lineStartInputSchema, responses: ok("LINE's authorization URL", lineStartAnswerSchema), errors: { 409: [K.lineAlreadyLinked], 429: [K.tooManyAttempts] }, cache: PRIVATE, limits: [{ name: 'auth-line-ip', windowMs: 15 * MINUTE, limit: 60 }] },
    'Start a LINE login', "Keeps the login's state, nonce and PKCE verifier in Firestore (10 minutes, used once), bound to this browser by an HttpOnly `__session` cookie, and answers LINE's authorization URL. `purpose: link` (from the profile) needs the member's bearer token. 503 while the project has no LINE channel."),
  lineCallback: lineRoute('post', '/api/auth/line/callback', { body: lineCallbackInputSchema, responses: ok('Signed in (tokens) or linked', lineCallbackAnswerSchema), errors: { 400: [K.lineStateInvalid, K.lineTokenInvalid, TOOLKIT], 403: [K.permissionDenied], 409: [K.lineAlreadyLinked], 429: [K.tooManyAttempts] }, cache: PRIVATE, limits: [{ name: 'auth-line-ip', windowMs: 15 * MINUTE, limit: 60 }] },
    'Finish a LINE login', "The code and state LINE sent back. The state must be a login this browser started, unexpired and unused (else 400 `LINE_STATE_INVALID`); the code is exchanged with the PKCE verifier and LINE's HS256 ID token verified (issuer, audience, expiry, nonce; else 400 `LINE_TOKEN_INVALID`). Signs in with a Firebase custom token (the LINE identity's own account, `line-<LINE user id>`, made on its first sign-in, or the account it was linked to) and answers Identity Toolkit's tokens; a `link` login links the identity to the member who started it (409 `LINE_ALREADY_LINKED` when it has an account or link already)."),
  lineSetEmail: lineMemberRoute('post', '/api/auth/line/email', { body: lineEmailInputSchema, responses: ok('The address the verification mail went to', lineEmailAnswerSchema), errors: { 400: [TOOLKIT], 429: [K.tooManyAttempts] }, cache: PRIVATE, limits: AUTH_LIMITS.verifyMail },
    "Give a LINE account's email", "A LINE account without a verified email sets one (unverified) and is sent the verification mail, as after an email sign-up. Another account's address is Identity Toolkit's `EMAIL_EXISTS`; 403 for any other account."),
  getLineLink: lineMemberRoute('get', '/api/auth/line/link', { responses: ok('The link', lineLinkSchema) },
    "The member's LINE link", 'Whether LINE signs in to this account: its own (a LINE account) or linked from the profile.'),
  deleteLineLink: lineMemberRoute('delete', '/api/auth/line/link', { responses: ok('The link, now none', lineLinkSchema) },
    'Unlink LINE', "Removes the LINE identity linked to this account (nothing when none); a LINE account's own identity cannot be removed (403)."),
} as const satisfies Record<string, RouteDecl>;
