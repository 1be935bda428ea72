import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isJsonContentType, jsonBody } from '../body';
import { errorHandler } from '../error-handler';

const app = express();
app.use(jsonBody());
app.all('/echo', (req, res) => {
  res.json({ got: (req.body as unknown) ?? null });
});
app.use(errorHandler);

describe('JSON media types', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON;charset="UTF-8"', true],
    ['application/merge-patch+json', true],
    ['application/json; charset=utf-16', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['text/plain', false],
    ['text/json', false],
    ['application/jsonp', false],
    ['', false],
  ])('%s -> %s', (type, ok) => {
    expect(isJsonContentType(type)).toBe(ok);
  });
});

describe('a body that is not JSON', () => {
  it.each([
    ['a form post', 'application/x-www-form-urlencoded', 'email=a%40b.tw&password=x'],
    ['text/plain (what a cross-site form can send as JSON-looking text)', 'text/plain', '{"email":"a@b.tw","password":"x"}'],
    ['a JSON body in UTF-16', 'application/json; charset=utf-16', '{}'],
  ])('answers 415 for %s', async (_name, type, body) => {
    const res = await request(app).post('/echo').set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, statusMessage: 'Unsupported Media Type' });
  });

  it('answers 415 for a body without a Content-Type', async () => {
    const res = await request(app).post('/echo').unset('Content-Type').send(Buffer.from('{"a":1}'));
    expect(res.status).toBe(415);
  });

  it('answers 415 when the platform already parsed a form (req.rawBody set)', async () => {
    const platform = express();
    platform.use(express.urlencoded({ extended: false, verify: (req, _res, buf) => Object.assign(req, { rawBody: buf }) }));
    platform.use(app);
    const res = await request(platform).post('/echo').type('form').send('email=a%40b.tw');
    expect(res.status).toBe(415);
  });

  it('lets JSON and body-less requests through', async () => {
    expect((await request(app).post('/echo').send({ a: 1 })).body).toEqual({ got: { a: 1 } });
    expect((await request(app).post('/echo').set('Content-Type', 'text/plain')).status).toBe(200);
    expect((await request(app).get('/echo')).status).toBe(200);
  });
});
