import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { tooManyAttempts } from '../../http/errors';

/** Order lookups per client address per window; ORDER_LOOKUP_LIMIT overrides (tests prove the 429 with a small one). */
export const DEFAULT_LOOKUP_LIMIT = 10;
export const LOOKUP_WINDOW_MS = 15 * 60_000;

/**
 * The client's address. Behind the Functions emulator req.ip can be undefined (the framework hands
 * over a request without a socket address), so fall back to the forwarded header, then one shared key.
 */
export function clientKey(req: Request): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim();
  const ip = req.ip || forwarded || req.socket?.remoteAddress;
  return ip ? ipKeyGenerator(ip) : 'unknown-client';
}

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
    keyGenerator: clientKey,
    handler: (_req, _res, next) => next(tooManyAttempts()),
  });
}
