import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import type { Product, ProductPlanOffer, ProductSummary } from '../../functions/src/contracts/products';
import { invalidateCatalogue } from '../../functions/src/data/products';
import { db as appDb } from '../../functions/src/lib/firebase';
import { HOSTING_URL, uniq } from '../helpers/emulators';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';

// GET /api/products/simple, /detail, /detail/{id} and /detail/{id}/plans (docs/catalogue.md),
// against the demo books plus fixtures of our own (removed afterwards: other suites share the data).

const app = createApp();
// The app's own Firestore handle: it applies settings() first, which must precede any other use.
const adminDb = appDb;

const launchedId = uniq('cat-on');
const hiddenId = uniq('cat-off');
const brokenId = uniq('cat-broken');
const openPlan = uniq('cat-plan-open');
const closedPlan = uniq('cat-plan-closed');
const hiddenPlan = uniq('cat-plan-hidden');
const later = uniq('cat-plan-later');

function fixtureBook(productId: string, over: Partial<Product> = {}) {
  return {
    name: `測試書 ${productId}`,
    subtitle: '副標',
    author: '測試作者',
    publisher: '青嶼出版',
    isbn: '',
    publishedAt: '2026-01-01',
    pages: 100,
    format: '平裝',
    imgSrc: '/images/books/x/cover.jpg',
    previewImages: [],
    listPrice: 500,
    salePrice: 400,
    isNew: true,
    launched: true,
    sortOrder: 9999,
    content: ['重點'],
    notice: [],
    bookIntroduction: { primaryColor: '#000000', slogan: '標語', overview: '概要', summary: [], detail: [] },
    erratum: [],
    updatedAt: new Date().toISOString(),
    ...over,
  };
}

function fixturePlan(products: { productId: string; groupPrice: number }[], closingDate: string, launched = true) {
  return {
    title: '測試團購',
    organizer: '測試公會',
    closingDate,
    launched,
    bannerImg: { pc: '', mobile: '' },
    content: [],
    products,
  };
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

beforeAll(async () => {
  const db = await adminDb();
  await Promise.all([
    db.doc(`products/${launchedId}`).set(fixtureBook(launchedId)),
    db.doc(`products/${hiddenId}`).set(fixtureBook(hiddenId, { launched: false })),
    // Launched but broken (no name, price as text): must be left out, not break the catalogue.
    db.doc(`products/${brokenId}`).set({ launched: true, listPrice: '500', sortOrder: 1 }),
    db.doc(`groupBuyingPlans/${openPlan}`).set(fixturePlan([{ productId: launchedId, groupPrice: 350 }], inDays(30))),
    db.doc(`groupBuyingPlans/${later}`).set(fixturePlan([{ productId: launchedId, groupPrice: 360 }], inDays(60))),
    db.doc(`groupBuyingPlans/${closedPlan}`).set(fixturePlan([{ productId: launchedId, groupPrice: 300 }], inDays(-1))),
    db.doc(`groupBuyingPlans/${hiddenPlan}`).set(fixturePlan([{ productId: launchedId, groupPrice: 200 }], inDays(30), false)),
  ]);
  invalidateCatalogue();
});

afterAll(async () => {
  const db = await adminDb();
  await Promise.all(
    [`products/${launchedId}`, `products/${hiddenId}`, `products/${brokenId}`, ...[openPlan, later, closedPlan, hiddenPlan].map((p) => `groupBuyingPlans/${p}`)].map((p) =>
      db.doc(p).delete(),
    ),
  );
  invalidateCatalogue();
});

describe('GET /api/products/simple', () => {
  it('lists the launched books with the list fields only, in shop order', async () => {
    const res = await request(app).get('/api/products/simple');
    expect(res.status).toBe(200);
    const list = res.body as ProductSummary[];
    const ids = list.map((p) => p.productId);
    expect(ids).toEqual(expect.arrayContaining(['company-registration-guide', 'business-tax-handbook', 'small-business-accounting', 'commercial-contracts', launchedId]));
    expect(ids).not.toContain('labor-law-qa');
    expect(ids).not.toContain(hiddenId);
    expect(ids).not.toContain(brokenId);
    expect(ids.indexOf('company-registration-guide')).toBeLessThan(ids.indexOf('business-tax-handbook'));
    for (const p of list) expect(Object.keys(p).sort()).toEqual(['imgSrc', 'isNew', 'isOnSale', 'listPrice', 'name', 'productId', 'salePrice']);
    const guide = list.find((p) => p.productId === 'company-registration-guide')!;
    expect(guide).toMatchObject({ name: '公司登記實務全攻略', listPrice: 980, salePrice: 880, isOnSale: true });
    expect(list.find((p) => p.productId === 'commercial-contracts')!.isOnSale).toBe(false);
  });

  it('is cacheable by the CDN and revalidates with its ETag', async () => {
    const res = await request(app).get('/api/products/simple');
    expect(res.headers['cache-control']).toMatch(/\bpublic\b/);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await request(app).get('/api/products/simple').set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });
});

describe('GET /api/products/detail', () => {
  it('returns every launched book with all its fields', async () => {
    const res = await request(app).get('/api/products/detail');
    expect(res.status).toBe(200);
    const list = res.body as Product[];
    expect(list.map((p) => p.productId)).not.toContain('labor-law-qa');
    const guide = list.find((p) => p.productId === 'company-registration-guide')!;
    expect(guide.erratum.length).toBeGreaterThan(0);
    expect(guide.bookIntroduction.overview).toBeTruthy();
    expect(guide.previewImages.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
  });
});

describe('GET /api/products/detail/{productId}', () => {
  it('returns one launched book', async () => {
    const res = await request(app).get('/api/products/detail/company-registration-guide');
    expect(res.status).toBe(200);
    const p = res.body as Product;
    expect(p).toMatchObject({ productId: 'company-registration-guide', name: '公司登記實務全攻略', launched: true });
    expect(p.erratum[0]).toMatchObject({ chapter: expect.any(String), title: expect.any(String), postDate: expect.any(String) });
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
  });

  it('fills the contract defaults for a sparse book', async () => {
    const res = await request(app).get(`/api/products/detail/${launchedId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productId: launchedId, salePrice: 400, erratum: [], notice: [] });
    expect(res.body).not.toHaveProperty('updatedAt');
  });

  it.each([
    ['an unknown id', 'no-such-book'],
    ['an unlaunched demo book', 'labor-law-qa'],
    ['an unlaunched fixture', hiddenId],
    ['a launched but malformed document', brokenId],
  ])('answers 404 for %s', async (_name, id) => {
    const res = await request(app).get(`/api/products/detail/${id}`);
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['dots', 'a.b'],
    ['an encoded slash', 'a%2Fb'],
    ['2,000 characters', 'x'.repeat(2000)],
    ["Firestore's reserved __id__ form", '__books__'],
    ['spaces', 'a%20b'],
  ])('answers 400 Bad Request for an id with %s', async (_name, id) => {
    expectBadRequestAt(await request(app).get(`/api/products/detail/${id}`), 'params.productId');
  });

  it('answers a raw slash in the id with the route 404', async () => {
    const res = await request(app).get('/api/products/detail/a/b');
    expect(res.status).toBe(404);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
  });

  it('refuses writes to the catalogue routes with the catalogue 404', async () => {
    for (const method of ['post', 'patch', 'put', 'delete'] as const) {
      const res = await request(app)[method]('/api/products/detail/company-registration-guide').send({ name: 'x' });
      expect(res.status).toBe(404);
      expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    }
    const doc = await (await adminDb()).doc('products/company-registration-guide').get();
    expect(doc.get('name')).toBe('公司登記實務全攻略');
  });
});

describe('GET /api/products/detail/{productId}/plans', () => {
  it('lists the open, launched plans that include the book, soonest closing first', async () => {
    const res = await request(app).get(`/api/products/detail/${launchedId}/plans`);
    expect(res.status).toBe(200);
    const plans = res.body as ProductPlanOffer[];
    expect(plans.map((p) => p.planId)).toEqual([openPlan, later]);
    expect(plans[0]).toEqual({ planId: openPlan, title: '測試團購', organizer: '測試公會', groupPrice: 350, closingDate: expect.any(String) });
    expect(Date.parse(plans[0]!.closingDate)).toBeGreaterThan(Date.now());
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
  });

  it('answers an empty list for a book in no open plan', async () => {
    const res = await request(app).get('/api/products/detail/commercial-contracts/plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 404 for an unknown or unlaunched book and 400 for a bad id', async () => {
    for (const id of ['no-such-book', 'labor-law-qa']) {
      const res = await request(app).get(`/api/products/detail/${id}/plans`);
      expect(res.status).toBe(404);
      expectCatalogueBody(res.body, 404, 'Not Found, No record found');
    }
    const bad = await request(app).get(`/api/products/detail/${'y'.repeat(2000)}/plans`);
    expect(bad.status).toBe(400);
    expectCatalogueBody(bad.body, 400, 'Bad Request');
  });
});

describe('through Hosting and the Functions emulator', () => {
  it('serves a book page payload with the CDN cache header', async () => {
    const res = await fetch(`${HOSTING_URL}/api/products/detail/company-registration-guide`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const body = (await res.json()) as Product;
    expect(body.name).toBe('公司登記實務全攻略');
  });

  it('answers an unlaunched book with the catalogue 404', async () => {
    const res = await fetch(`${HOSTING_URL}/api/products/detail/labor-law-qa`);
    expect(res.status).toBe(404);
    expectCatalogueBody((await res.json()) as Record<string, unknown>, 404, 'Not Found, No record found');
  });
});
