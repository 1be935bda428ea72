import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { config as processConfig, type Config } from '../../config';
import { addHits, counterId, readHits } from '../../data/rate-limits';
import { canonicalEmail, canonicalPhone } from '../../domain/contact';
import { logger } from '../../lib/logger';
import { clientKey, type ClientAddressMode } from '../client-address';
import { tooManyAttempts } from '../../lib/failure';

// Rate limits whose counters live in Firestore (functions/src/data/rate-limits.ts), so every instance
// and every process of the function counts the same hits. docs/limits.md describes the limits, the
// client key and the failure policy.
//
// Cost per limited request: one blind increment of the current window, then one batched read of the
// current and the previous window: two round trips (no transaction, no document shared by all
// clients). A key this process has seen over its limit is read first instead, and refused without a
// write while it stays over, so a flood does not hammer its own document. A route's limits run at
// once (rateLimits), so a route pays two round trips however many limits it has.
//
// The window is a sliding one, estimated from two fixed windows: hits in the current window plus the
// previous window's hits weighted by how much of it still overlaps the last `windowMs`.

export interface RateLimitOptions {
  /** Length of the window in ms. */
  windowMs: number;
  /** Requests allowed per key and window. */
  limit: number;
  /** Names the limiter's counters (and keeps limiters with the same key apart). */
  name: string;
  /** What to count by; default the client's address. Return '' to skip counting this request. */
  key?: (req: Request) => string;
  /**
   * Which answers count: every request (default), only those that ended in 4xx/5xx (failed sign-ins
   * per account), or only those that created something (201: a new order; a replay answered 200 costs
   * nothing). `created` counts after the answer, so a concurrent burst may pass by its own size.
   */
  count?: 'all' | 'failures' | 'created';
}

/** How an app's limiters behave; createApp() puts this on `app.locals.rateLimits`. */
export interface RateLimitSettings {
  /** Prefix of every counter's key. Production uses ''; tests isolate themselves with their own. */
  namespace: string;
  /** Multiplies every limit (tests only, set through createApp's options; production is 1). */
  scale: number;
  /** How the client's address is found (client-address.ts). */
  clientAddress: ClientAddressMode;
  /**
   * Only against the emulators: a secret that lets a test name its client with the
   * `X-Test-Client: <secret>:<id>` header (several suites share the emulator, all from 127.0.0.1).
   */
  testClientSecret?: string;
  /** A limit check that takes longer than this lets the request through (fail open, logged). */
  timeoutMs: number;
}

export const TEST_CLIENT_HEADER = 'x-test-client';

/** Production trusts the socket's peer and one more hop added by Google's front end (docs/limits.md). */
export const DEFAULT_TRUSTED_HOPS = 2;

/** Settings from the configuration (functions/src/config.ts), with the app's own overrides on top. */
export function rateLimitSettings(overrides: Partial<RateLimitSettings> = {}, config: Config = processConfig()): RateLimitSettings {
  const { rateLimits } = config;
  return {
    namespace: rateLimits.namespace,
    scale: 1,
    clientAddress: config.inEmulator ? { kind: 'local' } : { kind: 'forwarded', trustedHops: rateLimits.trustedHops ?? DEFAULT_TRUSTED_HOPS },
    // Never honoured outside the emulators: production has no FIRESTORE_EMULATOR_HOST.
    testClientSecret: config.againstEmulators ? rateLimits.testSecret : undefined,
    timeoutMs: 3000,
    ...overrides,
  };
}

function settingsOf(req: Request): RateLimitSettings {
  return (req.app?.locals?.rateLimits as RateLimitSettings | undefined) ?? rateLimitSettings();
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The key of the request's client (see client-address.ts), or a test's own client id. */
export function clientOf(req: Request, settings: RateLimitSettings = settingsOf(req)): string {
  const test = req.headers[TEST_CLIENT_HEADER];
  if (settings.testClientSecret && typeof test === 'string') {
    const at = test.indexOf(':');
    if (at > 0 && sameSecret(test.slice(0, at), settings.testClientSecret)) return `test:${test.slice(at + 1, at + 101)}`;
  }
  return clientKey(settings.clientAddress, req.headers['x-forwarded-for'], req.socket?.remoteAddress);
}

/** Hits of a sliding window estimated from the previous and the current fixed window. */
export function slidingHits(previous: number, current: number, now: number, windowStart: number, windowMs: number): number {
  const overlap = Math.max(0, Math.min(1, (windowStart + windowMs - now) / windowMs));
  return previous * overlap + current;
}

class Timeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`rate limit check took over ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** One limit's answer for one request. */
interface Checked {
  options: RateLimitOptions;
  /** 'skip': nothing to count by (an empty key); 'open': the counters could not answer, let through (logged). */
  verdict: 'allow' | 'deny' | 'skip' | 'open';
  /** Seconds until the window ends (the 429's Retry-After). */
  retryAfterS: number;
  /** A hit was counted up front: taken back if another limit of the same request refuses it. */
  counted: boolean;
  currentId: string;
  meta: { limiter: string; windowStart: number; expiresAt: Date };
}

/**
 * Windows this process saw over their limit (their counter ids, which name the window). Only a hint of
 * which order to check in: each order is correct on its own, and the truth stays in Firestore.
 */
const over = new Set<string>();
const MAX_REMEMBERED = 10_000;
const wasOver = (id: string) => over.has(id);
function seenOver(id: string) {
  if (over.size >= MAX_REMEMBERED) over.clear();
  over.add(id);
}

/** Counts one request against one limit (see the head of this file for the round trips). */
async function checkOne(options: RateLimitOptions, req: Request, settings: RateLimitSettings): Promise<Checked> {
  const { windowMs, limit, name, key, count = 'all' } = options;
  const who = key ? key(req) : clientOf(req, settings);
  const allowed = Math.max(1, Math.round(limit * settings.scale));
  const now = Date.now();
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const currentId = counterId(settings.namespace, name, who, windowStart);
  const previousId = counterId(settings.namespace, name, who, windowStart - windowMs);
  const meta = { limiter: name, windowStart, expiresAt: new Date(windowStart + 2 * windowMs) };
  const out = (verdict: Checked['verdict'], counted = false): Checked => ({
    options,
    verdict,
    counted,
    currentId,
    meta,
    retryAfterS: Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000)),
  });
  if (who === '') return out('skip');

  // Read first, then count (the old order, three round trips) only for a key this process saw over its
  // limit in this window: a flood from one client then costs reads, not writes to its own document.
  const readFirst = async (): Promise<Checked> => {
    const [previous, current] = await readHits([previousId, currentId]);
    if (slidingHits(previous!, current! + 1, now, windowStart, windowMs) > allowed) return out('deny');
    if (count === 'created') return out('allow');
    return countThenRead(previous!);
  };
  // Our hit, then a read of both windows. The read after our own increment sees at least ours and
  // every write before it, so of any burst, however many processes it lands in, at most `allowed`
  // requests get through. (Right at the limit a burst may be refused a little more than needed; the
  // refused take their hit back, so the count stays that of the requests let through.)
  const countThenRead = async (previous?: number): Promise<Checked> => {
    await addHits(currentId, 1, meta);
    const [before, after] = await readHits([previousId, currentId]);
    if (slidingHits(previous ?? before!, after!, now, windowStart, windowMs) <= allowed) return out('allow', true);
    await addHits(currentId, -1, meta);
    seenOver(currentId);
    return out('deny');
  };
  const check = async (): Promise<Checked> => {
    if (count === 'created' || wasOver(currentId)) return readFirst();
    return countThenRead();
  };

  try {
    return await withTimeout(check(), settings.timeoutMs);
  } catch (err) {
    // Fail open: a shop must not lock every shopper out because its counters are unreachable.
    // What the limits guard either needs Firestore itself (lookups, forms: they answer 503) or is
    // guarded again by Identity Toolkit's own abuse protection (sign-in, sign-up, mails).
    logger.error('rate limit: counters unavailable, request let through', { limiter: name, error: String(err) });
    return out('open');
  }
}

/** Counts the answer after it is sent, where the limit counts only some answers. */
function countAnswer(c: Checked, res: Response) {
  const { count = 'all', name } = c.options;
  if (count === 'created') {
    res.on('finish', () => {
      if (res.statusCode === 201) {
        addHits(c.currentId, 1, c.meta).catch((err: unknown) => logger.warn('rate limit: could not count a creation', { limiter: name, error: String(err) }));
      }
    });
  }
  if (count === 'failures' && c.counted) {
    // Counted up front (so that a burst cannot slip through); taken back once the answer shows it
    // was a success.
    res.on('finish', () => {
      if (res.statusCode < 400) {
        addHits(c.currentId, -1, c.meta).catch((err: unknown) => logger.warn('rate limit: could not undo a hit', { limiter: name, error: String(err) }));
      }
    });
  }
}

/**
 * A route's limits, checked at once (their round trips overlap instead of adding up). A request refused
 * by any of them is answered 429, and the hits the others counted for it are taken back, so each limit
 * counts only the requests it let through, as when they ran one after another and stopped at the
 * first refusal; docs/limits.md ("Checked at once") says why. The handler carries its options
 * (`limiters`), so a test can see which limits a mounted route runs.
 */
export function rateLimits(list: readonly RateLimitOptions[]): RequestHandler & { limiters: readonly RateLimitOptions[] } {
  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const settings = settingsOf(req);
    void Promise.all(list.map((o) => checkOne(o, req, settings))).then(async (checks) => {
      const refused = checks.filter((c) => c.verdict === 'deny');
      if (refused.length) {
        await Promise.all(
          checks
            .filter((c) => c.verdict === 'allow' && c.counted)
            .map((c) => addHits(c.currentId, -1, c.meta).catch((err: unknown) => logger.warn('rate limit: could not take back a hit', { limiter: c.options.name, error: String(err) }))),
        );
        res.setHeader('Retry-After', String(Math.max(...refused.map((c) => c.retryAfterS))));
        return next(tooManyAttempts());
      }
      for (const c of checks) if (c.verdict === 'allow') countAnswer(c, res);
      return next();
    }).catch((err: unknown) => next(err));
  };
  return Object.assign(handler, { limiters: list });
}

/** The canonical email of a JSON body (domain/contact.ts), for per-account limits ('' when absent). */
export function bodyEmail(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? canonicalEmail(email.slice(0, 254)) : '';
}

/** The canonical phone of a JSON body (domain/contact.ts), for per-contact limits ('' when absent). */
export function bodyPhone(req: Request): string {
  const phone = (req.body as { phone?: unknown } | undefined)?.phone;
  return typeof phone === 'string' ? canonicalPhone(phone.slice(0, 30)) : '';
}

/** One account as tried from one client: the guesser's own lock, which nobody else can use up ('' without an email). */
export function bodyEmailAndClient(req: Request): string {
  const email = bodyEmail(req);
  return email ? `${email}\u0000${clientOf(req)}` : '';
}
