// How long the shop waits, in one place for the HTTP layer (functions/src/http/middleware/deadline.ts),
// the order service and the stock allocator. Tunable (API_DEADLINE_MS, ALLOC_DEADLINE_MS) through
// functions/src/config.ts, which holds the defaults.
import { config } from '../config';
import { unavailable } from './failure';

/**
 * How long a request may wait for Firestore or Identity Toolkit before it answers 503. The Admin
 * SDK retries an unreachable Firestore on its own (gRPC deadlines of 60 s per attempt, then the
 * SDK's retries: about 90 s measured with the emulator frozen, even with 3 s gRPC deadlines), so
 * only a deadline around the whole request bounds what the shopper waits. Generous enough for the
 * slowest legitimate call (an order in a flash-sale burst on the emulator); see docs/decisions.md.
 */
export const READ_DEADLINE_MS = config().deadlines.readMs;

/** A queued stock change is applied within this long or withdrawn (well inside the function's 60 s timeout). */
export const ALLOC_DEADLINE_MS = config().deadlines.allocMs;

/** The value of `work`, or a 503 once `ms` have passed without it (the work itself is left to finish). */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable(`No answer from Firestore within ${ms / 1000} s; nothing was taken`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
