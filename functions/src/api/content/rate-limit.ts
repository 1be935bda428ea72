import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { tooManyAttempts } from '../../http/errors';

export interface LimitOptions {
  /** Accepted requests per window and address. */
  limit: number;
  windowMs: number;
}

/** Inquiries per client address: enough for a person, too few for a spammer. */
export const INQUIRY_LIMIT: LimitOptions = { limit: 8, windowMs: 10 * 60_000 };
/** Newsletter sign-ups per client address. */
export const SUBSCRIPTION_LIMIT: LimitOptions = { limit: 10, windowMs: 10 * 60_000 };

/**
 * An in-memory limiter per function instance (good enough against one noisy client; the answer
 * is the catalogue's 429). Refused input does not count, so a typo never locks a visitor out.
 */
export function perAddressLimit({ limit, windowMs }: LimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Behind Hosting and Google's front end the app trusts the proxy chain (app.ts).
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (_req, _res, next) => next(tooManyAttempts()),
  });
}
