import { describe, expect, it } from 'vitest';
import { carriesSecret } from '../tag-manager';

// Tag Manager stays off the pages whose URL carries a secret (issue 31).
describe('carriesSecret', () => {
  it('names the organiser, desk, auth-action and cancel pages, and no other', () => {
    for (const p of ['/organizer', '/organizer/', '/organizer/desk', '/user/authAction', '/user/authAction/verifyEmail', '/user/cancelSubscribe', '/stockAlert/cancel', '/closeReminder/cancel']) {
      expect(carriesSecret(p), p).toBe(true);
    }
    for (const p of ['/', '/bookstore', '/ezbuy/abc', '/organizerx', '/user/order']) expect(carriesSecret(p), p).toBe(false);
  });
});
