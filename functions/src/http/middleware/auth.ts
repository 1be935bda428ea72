import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { auth } from '../../lib/firebase';
import { ERROR_KEYS } from '../../contracts/errors';
import { forbidden, HttpError, unauthorized, unavailable } from '../errors';

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isOwner: boolean;
  name: string | null;
}

const USER = Symbol('user');

function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : '';
}

// Admin SDK codes that mean "Identity Toolkit could not be reached", not "this token is bad": the
// error handler answers those 503 `Firebase not find`, so that an outage never logs everyone out.
const AUTH_UNREACHABLE = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

async function verify(token: string): Promise<AuthUser> {
  if (token.length > 8192) throw unauthorized('The ID token is malformed');
  try {
    // checkRevoked: a disabled account, or a token minted before a password reset or a
    // revokeRefreshTokens(), is refused at once instead of for the rest of the token's hour.
    // It costs one Identity Toolkit lookup per authenticated call (figures in docs/decisions.md).
    const decoded = await (await auth()).verifyIdToken(token, true);
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      isOwner: decoded.admin === true,
      name: typeof decoded.name === 'string' ? decoded.name : null,
    };
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (typeof code === 'string' && AUTH_UNREACHABLE.has(code)) throw unavailable('Identity Toolkit is unreachable');
    throw unauthorized('The ID token is invalid, expired or revoked');
  }
}

/**
 * Verifies `Authorization: Bearer <idToken>` with firebase-admin. `required: false` lets anonymous
 * requests through (req user null) but still rejects a bad token, so a client never silently loses
 * its identity.
 */
export function authenticate({ required }: { required: boolean }): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (token === null) {
      if (required) return next(unauthorized());
      (req as unknown as Record<symbol, unknown>)[USER] = null;
      return next();
    }
    if (token === '') return next(unauthorized('The Authorization header must be "Bearer <idToken>"'));
    try {
      (req as unknown as Record<symbol, unknown>)[USER] = await verify(token);
      return next();
    } catch (err) {
      return next(err);
    }
  };
}

export const requireAuth = authenticate({ required: true });
export const optionalAuth = authenticate({ required: false });

/**
 * Owner (custom claim admin: true) only; chain after requireAuth. A token minted before the claim
 * was granted does not carry it yet, so before refusing, the account itself is asked (one lookup,
 * only on the refusal path).
 */
export const requireOwner: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!user) return next(unauthorized());
  if (user.isOwner) return next();
  accountOf(user.uid).then(
    (account) => {
      if (account?.customClaims?.admin !== true) return next(forbidden('The shop owner only'));
      user.isOwner = true;
      return next();
    },
    (err: unknown) => next(err),
  );
};

/**
 * 403 EMAIL_NOT_VERIFIED unless the member's email is verified. The token's claim can be older than
 * the account (the link was opened on another device while this page kept its token), so a token
 * that says "unverified" is checked against the account before refusing.
 */
export async function assertEmailVerified(user: AuthUser): Promise<void> {
  if (user.emailVerified) return;
  const account = await accountOf(user.uid);
  if (account?.emailVerified === true) {
    user.emailVerified = true;
    return;
  }
  throw new HttpError(403, ERROR_KEYS.emailNotVerified, 'Verify your email before ordering');
}

async function accountOf(uid: string) {
  try {
    return await (await auth()).getUser(uid);
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'auth/user-not-found') return null;
    if (typeof code === 'string' && AUTH_UNREACHABLE.has(code)) throw unavailable('Identity Toolkit is unreachable');
    throw err;
  }
}

export function currentUser(req: Request): AuthUser | null {
  return ((req as unknown as Record<symbol, unknown>)[USER] as AuthUser | null | undefined) ?? null;
}

/** The signed-in user, or 401. */
export function requireUser(req: Request): AuthUser {
  const u = currentUser(req);
  if (!u) throw unauthorized();
  return u;
}

/** Self (uid matches) or the owner, else 403. */
export function assertSelfOrOwner(req: Request, uid: string): AuthUser {
  const u = requireUser(req);
  if (u.uid !== uid && !u.isOwner) throw forbidden();
  return u;
}
