import { Router } from 'express';
import http from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../functions/src/app';
import { validate } from '../../functions/src/http/middleware/validate';
import { HOSTING_URL } from '../helpers/emulators';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';

// The cross-cutting contract (docs/api.md: body limits, content types, error bodies, headers), against the app directly (where the app parses
// bodies itself) and through Hosting -> the Functions emulator (where the platform parses them).

const app = createApp({
  extend: (api: Router) => {
    api.get('/__test/throw', () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    api.get('/__test/reject', async () => {
      await Promise.resolve();
      throw Object.assign(new Error('db down'), { code: 14 });
    });
    api.post('/__test/echo', (req, res) => {
      res.json({ got: req.body ?? null });
    });
    api.post('/__test/validate', validate({ body: z.object({ qty: z.number().int() }) }), (_req, res) => {
      res.json({ ok: true });
    });
  },
});

describe('the app directly', () => {
  it('answers an unknown route with the catalogue 404', async () => {
    const res = await request(app).get('/api/nope');
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
  });

  it('answers malformed JSON with 400 Invalid JSON body', async () => {
    const res = await request(app).post('/api/__test/echo').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Invalid JSON body');
  });

  it('answers a body over 64 KiB with 413', async () => {
    const big = JSON.stringify({ remark: 'x'.repeat(70 * 1024) });
    const res = await request(app).post('/api/__test/echo').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expectCatalogueBody(res.body, 413, 'Payload Too Large');
  });

  // Through a test route of its own, so that this stays about the mechanism; the catalogue's ids have
  // their own cases in tests/api/catalogue.test.ts.
  it('answers a schema violation with 400 Bad Request and details', async () => {
    expectBadRequestAt(await request(app).post('/api/__test/validate').send({ qty: 1.5 }), 'body.qty');
  });

  it('hides an unexpected exception behind a plain 500', async () => {
    const res = await request(app).get('/api/__test/throw');
    expect(res.status).toBe(500);
    expectCatalogueBody(res.body, 500, 'Internal Server Error');
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it('maps an unreachable backend to 503 Firebase not find', async () => {
    const res = await request(app).get('/api/__test/reject');
    expect(res.status).toBe(503);
    expectCatalogueBody(res.body, 503, 'Firebase not find');
  });

  it('sets security headers and no-store on API answers', async () => {
    const res = await request(app).get('/api/nope');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the launched demo books with a CDN cache header', async () => {
    const res = await request(app).get('/api/products/simple');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    expect(res.body.every((p: { productId: string }) => p.productId !== 'labor-law-qa')).toBe(true);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
  });
});

describe('through Hosting and the Functions emulator', () => {
  it('serves GET /api/products/simple as JSON', async () => {
    const res = await fetch(`${HOSTING_URL}/api/products/simple`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { productId: string; name: string; salePrice: number }[];
    expect(body.map((p) => p.productId)).toContain('company-registration-guide');
    expect(body[0]).toHaveProperty('salePrice');
  });

  it('answers an unknown API route with the catalogue 404', async () => {
    const res = await fetch(`${HOSTING_URL}/api/does/not/exist`);
    expect(res.status).toBe(404);
    expectCatalogueBody((await res.json()) as Record<string, unknown>, 404, 'Not Found, No record found');
  });

  it('answers a body over 64 KiB with 413 even though the platform parsed it', async () => {
    const res = await fetch(`${HOSTING_URL}/api/products/simple`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ remark: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expectCatalogueBody((await res.json()) as Record<string, unknown>, 413, 'Payload Too Large');
  });

  // The Functions emulator used to die here (and the whole run with it, exit 2): a caller's
  // `Connection: close` reached the function's runtime, which closed its socket as it answered, the
  // emulator's write of a large body failed with EPIPE, and its error handler threw on headers already
  // sent. patches/firebase-tools+14.27.0.patch mends the emulator (README.md, "Offline emulators").
  it('answers many large bodies at once, each sent with Connection: close, with 413 and stays up', async () => {
    const body = Buffer.from(JSON.stringify({ remark: 'x'.repeat(900 * 1024) }));
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(`${HOSTING_URL}/api/products/simple`);
        const req = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    for (let round = 0; round < 3; round++) expect(await Promise.all(Array.from({ length: 8 }, post))).toEqual(Array(8).fill(413));
    // The dying CLI exited 250 ms after the exception (firebase-tools errorOut): still there a second later?
    await new Promise((r) => setTimeout(r, 1000));
    expect((await fetch(`${HOSTING_URL}/api/does/not/exist`)).status).toBe(404);
  });

  it('answers a schema violation with 400 Bad Request', async () => {
    const res = await fetch(`${HOSTING_URL}/api/products/detail/${'a'.repeat(100)}`);
    expect(res.status).toBe(400);
    expectCatalogueBody((await res.json()) as Record<string, unknown>, 400, 'Bad Request');
  });

  it('serves the SPA with the security headers and an uncached index.html', async () => {
    const res = await fetch(`${HOSTING_URL}/some/deep/link`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('lang="zh-Hant-TW"');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(`${HOSTING_URL}${asset}`);
    expect(assetRes.headers.get('cache-control')).toContain('immutable');
  });
});
