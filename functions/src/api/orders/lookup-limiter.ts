import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { tooManyAttempts } from '../../http/errors';
import { clientIp } from '../../http/middleware/rate-limit';

/** Order lookups per client address per window; ORDER_LOOKUP_LIMIT overrides (tests prove the 429 with a small one). */
export const DEFAULT_LOOKUP_LIMIT = 10;
export const LOOKUP_WINDOW_MS = 15 * 60_000;

/**
 * Slows down guessing order numbers and contacts: a few lookups per address per window, then the
 * catalogue's 429. Memory store per instance: good enough for a shop this size.
 */
export function lookupLimiter(limit = Number(process.env.ORDER_LOOKUP_LIMIT) || DEFAULT_LOOKUP_LIMIT): RequestHandler {
  return rateLimit({
    windowMs: LOOKUP_WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The app trusts Google's front end (app.set('trust proxy', true)); req.ip is the client.
    validate: { trustProxy: false, xForwardedForHeader: false, ip: false },
    keyGenerator: clientIp,
    handler: (_req, _res, next) => next(tooManyAttempts()),
  });
}
