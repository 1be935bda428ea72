import { afterEach, describe, expect, it, vi } from 'vitest';
import { firestoreEmulatorHost } from '../emulator-host';

// `npm run stats:rebuild` and `npm run import:legacy` beside `EMULATOR_PORT_OFFSET=N npm start` must find
// that stack's Firestore emulator, where scripts/lib/firebase-env.mjs (ports(), safePort()) puts it.
describe('firestoreEmulatorHost', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is 8080 without an offset and moves with EMULATOR_PORT_OFFSET', () => {
    vi.stubEnv('EMULATOR_PORT_OFFSET', '');
    expect(firestoreEmulatorHost()).toBe('127.0.0.1:8080');
    vi.stubEnv('EMULATOR_PORT_OFFSET', '5000');
    expect(firestoreEmulatorHost()).toBe('127.0.0.1:13080');
  });

  it('steps over a port browsers refuse, as the emulator scripts do (10080 at offset 2000)', () => {
    vi.stubEnv('EMULATOR_PORT_OFFSET', '2000');
    expect(firestoreEmulatorHost()).toBe('127.0.0.1:10082');
  });
});
