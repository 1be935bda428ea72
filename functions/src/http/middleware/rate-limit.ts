import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit as expressRateLimit } from 'express-rate-limit';
import { tooManyAttempts } from '../errors';

// Rate limits per client, kept in memory per function instance (docs/accounts.md says why that is
// enough here). Over the limit the catalogue's 429 `TOO_MANY_ATTEMPTS_TRY_LATER` is answered.
//
// RATE_LIMIT_SCALE multiplies every limit, read when a limiter is created (that is, by createApp()):
// tests set it low to prove the 429 quickly, and the Functions emulator, where every browser test
// comes from 127.0.0.1, runs with 100 so that the suites do not trip over each other.

export interface RateLimitOptions {
  /** Length of the window in ms. */
  windowMs: number;
  /** Requests allowed per key and window (before RATE_LIMIT_SCALE). */
  limit: number;
  /** Names the limiter's counters (and keeps limiters with the same key apart). */
  name: string;
  /** What to count by; default the client's IP address. Return '' to skip counting this request. */
  key?: (req: Request) => string;
  /** Count only requests that ended in 4xx/5xx (for example failed sign-ins per account). */
  onlyFailures?: boolean;
}

export function rateLimitScale(): number {
  const fromEnv = Number(process.env.RATE_LIMIT_SCALE);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  return process.env.FUNCTIONS_EMULATOR === 'true' ? 100 : 1;
}

/**
 * The client's address; behind Hosting and Google's front end `trust proxy` makes req.ip the caller.
 * Behind the Functions emulator req.ip can be undefined (the request has no socket address), so fall
 * back to the forwarded header, then one shared key: never a 500 for want of an address.
 */
export function clientIp(req: Request): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim();
  const ip = req.ip || forwarded || req.socket?.remoteAddress;
  return ip ? ipKeyGenerator(ip) : 'unknown-client';
}

/** A reusable limiter: `rateLimit({ windowMs: 60_000, limit: 10, name: 'order-lookup' })`. */
export function rateLimit({ windowMs, limit, name, key, onlyFailures = false }: RateLimitOptions): RequestHandler {
  const scaled = Math.max(1, Math.round(limit * rateLimitScale()));
  const keyOf = key ?? clientIp;
  return expressRateLimit({
    windowMs,
    limit: scaled,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    skipSuccessfulRequests: onlyFailures,
    keyGenerator: (req) => `${name}:${keyOf(req)}`,
    skip: (req) => keyOf(req) === '',
    handler: (_req, _res, next) => next(tooManyAttempts()),
    // `trust proxy` is deliberately true (app.ts); the key generator above handles IPv6 itself.
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
  });
}

/** The email of a JSON body, normalised, for per-account limits ('' when absent). */
export function bodyEmail(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}
