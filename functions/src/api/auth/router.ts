import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import type { Request, Response } from 'express';
import * as line from './line';
import * as service from './service';

/**
 * /api/auth/* wraps the Identity Toolkit REST API (declared in functions/src/contracts/routes.ts, with
 * their rate limits). The success bodies are Identity Toolkit's own; its refusals pass through as 400
 * with its message verbatim.
 */
export const authRoutes = [
  handle(ROUTES.auth_signUp, ({ body }) => service.signUp(body)),
  handle(ROUTES.auth_signIn, ({ body }) => service.signIn(body)),
  handle(ROUTES.auth_sendEmailVerify, ({ body }) => service.sendEmailVerify(body.idToken)),
  handle(ROUTES.auth_confirmEmailVerification, ({ body }) => service.confirmEmailVerification(body.oobCode)),
  handle(ROUTES.auth_getUserData, ({ body }) => service.getUserData(body.idToken)),
  handle(ROUTES.auth_sendPasswordResetEmail, ({ body }) => service.sendPasswordResetEmail(body.email)),
  handle(ROUTES.auth_verifyPasswordResetCode, ({ body }) => service.verifyPasswordResetCode(body.oobCode)),
  handle(ROUTES.auth_confirmPasswordReset, ({ body }) => service.confirmPasswordReset(body)),
  // Sign in with LINE (api/auth/line.ts): the binding cookie is the only HTTP it needs.
  handle(ROUTES.lineStart, async ({ body, user, req, res }) => {
    const { authorizeUrl, binding } = await line.startLineLogin(body, user, bindingCookie(req));
    setBindingCookie(req, res, binding);
    return { authorizeUrl };
  }),
  handle(ROUTES.lineCallback, ({ body, user, req }) => line.finishLineLogin(body, user, bindingCookie(req))),
  handle(ROUTES.lineSetEmail, ({ body, user }) => line.setLineEmail(user, body.email)),
  handle(ROUTES.getLineLink, ({ user }) => line.lineLinkStatus(user)),
  handle(ROUTES.deleteLineLink, ({ user }) => line.unlinkLine(user)),
];

/**
 * The LINE login's browser binding: `__session`, the one cookie Firebase Hosting passes to functions; sent
 * only to /api/auth/line (never part of a page's CDN cache key), HttpOnly, for the login's 10 minutes.
 */
const BINDING_COOKIE = '__session';

function bindingCookie(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BINDING_COOKIE) return value.join('=') || null;
  }
  return null;
}

function setBindingCookie(req: Request, res: Response, value: string): void {
  const secure = req.secure || req.get('x-forwarded-proto') === 'https';
  res.append('Set-Cookie', `${BINDING_COOKIE}=${value}; Path=/api/auth/line; Max-Age=600; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
