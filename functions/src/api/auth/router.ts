import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
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
];
