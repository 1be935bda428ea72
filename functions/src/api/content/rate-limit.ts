import type { RequestHandler } from 'express';
import { rateLimit } from '../../http/middleware/rate-limit';

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
 * Submissions per client address, counted in Firestore across instances (docs/limits.md). Mounted
 * after validation: refused input costs nothing and never locks a visitor out.
 */
export function perAddressLimit(name: string, { limit, windowMs }: LimitOptions): RequestHandler {
  return rateLimit({ name, limit, windowMs });
}
