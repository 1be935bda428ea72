import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { auth } from '../../lib/firebase';
import { forbidden, unauthorized } from '../errors';

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

async function verify(token: string): Promise<AuthUser> {
  if (token.length > 8192) throw unauthorized('The ID token is malformed');
  try {
    const decoded = await (await auth()).verifyIdToken(token);
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      isOwner: decoded.admin === true,
      name: typeof decoded.name === 'string' ? decoded.name : null,
    };
  } catch {
    throw unauthorized('The ID token is invalid or expired');
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

/** Owner (custom claim admin: true) only; chain after requireAuth. */
export const requireOwner: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!user) return next(unauthorized());
  if (!user.isOwner) return next(forbidden('The shop owner only'));
  return next();
};

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
