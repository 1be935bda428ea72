import { Router, type Request } from 'express';
import {
  confirmPasswordResetInputSchema,
  emailInputSchema,
  idTokenInputSchema,
  oobCodeInputSchema,
  signInInputSchema,
  signUpInputSchema,
} from '../../contracts/auth';
import { bodyEmail, clientOf, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import * as service from './service';

const MINUTE = 60_000;

/** One account as tried from one client: the guesser's own lock, which nobody else can use up. */
const accountAndClient = (req: Request) => {
  const email = bodyEmail(req);
  return email ? `${email}\u0000${clientOf(req)}` : '';
};

const signUpBody = { body: signUpInputSchema };
const signInBody = { body: signInInputSchema };
const idTokenBody = { body: idTokenInputSchema };
const oobCodeBody = { body: oobCodeInputSchema };
const emailBody = { body: emailInputSchema };
const confirmResetBody = { body: confirmPasswordResetInputSchema };

/**
 * /api/auth/* wraps the Identity Toolkit REST API (the calls: functions/src/openapi/routes.ts). The success bodies are
 * Identity Toolkit's own; its refusals pass through as 400 with its message verbatim.
 */
export function authRouter() {
  const r = Router();

  // Per client address, every attempt counts. Failed sign-ins count per account AND client (a guesser
  // locks only their own client out of that account) and, with a ten times higher ceiling, per account
  // from everywhere (a guesser who rotates addresses still stops, and locking a member out takes ten
  // networks, not ten requests). Reset mails count per account (nobody's inbox gets flooded).
  // docs/limits.md, "Sign-in", explains the numbers.
  const limits = {
    signInPerIp: rateLimit({ name: 'auth-sign-in-ip', windowMs: 15 * MINUTE, limit: 30 }),
    signInPerAccountClient: rateLimit({ name: 'auth-sign-in-account-client', windowMs: 60 * MINUTE, limit: 10, key: accountAndClient, count: 'failures' }),
    signInPerAccount: rateLimit({ name: 'auth-sign-in-account', windowMs: 60 * MINUTE, limit: 100, key: bodyEmail, count: 'failures' }),
    signUpPerIp: rateLimit({ name: 'auth-sign-up-ip', windowMs: 60 * MINUTE, limit: 10 }),
    resetMailPerIp: rateLimit({ name: 'auth-reset-mail-ip', windowMs: 15 * MINUTE, limit: 10 }),
    resetMailPerAccount: rateLimit({ name: 'auth-reset-mail-account', windowMs: 15 * MINUTE, limit: 3, key: bodyEmail }),
    verifyMailPerIp: rateLimit({ name: 'auth-verify-mail-ip', windowMs: 15 * MINUTE, limit: 10 }),
    // Mail links carry long random codes; this only stops a script from spraying guesses.
    oobCodePerIp: rateLimit({ name: 'auth-oob-code-ip', windowMs: 15 * MINUTE, limit: 60 }),
  };

  r.post('/signUp', limits.signUpPerIp, validate(signUpBody), async (req, res) => {
    res.json(await service.signUp(validated(req, signUpBody).body));
  });

  r.post('/signIn', limits.signInPerIp, limits.signInPerAccountClient, limits.signInPerAccount, validate(signInBody), async (req, res) => {
    res.json(await service.signIn(validated(req, signInBody).body));
  });

  r.post('/sendEmailVerify', limits.verifyMailPerIp, validate(idTokenBody), async (req, res) => {
    res.json(await service.sendEmailVerify(validated(req, idTokenBody).body.idToken));
  });

  r.post('/confirmEmailVerification', limits.oobCodePerIp, validate(oobCodeBody), async (req, res) => {
    res.json(await service.confirmEmailVerification(validated(req, oobCodeBody).body.oobCode));
  });

  r.post('/getUserData', validate(idTokenBody), async (req, res) => {
    res.json(await service.getUserData(validated(req, idTokenBody).body.idToken));
  });

  r.post('/sendPasswordResetEmail', limits.resetMailPerIp, limits.resetMailPerAccount, validate(emailBody), async (req, res) => {
    res.json(await service.sendPasswordResetEmail(validated(req, emailBody).body.email));
  });

  r.post('/verifyPasswordResetCode', limits.oobCodePerIp, validate(oobCodeBody), async (req, res) => {
    res.json(await service.verifyPasswordResetCode(validated(req, oobCodeBody).body.oobCode));
  });

  r.post('/confirmPasswordReset', limits.oobCodePerIp, validate(confirmResetBody), async (req, res) => {
    res.json(await service.confirmPasswordReset(validated(req, confirmResetBody).body));
  });

  return r;
}
