import type { RequestHandler } from 'express';
import { rateLimit } from '../../http/middleware/rate-limit';

/** Order lookups per client address per window. */
export const LOOKUP_LIMIT = 10;
export const LOOKUP_WINDOW_MS = 15 * 60_000;

/**
 * Slows down guessing order numbers and contacts: a few lookups per client address per window, then
 * the catalogue's 429. Counted in Firestore, so every instance shares the count (docs/limits.md).
 */
export function lookupLimiter(): RequestHandler {
  return rateLimit({ name: 'order-lookup', windowMs: LOOKUP_WINDOW_MS, limit: LOOKUP_LIMIT });
}
