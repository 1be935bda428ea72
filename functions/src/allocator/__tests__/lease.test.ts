import { describe, expect, it } from 'vitest';
import { leaseIsFree } from '../stock-allocator';

// The lease takeover's boundary on both sides, with the clock passed in: a lease is good through its
// expiresAt and free from the next millisecond. tests/api/allocator.test.ts drives the takeover against
// the emulator (the order is made only after the dead holder's lease expired).

const lease = (expiresAt?: number) => ({ exists: true, data: () => (expiresAt === undefined ? {} : { expiresAt }) });

describe('leaseIsFree', () => {
  const expiresAt = 1_700_000_001_000;

  it('keeps a lease until it expires, including the instant it expires', () => {
    expect(leaseIsFree(lease(expiresAt), expiresAt - 999)).toBe(false);
    expect(leaseIsFree(lease(expiresAt), expiresAt - 1)).toBe(false);
    expect(leaseIsFree(lease(expiresAt), expiresAt)).toBe(false);
  });

  it('frees it the millisecond after, and frees a missing lease or one without an expiry', () => {
    expect(leaseIsFree(lease(expiresAt), expiresAt + 1)).toBe(true);
    expect(leaseIsFree({ exists: false, data: () => undefined }, 0)).toBe(true);
    expect(leaseIsFree(lease(), 1)).toBe(true);
  });
});
