import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../error-handler';
import { bodyEmail, rateLimit, rateLimitScale } from '../rate-limit';

afterEach(() => vi.unstubAllEnvs());

function appWith(limiter: express.RequestHandler) {
  const app = express();
  app.set('trust proxy', true);
  app.use(express.json());
  app.post('/x', limiter, (req, res) => (req.body?.fail ? res.status(400).json({}) : res.json({ ok: true })));
  app.use(errorHandler);
  return app;
}

describe('rateLimitScale', () => {
  it('reads RATE_LIMIT_SCALE, else 100 in the Functions emulator, else 1', () => {
    vi.stubEnv('RATE_LIMIT_SCALE', '0.5');
    expect(rateLimitScale()).toBe(0.5);
    vi.stubEnv('RATE_LIMIT_SCALE', '');
    vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
    expect(rateLimitScale()).toBe(100);
    vi.stubEnv('FUNCTIONS_EMULATOR', '');
    expect(rateLimitScale()).toBe(1);
  });
});

describe('rateLimit', () => {
  it('answers the catalogue 429 past the limit, per client address', async () => {
    vi.stubEnv('RATE_LIMIT_SCALE', '1');
    const app = appWith(rateLimit({ name: 't', windowMs: 60_000, limit: 2 }));
    const from = (ip: string) => request(app).post('/x').set('X-Forwarded-For', ip).send({});
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(200);
    const res = await from('10.0.0.1');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, statusMessage: 'TOO_MANY_ATTEMPTS_TRY_LATER', message: expect.any(String) });
    expect((await from('10.0.0.2')).status).toBe(200);
  });

  it('can count only failures, by a key of the body', async () => {
    vi.stubEnv('RATE_LIMIT_SCALE', '1');
    const app = appWith(rateLimit({ name: 'acct', windowMs: 60_000, limit: 1, key: bodyEmail, onlyFailures: true }));
    const send = (body: object) => request(app).post('/x').send(body);
    expect((await send({ email: 'a@example.com' })).status).toBe(200);
    expect((await send({ email: 'a@example.com' })).status).toBe(200);
    expect((await send({ email: 'A@example.com ', fail: true })).status).toBe(400);
    expect((await send({ email: 'a@example.com' })).status).toBe(429);
    expect((await send({ email: 'b@example.com' })).status).toBe(200);
    // no key: not counted
    expect((await send({ fail: true })).status).toBe(400);
    expect((await send({ fail: true })).status).toBe(400);
  });
});
