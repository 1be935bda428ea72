import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar, makeIdToken } from './cookie-jar';

// The session module keeps state: a fresh copy per test.
async function load() {
  vi.resetModules();
  return import('../session');
}

let cookies: ReturnType<typeof installCookieJar>;
beforeEach(() => {
  cookies = installCookieJar();
});
afterEach(() => {
  cookies.uninstall();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const now = () => Math.floor(Date.now() / 1000);
const token = (extra: Record<string, unknown> = {}) =>
  makeIdToken({
    name: '王小明',
    email: 'ming@example.com',
    email_verified: true,
    picture: 'https://example.com/p.png',
    user_id: 'uid-1',
    exp: now() + 3600,
    firebase: { sign_in_provider: 'password' },
    ...extra,
  });

describe('sessionFromTokens', () => {
  it('fills the session from the decoded token, the name falling back to the sign-in name', async () => {
    const { sessionFromTokens } = await load();
    expect(sessionFromTokens(token(), 'r1')).toEqual({
      name: '王小明',
      email: 'ming@example.com',
      emailVerified: true,
      picture: 'https://example.com/p.png',
      userId: 'uid-1',
      provider: 'password',
      idToken: expect.any(String),
      refreshToken: 'r1',
    });
    expect(sessionFromTokens(token({ name: undefined }), 'r1', { name: '輸入的名字' }).name).toBe('輸入的名字');
  });
});

describe('cookies', () => {
  it('writes the eight cookies (SameSite=Lax, path /, Secure only over https) and restores from them', async () => {
    const s = await load();
    s.setSession(s.sessionFromTokens(token(), 'r1'));
    for (const name of ['userName', 'email', 'emailVerified', 'photoUrl', 'userId', 'idToken', 'refreshToken', 'signInProvider']) {
      expect(cookies.jar.has(name), name).toBe(true);
      expect(cookies.attrsOf(name)).toMatch(/path=\//);
      expect(cookies.attrsOf(name).toLowerCase()).toMatch(/samesite=lax/);
      expect(cookies.attrsOf(name).toLowerCase()).not.toMatch(/secure/);
    }
    expect(s.isLoggedIn()).toBe(true);

    const again = await load();
    expect(again.restoreSession()).toMatchObject({ name: '王小明', userId: 'uid-1', emailVerified: true, refreshToken: 'r1' });
  });

  it('marks the cookies Secure over https', async () => {
    cookies.uninstall();
    cookies = installCookieJar('https:');
    const s = await load();
    s.setSession(s.sessionFromTokens(token(), 'r1'));
    expect(cookies.attrsOf('idToken').toLowerCase()).toMatch(/secure/);
  });

  it('is logged out without an idToken cookie, and clearSession removes every cookie', async () => {
    const s = await load();
    expect(s.restoreSession()).toBeNull();
    s.setSession(s.sessionFromTokens(token(), 'r1'));
    const seen: unknown[] = [];
    s.subscribeSession((x) => seen.push(x));
    s.clearSession();
    expect(cookies.jar.size).toBe(0);
    expect(s.getSession()).toBeNull();
    expect(seen).toEqual([null]);
  });
});

describe('token refresh', () => {
  it('schedules the refresh 5 minutes before exp', async () => {
    const { msUntilRefresh } = await load();
    const t = Date.now();
    expect(msUntilRefresh(token({ exp: Math.floor(t / 1000) + 3600 }), t)).toBeCloseTo(55 * 60_000, -4);
    expect(msUntilRefresh(token({ exp: Math.floor(t / 1000) - 1 }), t)).toBe(0);
    expect(msUntilRefresh('garbage', t)).toBe(0);
  });

  it("refreshes at Google's token endpoint in a build that names no emulator (what deploys)", async () => {
    vi.stubEnv('VITE_AUTH_EMULATOR_HOST', '');
    const s = await load();
    s.setSession(s.sessionFromTokens(token({ exp: now() - 10 }), 'old-refresh', { provider: 'password' }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id_token: token(), refresh_token: 'r2' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await s.refreshIdToken()).toBe(true);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toMatch(/^https:\/\/securetoken\.googleapis\.com\/v1\/token\?key=/);
  });

  it('exchanges the refresh token at the token endpoint and stores the new tokens, once for concurrent callers', async () => {
    // A local build names the emulators (scripts/lib/firebase-env.mjs); a deploy's build does not.
    vi.stubEnv('VITE_AUTH_EMULATOR_HOST', '127.0.0.1:9099');
    vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080');
    const s = await load();
    s.setSession(s.sessionFromTokens(token({ exp: now() - 10 }), 'old-refresh', { provider: 'password' }));
    const newToken = token({ email_verified: false, name: undefined });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id_token: newToken, refresh_token: 'new-refresh' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    const [a, b] = await Promise.all([s.refreshIdToken(), s.refreshIdToken()]);
    expect([a, b]).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/securetoken\.googleapis\.com\/v1\/token\?key=/);
    expect(String(init.body)).toBe('grant_type=refresh_token&refresh_token=old-refresh');
    expect(s.getSession()).toMatchObject({ idToken: newToken, refreshToken: 'new-refresh', name: '王小明', emailVerified: false });
    expect(cookies.jar.get('refreshToken')?.value).toBe('new-refresh');
  });

  it('answers false when the endpoint refuses, keeping the session for the caller to end', async () => {
    const s = await load();
    s.setSession(s.sessionFromTokens(token(), 'bad-refresh'));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { message: 'INVALID_REFRESH_TOKEN' } }), { status: 400 }));
    expect(await s.refreshIdToken()).toBe(false);
    expect(s.getSession()?.refreshToken).toBe('bad-refresh');
  });

  it('refreshes proactively on load when the stored token has expired', async () => {
    // cookies left by an earlier visit
    document.cookie = `idToken=${token({ exp: now() - 60 })}; path=/`;
    document.cookie = 'refreshToken=r-on-load; path=/';
    const newToken = token({ exp: now() + 3600 });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id_token: newToken, refresh_token: 'r2' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const s = await load(); // a page load: restored from the cookies
    expect(s.getSession()?.refreshToken).toBe('r-on-load');
    await vi.waitFor(() => expect(s.getSession()?.idToken).toBe(newToken));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a newer token is never overwritten by an older one', () => {
  it('keeps the newer cookie when a page writes its older token (another tab refreshed first)', async () => {
    const s = await load();
    const older = token({ iat: now() - 600, email_verified: false });
    const newer = token({ iat: now(), email_verified: true });
    s.setSession(s.sessionFromTokens(newer, 'r2'));
    s.setSession(s.sessionFromTokens(older, 'r1'));
    expect(cookies.jar.get('idToken')?.value).toBe(newer);
    expect(s.getSession()?.idToken).toBe(newer);
    expect(s.getSession()?.emailVerified).toBe(true);
  });

  it('adopts a newer token that another tab stored in the cookies', async () => {
    const s = await load();
    const older = token({ iat: now() - 600, email_verified: false });
    s.setSession(s.sessionFromTokens(older, 'r1'));
    expect(s.getSession()?.emailVerified).toBe(false);
    // Another tab (same cookies) refreshes after the member verified the email.
    const other = await load();
    other.setSession(other.sessionFromTokens(token({ iat: now(), email_verified: true }), 'r2'));
    expect(s.getSession()?.emailVerified).toBe(true);
    expect(s.getSession()?.refreshToken).toBe('r2');
  });

  it('writes a token of another account, and a newer token of the same account', async () => {
    const s = await load();
    s.setSession(s.sessionFromTokens(token({ iat: now() }), 'r1'));
    const otherUser = token({ iat: now() - 600, user_id: 'uid-2' });
    s.setSession(s.sessionFromTokens(otherUser, 'r3'));
    expect(cookies.jar.get('idToken')?.value).toBe(otherUser);
    expect(s.isNewerToken(token({ iat: now() + 5 }), token({ iat: now() }))).toBe(true);
    expect(s.isNewerToken(token({ iat: now() }), token({ iat: now() + 5 }))).toBe(false);
  });
});
