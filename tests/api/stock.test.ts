import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { db as appDb } from '../../functions/src/lib/firebase';
import { createTestUser, HOSTING_URL, uniq, type TestUser } from '../helpers/emulators';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// GET /api/stock, GET /api/stock/{id}, and the owner's PATCH /api/stock and /api/stock/{id}.
// Every write goes to fixture books of our own; the demo stock is only read.

const app = createApp();

const bookA = uniq('stk-a');
const bookB = uniq('stk-b');
const noStock = uniq('stk-none');
const ghost = uniq('stk-ghost');
let owner: TestUser;
let member: TestUser;

// The app's own Firestore handle: it applies settings() first, which must precede any other use.
let firestore: Awaited<ReturnType<typeof appDb>>;
const db = () => firestore;
const stockDoc = (id: string) => db().doc(`stock/${id}`).get();

async function resetFixtures() {
  await Promise.all([
    db().doc(`stock/${bookA}`).set({ qty: 5, updatedAt: '2026-01-01T00:00:00.000Z', allocator: 'kept' }),
    db().doc(`stock/${bookB}`).set({ qty: 9, updatedAt: '2026-01-01T00:00:00.000Z' }),
    db().doc(`stock/${noStock}`).delete(),
  ]);
}

async function expectUnchanged() {
  expect((await stockDoc(bookA)).get('qty')).toBe(5);
  expect((await stockDoc(bookB)).get('qty')).toBe(9);
  expect((await stockDoc(noStock)).exists).toBe(false);
  expect((await stockDoc(ghost)).exists).toBe(false);
}

beforeAll(async () => {
  firestore = await appDb();
  [owner, member] = await Promise.all([createTestUser({ admin: true }), createTestUser()]);
  // Launched (their counts are public), without an introduction (so the storefront does not list them).
  const book = { name: '庫存測試書', launched: true, listPrice: 100, salePrice: 100 };
  await Promise.all([bookA, bookB, noStock].map((id) => db().doc(`products/${id}`).set(book)));
});
beforeEach(resetFixtures);
afterAll(async () => {
  await Promise.all([bookA, bookB, noStock].flatMap((id) => [db().doc(`products/${id}`).delete(), db().doc(`stock/${id}`).delete()]));
});

const asOwner = (r: request.Test) => r.set('Authorization', `Bearer ${owner.idToken}`);

describe('GET /api/stock', () => {
  it('maps every book to its count, the demo books included', async () => {
    const res = await request(app).get('/api/stock');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ [bookA]: 5, [bookB]: 9, 'commercial-contracts': expect.any(Number), 'company-registration-guide': expect.any(Number) });
    for (const qty of Object.values(res.body as Record<string, number>)) expect(Number.isInteger(qty) && qty >= 0).toBe(true);
    expect(res.body).not.toHaveProperty(noStock);
  });

  it('stays fresh: no browser caching beyond revalidation', async () => {
    const res = await request(app).get('/api/stock');
    expect(res.headers['cache-control']).toMatch(/max-age=0/);
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(res.headers['cache-control'] as string)?.[1] ?? 0);
    expect(sMaxAge).toBeLessThanOrEqual(5);
  });
});

describe('GET /api/stock/{productId}', () => {
  it('returns the count', async () => {
    const res = await request(app).get(`/api/stock/${bookA}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ productId: bookA, qty: 5 });
    expect(res.headers['cache-control']).toMatch(/max-age=0/);
  });

  it('reads the demo out-of-stock book as 0', async () => {
    const res = await request(app).get('/api/stock/commercial-contracts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ productId: 'commercial-contracts', qty: 0 });
  });

  it.each([
    ['an unknown book', 'no-such-book'],
    ['a book without a stock record', noStock],
  ])('answers 404 Stock Not Found for %s', async (_n, id) => {
    const res = await request(app).get(`/api/stock/${id}`);
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Stock Not Found');
  });

  it.each([['a.b'], ['a%2Fb'], ['x'.repeat(2000)], ['__stock__']])('answers 400 Bad Request for the id %#', async (id) => {
    const res = await request(app).get(`/api/stock/${id}`);
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Bad Request');
  });
});

describe('PATCH /api/stock/{productId}', () => {
  it('lets the owner set a count, keeping the allocation fields it does not own', async () => {
    const before = Date.now();
    const res = await asOwner(request(app).patch(`/api/stock/${bookA}`)).send({ qty: 12 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ productId: bookA, qty: 12 });
    const doc = await stockDoc(bookA);
    expect(doc.get('qty')).toBe(12);
    expect(Date.parse(doc.get('updatedAt'))).toBeGreaterThanOrEqual(before - 1000);
    expect(doc.get('allocator')).toBe('kept');
    expect((await request(app).get(`/api/stock/${bookA}`)).body.qty).toBe(12);
  });

  it('creates the stock record of an existing book that had none, and accepts 0', async () => {
    const res = await asOwner(request(app).patch(`/api/stock/${noStock}`)).send({ qty: 0 });
    expect(res.status).toBe(200);
    expect((await stockDoc(noStock)).get('qty')).toBe(0);
  });

  it('answers 401 without a token and 403 for a member, writing nothing', async () => {
    const anon = await request(app).patch(`/api/stock/${bookA}`).send({ qty: 99 });
    expect(anon.status).toBe(401);
    expectCatalogueBody(anon.body, 401, 'Unauthorized');
    const bad = await request(app).patch(`/api/stock/${bookA}`).set('Authorization', 'Bearer not-a-token').send({ qty: 99 });
    expect(bad.status).toBe(401);
    const res = await request(app).patch(`/api/stock/${bookA}`).set('Authorization', `Bearer ${member.idToken}`).send({ qty: 99 });
    expect(res.status).toBe(403);
    expectCatalogueBody(res.body, 403, 'Permission denied');
    await expectUnchanged();
  });

  it('answers 404 Not Found for a book that does not exist, creating no stock', async () => {
    const res = await asOwner(request(app).patch(`/api/stock/${ghost}`)).send({ qty: 3 });
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    await expectUnchanged();
  });

  it.each([
    ['a negative qty', { qty: -1 }],
    ['a fractional qty', { qty: 1.5 }],
    ['a string qty', { qty: '3' }],
    ['a null qty', { qty: null }],
    ['a huge qty', { qty: 1e12 }],
    ['an empty object', {}],
    ['an array', [{ qty: 3 }]],
    ['an empty array', []],
    ['a bare number', 3],
  ])('answers 400 Bad Request for %s, writing nothing', async (_n, body) => {
    const res = await asOwner(request(app).patch(`/api/stock/${bookA}`)).set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Bad Request');
    await expectUnchanged();
  });

  it('answers 400 Invalid JSON body for malformed JSON', async () => {
    const res = await asOwner(request(app).patch(`/api/stock/${bookA}`)).set('Content-Type', 'application/json').send('{"qty":');
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Invalid JSON body');
    await expectUnchanged();
  });

  it.each([['a.b'], ['a%2Fb'], ['z'.repeat(2000)], ['__x__']])('answers 400 Bad Request for the id %#, writing nothing', async (id) => {
    const res = await asOwner(request(app).patch(`/api/stock/${id}`)).send({ qty: 3 });
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Bad Request');
    await expectUnchanged();
  });

  it('answers a raw slash in the id with the route 404', async () => {
    const res = await asOwner(request(app).patch(`/api/stock/${bookA}/x`)).send({ qty: 3 });
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    await expectUnchanged();
  });
});

describe('PATCH /api/stock', () => {
  it('lets the owner set several counts at once', async () => {
    const res = await asOwner(request(app).patch('/api/stock')).send({ [bookA]: 1, [bookB]: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ [bookA]: 1, [bookB]: 0 });
    expect((await stockDoc(bookA)).get('qty')).toBe(1);
    expect((await stockDoc(bookB)).get('qty')).toBe(0);
    const all = await request(app).get('/api/stock');
    expect(all.body).toMatchObject({ [bookA]: 1, [bookB]: 0 });
  });

  it('writes nothing when one of the books does not exist', async () => {
    const res = await asOwner(request(app).patch('/api/stock')).send({ [bookA]: 50, [ghost]: 2 });
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    await expectUnchanged();
  });

  it('answers 401 without a token and 403 for a member', async () => {
    expect((await request(app).patch('/api/stock').send({ [bookA]: 99 })).status).toBe(401);
    const res = await request(app).patch('/api/stock').set('Authorization', `Bearer ${member.idToken}`).send({ [bookA]: 99 });
    expect(res.status).toBe(403);
    expectCatalogueBody(res.body, 403, 'Permission denied');
    await expectUnchanged();
  });

  it.each([
    ['an empty object', {}],
    ['an array', [{ [bookA]: 1 }]],
    ['an array of numbers', [1, 2]],
    ['a negative qty', { [bookA]: 1, [bookB]: -2 }],
    ['a fractional qty', { [bookA]: 0.5 }],
    ['a string qty', { [bookA]: '4' }],
    ['an object where a number belongs', { [bookA]: { qty: 4 } }],
    ['an id with a dot', { 'a.b': 1 }],
    ['an id with a slash', { [`${bookA}/x`]: 1 }],
    ['an id of 2,000 characters', { ['k'.repeat(2000)]: 1 }],
    ['a reserved id', { __name__: 1 }],
    ['null', null],
    ['a string', 'qty'],
  ])('answers 400 Bad Request for %s, writing nothing', async (_n, body) => {
    const res = await asOwner(request(app).patch('/api/stock')).set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Bad Request');
    await expectUnchanged();
  });

  it('answers 400 for more than 500 books at once', async () => {
    const body = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`b${i}`, 1]));
    const res = await asOwner(request(app).patch('/api/stock')).send(body);
    expect(res.status).toBe(400);
    expectCatalogueBody(res.body, 400, 'Bad Request');
  });
});

describe('through Hosting and the Functions emulator', () => {
  it('reads a count and refuses an anonymous write', async () => {
    const res = await fetch(`${HOSTING_URL}/api/stock/company-registration-guide`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { qty: number }).qty).toEqual(expect.any(Number));
    const write = await fetch(`${HOSTING_URL}/api/stock/${bookA}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"qty":1}' });
    expect(write.status).toBe(401);
    expectCatalogueBody((await write.json()) as Record<string, unknown>, 401, 'Unauthorized');
    await expectUnchanged();
  });

  it('lets the owner set a count through the platform-parsed body path', async () => {
    const res = await fetch(`${HOSTING_URL}/api/stock/${bookB}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.idToken}` },
      body: '{"qty":4}',
    });
    expect(res.status).toBe(200);
    expect((await stockDoc(bookB)).get('qty')).toBe(4);
    const bad = await fetch(`${HOSTING_URL}/api/stock`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.idToken}` },
      body: '[1,2]',
    });
    expect(bad.status).toBe(400);
    expectCatalogueBody((await bad.json()) as Record<string, unknown>, 400, 'Bad Request');
  });
});
