import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar, makeIdToken } from './cookie-jar';

let cookies: ReturnType<typeof installCookieJar>;
beforeEach(() => {
  cookies = installCookieJar();
  vi.resetModules();
});
afterEach(() => {
  cookies.uninstall();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const token = (id: string) => makeIdToken({ user_id: 'u1', email: 'a@example.com', exp: Math.floor(Date.now() / 1000) + 3600, jti: id });

async function signedIn() {
  const session = await import('../session');
  session.setSession(session.sessionFromTokens(token('old'), 'refresh-1'));
  const client = await import('../api-client');
  return { session, client };
}

describe('api', () => {
  it('retries an idempotent call after a cut-off or a 5xx with the same body, and answers its real outcome', async () => {
    vi.useFakeTimers();
    try {
      const { client } = await signedIn();
      const bodies: string[] = [];
      let call = 0;
      vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
        bodies.push(String(init.body));
        call++;
        if (call === 1) throw new TypeError('network down');
        if (call === 2) return json(503, { statusCode: 503, statusMessage: 'Firebase not find', message: 'down' });
        return json(200, { orderNo: 'QY1' });
      });
      const done = client.api('PATCH /api/order/{userId}/{orderId}', { params: { userId: 'u1', orderId: 'o1' }, body: { a: 1 } as never }, { retryOnFailure: true });
      await vi.advanceTimersByTimeAsync(client.RETRY_DELAYS_MS[0]! + client.RETRY_DELAYS_MS[1]!);
      expect(await done).toEqual({ orderNo: 'QY1' });
      expect(bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a call that is not idempotent, nor a 4xx of an idempotent one', async () => {
    const { client } = await signedIn();
    const fetchMock = vi.fn(async () => json(503, { statusCode: 503, statusMessage: 'Firebase not find', message: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(client.api('POST /api/inquiries', { body: {} as never })).rejects.toMatchObject({ statusCode: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const conflict = vi.fn(async () => json(409, { statusCode: 409, statusMessage: 'OUT_OF_STOCK', message: 'none' }));
    vi.stubGlobal('fetch', conflict);
    await expect(client.api('PATCH /api/order/{userId}/{orderId}', { params: { userId: 'u1', orderId: 'o1' }, body: {} as never }, { retryOnFailure: true })).rejects.toMatchObject({ statusMessage: 'OUT_OF_STOCK' });
    expect(conflict).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer token and returns the JSON', async () => {
    const { client, session } = await signedIn();
    const fetchMock = vi.fn(async () => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await client.api('GET /api/member/{uid}', { params: { uid: 'u1' } })).toEqual({ ok: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${session.getSession()!.idToken}`);
  });

  it('on a first 401 refreshes the token and retries, without logging out', async () => {
    const { client, session } = await signedIn();
    const unauthorized = vi.fn();
    client.setUnauthorizedHandler(unauthorized);
    const fresh = token('fresh');
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.includes('securetoken')) return json(200, { id_token: fresh, refresh_token: 'refresh-2' });
      const auth = (init.headers as Record<string, string>).Authorization!;
      calls.push(auth);
      return auth === `Bearer ${fresh}` ? json(200, { ok: 2 }) : json(401, { statusCode: 401, statusMessage: 'Unauthorized', message: 'expired' });
    });
    expect(await client.api('GET /api/member/{uid}', { params: { uid: 'u1' } })).toEqual({ ok: 2 });
    expect(calls).toHaveLength(2);
    expect(session.getSession()?.refreshToken).toBe('refresh-2');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('on a second 401 calls the logout handler and raises the catalogue error', async () => {
    const { client } = await signedIn();
    const unauthorized = vi.fn();
    client.setUnauthorizedHandler(unauthorized);
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('securetoken') ? json(200, { id_token: token('x'), refresh_token: 'r' }) : json(401, { statusCode: 401, statusMessage: 'Unauthorized', message: 'no' }),
    );
    await expect(client.api('GET /api/member/{uid}', { params: { uid: 'u1' } })).rejects.toMatchObject({ statusCode: 401, statusMessage: 'Unauthorized' });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('logs out at once when the refresh itself is refused', async () => {
    const { client } = await signedIn();
    const unauthorized = vi.fn();
    client.setUnauthorizedHandler(unauthorized);
    let apiCalls = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.includes('securetoken')) return json(400, { error: { message: 'TOKEN_EXPIRED' } });
      apiCalls++;
      return json(401, { statusCode: 401, statusMessage: 'Unauthorized', message: 'no' });
    });
    await expect(client.api('GET /api/member/{uid}', { params: { uid: 'u1' } })).rejects.toMatchObject({ statusCode: 401 });
    expect(apiCalls).toBe(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('refreshes an expired token before sending rather than after a 401', async () => {
    const session = await import('../session');
    const expired = makeIdToken({ user_id: 'u1', exp: Math.floor(Date.now() / 1000) - 5 });
    const fresh = token('fresh');
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.includes('securetoken')) return json(200, { id_token: fresh, refresh_token: 'r2' });
      seen.push((init.headers as Record<string, string>).Authorization!);
      return json(200, {});
    });
    session.setSession(session.sessionFromTokens(expired, 'r1'));
    const client = await import('../api-client');
    await client.api('GET /api/member/{uid}', { params: { uid: 'u1' } });
    expect(seen).toEqual([`Bearer ${fresh}`]);
  });

  it('maps a network failure to 503 Firebase not find', async () => {
    const client = await import('../api-client');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.api('GET /api/products/simple', {}, { auth: false })).rejects.toMatchObject({ statusCode: 503, statusMessage: 'Firebase not find' });
  });
});
