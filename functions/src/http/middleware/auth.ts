import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ERROR_KEYS } from '../../contracts/errors';
import { lookupAccount, verifyIdToken, type Identity } from '../../lib/id-token';
import { forbidden, unauthorized, unavailable } from '../../lib/failure';

export type AuthUser = Identity;

const USER = Symbol('user');

/** The request's bearer token: null without an Authorization header, '' for a malformed one. */
export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : '';
}

/** The bearer token's user, checked for revocation; an unreachable Identity Toolkit is a 503, never a logout. */
async function verify(token: string): Promise<AuthUser> {
  if (token.length > 8192) throw unauthorized('The ID token is malformed');
  const r = await verifyIdToken(token, { checkRevoked: true });
  if (r.ok) return r.identity;
  if (r.reason === 'unreachable') throw unavailable('Identity Toolkit is unreachable');
  throw unauthorized('The ID token is invalid, expired or revoked');
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
  lookupAccount(user.uid).then(
    (account) => {
      if (account?.isOwner !== true) return next(forbidden('The shop owner only'));
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
  if ((await lookupAccount(user.uid))?.emailVerified === true) {
    user.emailVerified = true;
    return;
  }
  throw forbidden('Verify your email before ordering', ERROR_KEYS.emailNotVerified);
}

export function currentUser(req: Request): AuthUser | null {
  return ((req as unknown as Record<symbol, unknown>)[USER] as AuthUser | null | undefined) ?? null;
}
