import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config';
import { counterId } from '../../../data/rate-limits';
import { bodyEmail, clientOf, DEFAULT_TRUSTED_HOPS, rateLimitSettings, slidingHits, TEST_CLIENT_HEADER } from '../rate-limit';
import type { Request } from 'express';

// The limiter's pure parts; the Firestore counting itself runs against the emulator in
// tests/api/rate-limits.test.ts.

const req = (headers: Record<string, string>, remoteAddress?: string) =>
  ({ headers, socket: { remoteAddress }, body: {}, app: { locals: {} } }) as unknown as Request;

describe('rateLimitSettings', () => {
  it('serves the production limits everywhere: no scale from the environment, the emulator included', () => {
    expect(rateLimitSettings({}, parseConfig({ FUNCTIONS_EMULATOR: 'true', RATE_LIMIT_SCALE: '100' })).scale).toBe(1);
    expect(rateLimitSettings({}, parseConfig({})).scale).toBe(1);
  });

  it('trusts two hops in production, TRUSTED_PROXY_HOPS when set (a bad value refused by name), and nothing forwarded in the Functions emulator', () => {
    expect(rateLimitSettings({}, parseConfig({})).clientAddress).toEqual({ kind: 'forwarded', trustedHops: DEFAULT_TRUSTED_HOPS });
    expect(rateLimitSettings({}, parseConfig({ TRUSTED_PROXY_HOPS: '3' })).clientAddress).toEqual({ kind: 'forwarded', trustedHops: 3 });
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: 'x' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(rateLimitSettings({}, parseConfig({ FUNCTIONS_EMULATOR: 'true' })).clientAddress).toEqual({ kind: 'local' });
  });

  it('honours a test client secret only against the emulators', () => {
    expect(rateLimitSettings({}, parseConfig({ RATE_LIMIT_TEST_SECRET: 's3cret' })).testClientSecret).toBeUndefined();
    expect(rateLimitSettings({}, parseConfig({ RATE_LIMIT_TEST_SECRET: 's3cret', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).testClientSecret).toBe('s3cret');
  });
});

describe('clientOf', () => {
  const settings = rateLimitSettings({ testClientSecret: 'run-secret' }, parseConfig({}));

  it('names a test client only with the right secret', () => {
    expect(clientOf(req({ [TEST_CLIENT_HEADER]: 'run-secret:abc' }), settings)).toBe('test:abc');
    expect(clientOf(req({ [TEST_CLIENT_HEADER]: 'wrong:abc' }, '203.0.113.4'), settings)).toBe('203.0.113.4');
    expect(clientOf(req({ [TEST_CLIENT_HEADER]: 'run-secret:abc' }, '203.0.113.4'), rateLimitSettings({}, parseConfig({})))).toBe('203.0.113.4');
  });

  it('keys on the trusted hop, not on a forged left-most entry', () => {
    expect(clientOf(req({ 'x-forwarded-for': '1.1.1.1, 198.51.100.7, 35.191.0.1' }, '169.254.1.1'), settings)).toBe('198.51.100.7');
  });
});

describe('slidingHits', () => {
  it('weights the previous window by how much of it still overlaps', () => {
    expect(slidingHits(10, 2, 0, 0, 100)).toBe(12);
    expect(slidingHits(10, 2, 50, 0, 100)).toBe(7);
    expect(slidingHits(10, 2, 100, 0, 100)).toBe(2);
  });
});

describe('counterId', () => {
  it('is stable, separates namespaces, limiters and windows, and hides the key', () => {
    const id = counterId('', 'order-lookup', 'someone@example.com', 900_000);
    expect(id).toBe(counterId('', 'order-lookup', 'someone@example.com', 900_000));
    expect(id).not.toBe(counterId('t1', 'order-lookup', 'someone@example.com', 900_000));
    expect(id).not.toBe(counterId('', 'auth-sign-in-ip', 'someone@example.com', 900_000));
    expect(id).not.toBe(counterId('', 'order-lookup', 'someone@example.com', 1_800_000));
    expect(id).not.toContain('someone');
    expect(id).toMatch(/^[A-Za-z0-9_-]+_900000$/);
  });
});

describe('bodyEmail', () => {
  it('normalises the body email', () => {
    expect(bodyEmail({ body: { email: ' A@Example.COM ' } } as Request)).toBe('a@example.com');
    expect(bodyEmail({ body: {} } as Request)).toBe('');
  });
});
