import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../http/errors';
import { toolkitError } from '../identity-toolkit';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The client as a fresh process loads it, with the environment stubbed so far: functions/src/config.ts
 * parses the environment once per process. The error classes come from the same fresh load.
 */
async function fresh() {
  vi.resetModules();
  const [toolkit, errors, failure] = await Promise.all([import('../identity-toolkit.js'), import('../../http/errors.js'), import('../failure.js')]);
  return { callToolkit: toolkit.callToolkit, errorBody: errors.errorBody, Failure: failure.Failure };
}
const callToolkit = async (method: string, body: Record<string, unknown>) => (await fresh()).callToolkit(method, body);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('callToolkit', () => {
  it('calls the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099');
    const fetchMock = vi.fn(async () => json(200, { localId: 'u1' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callToolkit('lookup', { idToken: 't' })).resolves.toEqual({ localId: 'u1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9099\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup\?key=.+/);
    expect(JSON.parse(String(init.body))).toEqual({ idToken: 't' });
  });

  it('calls the real endpoint with WEB_API_KEY otherwise', async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '');
    vi.stubEnv('WEB_API_KEY', 'AIza-test-key');
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await callToolkit('signUp', {});
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=AIza-test-key');
  });

  it('refuses to call production without WEB_API_KEY, loudly, before any request', async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '');
    vi.stubEnv('WEB_API_KEY', '');
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callToolkit('signUp', {})).rejects.toThrow(/WEB_API_KEY is not set/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns a refusal into 400 with Identity Toolkit's message verbatim", async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099');
    vi.stubGlobal('fetch', async () => json(400, { error: { code: 400, message: 'WEAK_PASSWORD : Password should be at least 6 characters' } }));
    const { callToolkit, errorBody, Failure } = await fresh();
    const err = (await callToolkit('signUp', {}).catch((e: unknown) => e)) as InstanceType<typeof Failure>;
    expect(err).toBeInstanceOf(Failure);
    expect(errorBody(err)).toEqual({ statusCode: 400, statusMessage: 'WEAK_PASSWORD : Password should be at least 6 characters', message: 'The password is too weak' });
  });

  it('answers 503 Firebase not find when the service fails or cannot be reached', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099');
    vi.stubGlobal('fetch', async () => new Response('<html>oops</html>', { status: 502 }));
    await expect(callToolkit('signIn', {})).rejects.toMatchObject({ kind: 'unavailable', key: 'Firebase not find' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(callToolkit('signIn', {})).rejects.toMatchObject({ kind: 'unavailable', key: 'Firebase not find' });
  });
});

describe('toolkitError', () => {
  it('explains unknown codes generically', () => {
    expect(errorBody(toolkitError('SOMETHING_NEW'))).toMatchObject({ statusCode: 400, statusMessage: 'SOMETHING_NEW' });
  });
});
