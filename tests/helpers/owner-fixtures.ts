// Fixtures for the owner's console tests: a member, the owner, books with stock, plans and orders,
// all created through the real API (createApp) against the emulators, with unique ids per run.
import request from 'supertest';
import { expect } from 'vitest';
import { createApp } from '../../functions/src/app';
import { db } from '../../functions/src/lib/firebase';
import { adminDb, createTestUser, uniq, type TestUser } from './emulators';

// Many group orders from one in-process client with few contacts: the route's limits per client and
// per contact (docs/limits.md) are scaled out of the way here; tests/api/abuse.test.ts proves them.
export const app = createApp({ rateLimits: { scale: 100 } });

export interface Actors {
  member: TestUser;
  owner: TestUser;
}

export async function actors(): Promise<Actors> {
  const [member, owner] = await Promise.all([
    createTestUser({ emailVerified: true, displayName: '林測試' }),
    createTestUser({ emailVerified: true, admin: true, displayName: '店長' }),
  ]);
  return { member, owner };
}

export function ownerClient(owner: TestUser) {
  const as = (r: request.Test) => r.set('Authorization', `Bearer ${owner.idToken}`);
  return {
    get: (path: string) => as(request(app).get(`/api/admin${path}`)),
    post: (path: string, body: unknown) => as(request(app).post(`/api/admin${path}`)).send(body as object),
    put: (path: string, body: unknown) => as(request(app).put(`/api/admin${path}`)).send(body as object),
    patch: (path: string, body: unknown) => as(request(app).patch(`/api/admin${path}`)).send(body as object),
    del: (path: string) => as(request(app).delete(`/api/admin${path}`)),
  };
}
export type OwnerClient = ReturnType<typeof ownerClient>;

/**
 * A file's member, owner and the owner's client, for its beforeAll. The app's Firestore is opened first
 * (db()), so that the helpers' adminDb() cannot take its settings call.
 */
export async function ownerSession(): Promise<{ a: Actors; c: OwnerClient }> {
  await db();
  const a = await actors();
  return { a, c: ownerClient(a.owner) };
}

export const doc = async (path: string) => (await adminDb().doc(path).get()).data();
export const newOrderId = () => `${uniq('o').replace(/[^A-Za-z0-9_-]/g, '')}${Math.random().toString(36).slice(2, 10)}`;

export function bookInput(productId: string, extra: Record<string, unknown> = {}) {
  return {
    productId,
    name: `後台測試書 ${productId}`,
    subtitle: '副標題',
    author: '測試作者',
    publisher: '青嶼書房',
    isbn: '9786269999999',
    publishedAt: '2026-03-01',
    pages: 320,
    format: '平裝 17×23 cm',
    imgSrc: '/images/books/test.jpg',
    previewImages: [],
    // A sale price above the list price is refused (issue 23): a fixture priced higher lists higher too.
    listPrice: Math.max(1000, typeof extra.salePrice === 'number' ? extra.salePrice : 0),
    salePrice: 850,
    isNew: false,
    launched: true,
    sortOrder: 990,
    content: ['重點一'],
    notice: [],
    bookIntroduction: { primaryColor: '#2f5d62', slogan: '標語', overview: '簡介', summary: ['摘要'], detail: ['詳細'] },
    erratum: [],
    ...extra,
  };
}

/** A book with `qty` copies, created through the console itself. */
export async function fixtureBook(c: OwnerClient, qty: number, extra: Record<string, unknown> = {}) {
  const productId = uniq('obook');
  expect((await c.post('/products', bookInput(productId, extra))).status).toBe(201);
  if (qty > 0) expect((await c.put(`/stock/${productId}`, { qty, reason: '測試進貨' })).status).toBe(200);
  return productId;
}

export const contact = (extra: Record<string, unknown> = {}) => ({
  receiver: { name: '林測試', address: '高雄市前金區中正四路 211 號' },
  phone: '0912-345-678',
  bankAccountNo: '54321',
  ...extra,
});

export interface PlacedOrder {
  orderId: string;
  orderNo: string;
  totalPrice: number;
  bankAccountNo: string;
  createdAt: string;
}

export async function shopOrder(member: TestUser, productId: string, qty = 1, extra: Record<string, unknown> = {}): Promise<PlacedOrder> {
  const orderId = newOrderId();
  const res = await request(app)
    .patch(`/api/order/${member.uid}/${orderId}`)
    .set('Authorization', `Bearer ${member.idToken}`)
    .send({ items: [{ productId, qty }], ...contact(extra) });
  expect(res.status).toBe(201);
  return res.body as PlacedOrder;
}

export function planInput(planId: string, products: { productId: string; groupPrice: number; maxPerOrder?: number }[], extra: Record<string, unknown> = {}) {
  return {
    planId,
    title: `測試團購 ${planId}`,
    organizer: '測試協會',
    closingDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '', mobile: '' },
    content: ['第一段'],
    products,
    minQuantity: 5,
    pickupNotes: '',
    paymentNotes: '',
    pickupPoints: [],
    postalDelivery: true,
    ...extra,
  };
}

export async function groupOrder(planId: string, items: { productId: string; qty: number }[], extra: Record<string, unknown> = {}) {
  const orderId = newOrderId();
  const res = await request(app)
    .patch(`/api/groupOrder/${planId}/${orderId}`)
    .send({ items, buyer: '陳團購', email: `${uniq('buyer')}@example.com`, ...contact(), ...extra });
  return res;
}
