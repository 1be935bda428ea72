import { describe, expect, it } from 'vitest';
import { HOSTING_URL } from '../helpers/emulators';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// Operations through Hosting -> the Functions emulator, as production serves them (docs/operations.md):
// the request id travels from the front end's trace header to the answer's X-Request-Id and error body,
// and /api/health reports the version and Firestore without a secret.
const trace = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('request id', () => {
  it('echoes the incoming trace as X-Request-Id and in the error body', async () => {
    const id = trace();
    const res = await fetch(`${HOSTING_URL}/api/no-such-route`, { headers: { 'X-Cloud-Trace-Context': `${id}/1;o=1` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(id);
    const body = (await res.json()) as Record<string, unknown>;
    expectCatalogueBody(body, 404, 'Not Found, No record found');
    expect(body.requestId).toBe(id);
  });

  it('makes one when none comes, different per request, and puts it on successes too', async () => {
    const [a, b] = await Promise.all([fetch(`${HOSTING_URL}/api/products/simple`), fetch(`${HOSTING_URL}/api/products/simple`)]);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('ignores a malformed trace header instead of logging it', async () => {
    const res = await fetch(`${HOSTING_URL}/api/no-such-route`, { headers: { traceparent: '00-not-a-trace-01' } });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-request-id')).toBe(body.requestId);
  });
});

describe('GET /api/health', () => {
  it('reports the version and a Firestore read, uncached, and nothing secret', async () => {
    const res = await fetch(`${HOSTING_URL}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const body = JSON.parse(text) as { status: string; version: string; firestore: { reachable: boolean; latencyMs: number } };
    expect(body).toMatchObject({ status: 'ok', version: expect.stringMatching(/\S/), firestore: { reachable: true } });
    expect(body.firestore.latencyMs).toBeGreaterThanOrEqual(0);
    for (const leak of [process.env.UNSUBSCRIBE_SECRET, 'smtp://', 'SMTP', 'SECRET', 'apiKey'].filter(Boolean) as string[]) expect(text).not.toContain(leak);
  });
});
