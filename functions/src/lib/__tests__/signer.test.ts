import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The one signer of the mailed links (functions/src/lib/signer.ts). Loaded fresh per test: the key comes
// from functions/src/config.ts, which reads the environment once per process.
async function signer() {
  vi.resetModules();
  return import('../signer.js');
}

afterEach(() => vi.unstubAllEnvs());

describe('signLink / verifyLink', () => {
  it('signs HMAC-SHA256 of "purpose:data" under UNSUBSCRIBE_SECRET, so the links already mailed still verify', async () => {
    vi.stubEnv('UNSUBSCRIBE_SECRET', 'a-test-key-of-some-length');
    const { signLink, verifyLink } = await signer();
    const expected = createHmac('sha256', 'a-test-key-of-some-length').update('organizer:plan1:link1').digest('base64url');
    expect(signLink('organizer', 'plan1:link1')).toBe(expected);
    expect(verifyLink('organizer', 'plan1:link1', expected)).toBe(true);
  });

  it('refuses another purpose, other data, a changed or shortened signature', async () => {
    vi.stubEnv('UNSUBSCRIBE_SECRET', 'a-test-key-of-some-length');
    const { signLink, verifyLink } = await signer();
    const sig = signLink('unsubscribe', 'payload');
    expect(verifyLink('stock-alert', 'payload', sig)).toBe(false);
    expect(verifyLink('unsubscribe', 'payload2', sig)).toBe(false);
    expect(verifyLink('unsubscribe', 'payload', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)).toBe(false);
    expect(verifyLink('unsubscribe', 'payload', sig.slice(0, 20))).toBe(false);
    expect(verifyLink('unsubscribe', 'payload', '')).toBe(false);
  });

  it('keeps the five kinds of link apart: a signature for one purpose verifies for no other', async () => {
    vi.stubEnv('UNSUBSCRIBE_SECRET', 'a-test-key-of-some-length');
    const { LINK_PURPOSES, signLink, verifyLink } = await signer();
    expect(LINK_PURPOSES).toHaveLength(5);
    for (const signed of LINK_PURPOSES) {
      const sig = signLink(signed, 'plan1:link1');
      const verifiesFor = LINK_PURPOSES.filter((p) => verifyLink(p, 'plan1:link1', sig));
      expect(verifiesFor, signed).toEqual([signed]);
    }
  });

  it('fails loudly in a deployed function without the secret', async () => {
    vi.stubEnv('UNSUBSCRIBE_SECRET', '');
    vi.stubEnv('FUNCTIONS_EMULATOR', '');
    vi.stubEnv('K_SERVICE', 'api');
    const { signLink } = await signer();
    expect(() => signLink('unsubscribe', 'x')).toThrow(/UNSUBSCRIBE_SECRET is not set/);
  });

  it('elsewhere without one, signs with a key of this process only', async () => {
    vi.stubEnv('UNSUBSCRIBE_SECRET', '');
    vi.stubEnv('K_SERVICE', '');
    const first = await signer();
    const sig = first.signLink('unsubscribe', 'x');
    expect(first.verifyLink('unsubscribe', 'x', sig)).toBe(true);
    expect((await signer()).verifyLink('unsubscribe', 'x', sig)).toBe(false);
  });
});
