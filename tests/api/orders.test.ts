import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/src/app';
import { conflict } from '../../functions/src/lib/failure';
import { db } from '../../functions/src/lib/firebase';
import { logger } from '../../functions/src/lib/logger';
import { changeOrderStatus, sweepUnpaidOrders } from '../../functions/src/api/orders/order-status';
import { placeOrder, type Pricing } from '../../functions/src/api/orders/place-order';
import { sampleContact } from '../../functions/src/contracts/__tests__/sample-order';
import { waitForMail } from '../../web/e2e/support/inbox';
import { adminDb, createTestUser, HOSTING_URL, seedBook, testClientHeaders, type TestUser, uniq } from '../helpers/emulators';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// Shop orders (docs/orders.md): placement, idempotency, stock under concurrency, reads,
// lookup, the unpaid sweep and every bad input the contract names. Stock-changing tests use their own
// fixture products, never the demo shop's.

const app = createApp();

const fixtureProduct = (opts: { qty: number; salePrice?: number; listPrice?: number; launched?: boolean; name?: string; withStock?: boolean }) =>
  seedBook({ prefix: 'book', ...opts });

const conflictPlanClosed = () => conflict('PLAN_CLOSED', 'The plan is closed');
const stockOf = async (productId: string) => (await adminDb().doc(`stock/${productId}`).get()).data()?.qty as number | undefined;
const orderExists = async (orderId: string) => (await adminDb().doc(`orders/${orderId}`).get()).exists;
const newOrderId = () => `${uniq('o').replace(/[^A-Za-z0-9_-]/g, '')}${Math.random().toString(36).slice(2, 10)}`;

const body = (items: { productId: string; qty: number }[], extra: Record<string, unknown> = {}) => ({ items, ...sampleContact, ...extra });

// Each call its own client: this file places more shop orders than one client may in an hour (20,
// docs/limits.md); the per-client limit itself is tested in contact-holding.test.ts.
const place = (user: TestUser, orderId: string, payload: unknown, userId = user.uid) =>
  request(app).patch(`/api/order/${userId}/${orderId}`).set('Authorization', `Bearer ${user.idToken}`).set(testClientHeaders()).send(payload as object);

let member: TestUser;
let other: TestUser;
let owner: TestUser;
let unverified: TestUser;

beforeAll(async () => {
  // The app's Firestore client applies its settings on first use: let it go before the helpers' adminDb().
  await db();
  [member, other, owner, unverified] = await Promise.all([
    createTestUser({ emailVerified: true, displayName: '王小明' }),
    createTestUser({ emailVerified: true }),
    createTestUser({ emailVerified: true, admin: true }),
    createTestUser({ emailVerified: false }),
  ]);
});

describe('PATCH /api/order/{userId}/{orderId}', () => {
  it('prices on the server, takes the stock, writes the order, its number and the mail', async () => {
    const a = await fixtureProduct({ qty: 5, salePrice: 880, name: '公司登記測試書' });
    const b = await fixtureProduct({ qty: 3, salePrice: 450 });
    const orderId = newOrderId();
    const res = await place(member, orderId, body([
      { productId: a, qty: 2, unitPrice: 1, totalPrice: 1 } as never,
      { productId: b, qty: 1 },
    ], { totalPrice: 1, itemsTotal: 1, status: 'shipped' }));
    expect(res.status).toBe(201);
    const o = res.body;
    expect(o).toMatchObject({ orderId, userId: member.uid, planId: null, status: 'awaitingPayment', itemsTotal: 2210, shippingFee: 0, totalPrice: 2210, email: member.email });
    expect(o.items).toEqual([
      { productId: a, name: '公司登記測試書', qty: 2, unitPrice: 880, totalPrice: 1760 },
      { productId: b, name: expect.any(String), qty: 1, unitPrice: 450, totalPrice: 450 },
    ]);
    expect(o.orderNo).toMatch(/^QY\d{6}[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    expect(Date.parse(o.paymentDueAt) - Date.parse(o.createdAt)).toBe(3 * 86_400_000);
    expect(o.statusHistory).toEqual([{ status: 'awaitingPayment', at: o.createdAt, by: `member:${member.uid}` }]);
    expect(o).not.toHaveProperty('requestHash');
    expect(await stockOf(a)).toBe(3);
    expect(await stockOf(b)).toBe(2);
    const num = await adminDb().doc(`orderNumbers/${o.orderNo}`).get();
    expect(num.data()?.orderId).toBe(orderId);
    const mail = (await adminDb().doc(`mail/${orderId}-placed`).get()).data();
    expect(mail?.to).toBe(member.email);
    expect(mail?.message.subject).toContain(o.orderNo);
    expect(mail?.message.text).toContain('NT$2,210');
    expect(mail?.message.text).toContain('公司登記測試書');
    expect(mail?.message.text).toContain('0120-0012-3456');
    expect(mail?.message.html).toContain(o.orderNo);
  });

  it('answers a replay with 200 and the same order, whatever the line or key order, and takes nothing more', async () => {
    const a = await fixtureProduct({ qty: 5 });
    const b = await fixtureProduct({ qty: 5 });
    const orderId = newOrderId();
    const first = await place(member, orderId, body([{ productId: a, qty: 1 }, { productId: b, qty: 2 }]));
    expect(first.status).toBe(201);
    const again = await place(member, orderId, { ...body([{ productId: b, qty: 2 }, { productId: a, qty: 1 }]), unitPrice: 3 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(a)).toBe(4);
    expect(await stockOf(b)).toBe(3);
  });

  it('answers the same orderId with a different body with 409 ORDER_CONFLICT', async () => {
    const a = await fixtureProduct({ qty: 5 });
    const orderId = newOrderId();
    expect((await place(member, orderId, body([{ productId: a, qty: 1 }]))).status).toBe(201);
    const res = await place(member, orderId, body([{ productId: a, qty: 2 }]));
    expect(res.status).toBe(409);
    expectCatalogueBody(res.body, 409, 'ORDER_CONFLICT');
    const byOther = await place(other, orderId, body([{ productId: a, qty: 1 }]), other.uid);
    expect(byOther.status).toBe(409);
    expectCatalogueBody(byOther.body, 409, 'ORDER_CONFLICT');
    expect(await stockOf(a)).toBe(4);
  });

  it('answers 409 OUT_OF_STOCK naming the product, and takes nothing from the other lines', async () => {
    const plenty = await fixtureProduct({ qty: 10 });
    const scarce = await fixtureProduct({ qty: 1, name: '稀有測試書' });
    const noStockDoc = await fixtureProduct({ qty: 0, withStock: false });
    const orderId = newOrderId();
    const res = await place(member, orderId, body([{ productId: plenty, qty: 3 }, { productId: scarce, qty: 2 }]));
    expect(res.status).toBe(409);
    expectCatalogueBody(res.body, 409, 'OUT_OF_STOCK');
    expect(res.body.message).toContain(scarce);
    expect(res.body.details[0]).toMatchObject({ path: 'body.items.1.qty' });
    expect(res.body.details[0].message).toContain('稀有測試書');
    expect(await stockOf(plenty)).toBe(10);
    expect(await stockOf(scarce)).toBe(1);
    expect(await orderExists(orderId)).toBe(false);
    const none = await place(member, newOrderId(), body([{ productId: noStockDoc, qty: 1 }]));
    expect(none.status).toBe(409);
    expectCatalogueBody(none.body, 409, 'OUT_OF_STOCK');
  });

  it('needs a bearer token (401), the member themselves (403) and a verified email (403 EMAIL_NOT_VERIFIED)', async () => {
    const a = await fixtureProduct({ qty: 5 });
    const orderId = newOrderId();
    const anon = await request(app).patch(`/api/order/${member.uid}/${orderId}`).send(body([{ productId: a, qty: 1 }]));
    expect(anon.status).toBe(401);
    expectCatalogueBody(anon.body, 401, 'Unauthorized');
    const someoneElse = await place(other, orderId, body([{ productId: a, qty: 1 }]), member.uid);
    expect(someoneElse.status).toBe(403);
    expectCatalogueBody(someoneElse.body, 403, 'Permission denied');
    const byOwner = await place(owner, orderId, body([{ productId: a, qty: 1 }]), member.uid);
    expect(byOwner.status).toBe(403);
    const notVerified = await place(unverified, orderId, body([{ productId: a, qty: 1 }]));
    expect(notVerified.status).toBe(403);
    expectCatalogueBody(notVerified.body, 403, 'EMAIL_NOT_VERIFIED');
    expect(await orderExists(orderId)).toBe(false);
    expect(await stockOf(a)).toBe(5);
  });

  describe('bad input: the right 4xx, the catalogue body, no order, no stock change', () => {
    let product: string;
    let hidden: string;
    beforeAll(async () => {
      product = await fixtureProduct({ qty: 20 });
      hidden = await fixtureProduct({ qty: 20, launched: false });
    });

    const cases: [string, () => unknown, number, string, string?][] = [
      ['an empty cart', () => body([]), 400, 'Bad Request', 'body.items'],
      ['no items at all', () => ({ ...body([]), items: undefined }), 400, 'Bad Request', 'body.items'],
      ['qty 0', () => body([{ productId: product, qty: 0 }]), 400, 'Bad Request', 'body.items.0.qty'],
      ['a negative qty', () => body([{ productId: product, qty: -2 }]), 400, 'Bad Request', 'body.items.0.qty'],
      ['a fractional qty', () => body([{ productId: product, qty: 1.5 }]), 400, 'Bad Request', 'body.items.0.qty'],
      ['a qty given as a string', () => body([{ productId: product, qty: '1' as unknown as number }]), 400, 'Bad Request', 'body.items.0.qty'],
      ['51 lines', () => body(Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, qty: 1 }))), 400, 'Bad Request', 'body.items'],
      ['10,000 lines (over 64 KiB)', () => body(Array.from({ length: 10_000 }, (_, i) => ({ productId: `p${i}`, qty: 1 }))), 413, 'Payload Too Large'],
      ['an unknown product', () => body([{ productId: 'no-such-book-anywhere', qty: 1 }]), 400, 'Bad Request', 'body.items.0.productId'],
      ['an unlaunched product', () => body([{ productId: hidden, qty: 1 }]), 400, 'Bad Request', 'body.items.0.productId'],
      ['the same product twice', () => body([{ productId: product, qty: 1 }, { productId: product, qty: 2 }]), 400, 'Bad Request', 'body.items'],
      ['a product id with a slash', () => body([{ productId: 'a/b', qty: 1 }]), 400, 'Bad Request', 'body.items.0.productId'],
      ['a 6-digit account code', () => body([{ productId: product, qty: 1 }], { bankAccountNo: '123456' }), 400, 'Bad Request', 'body.bankAccountNo'],
      ['a 4-digit account code', () => body([{ productId: product, qty: 1 }], { bankAccountNo: '1234' }), 400, 'Bad Request', 'body.bankAccountNo'],
      ['a bad 統一編號', () => body([{ productId: product, qty: 1 }], { taxId: '12345678' }), 400, 'Bad Request', 'body.taxId'],
      ['a 70 KB remark', () => body([{ productId: product, qty: 1 }], { remark: '備'.repeat(24_000) }), 413, 'Payload Too Large'],
      ['a remark over 500 characters', () => body([{ productId: product, qty: 1 }], { remark: 'x'.repeat(501) }), 400, 'Bad Request', 'body.remark'],
      ['no receiver name', () => body([{ productId: product, qty: 1 }], { receiver: { name: ' ', address: '臺南市中西區民族路' } }), 400, 'Bad Request', 'body.receiver.name'],
      ['a short address', () => body([{ productId: product, qty: 1 }], { receiver: { name: '王', address: '臺南' } }), 400, 'Bad Request', 'body.receiver.address'],
      ['a bad phone', () => body([{ productId: product, qty: 1 }], { phone: 'call me' }), 400, 'Bad Request', 'body.phone'],
      ['a body that is an array', () => [1, 2, 3], 400, 'Bad Request'],
    ];

    it.each(cases)('%s', async (_name, make, status, statusMessage, detailPath) => {
      const orderId = newOrderId();
      const res = await place(member, orderId, make());
      expect(res.status).toBe(status);
      expectCatalogueBody(res.body, status, statusMessage);
      if (detailPath) expect(res.body.details.map((d: { path: string }) => d.path)).toContain(detailPath);
      expect(await orderExists(orderId)).toBe(false);
      expect(await stockOf(product)).toBe(20);
    });

    it('an orderId with bad characters or the wrong length', async () => {
      for (const orderId of ['has.dots.in.it.1234567', 'short', 'x'.repeat(65), 'semi;colon%3Bvalue12345']) {
        const res = await place(member, encodeURIComponent(orderId), body([{ productId: product, qty: 1 }]));
        expect(res.status, orderId).toBe(400);
        expectCatalogueBody(res.body, 400, 'Bad Request');
        expect(res.body.details[0].path).toBe('params.orderId');
      }
      expect(await stockOf(product)).toBe(20);
    });

    it('malformed JSON', async () => {
      const orderId = newOrderId();
      const res = await request(app)
        .patch(`/api/order/${member.uid}/${orderId}`)
        .set('Authorization', `Bearer ${member.idToken}`)
        .set('Content-Type', 'application/json')
        .send('{"items": [');
      expect(res.status).toBe(400);
      expectCatalogueBody(res.body, 400, 'Invalid JSON body');
      expect(await orderExists(orderId)).toBe(false);
    });
  });
});

describe('stock under a burst', () => {
  it('60 concurrent orders for 10 units: exactly 10 orders, stock 0, the others 409 (or the designed 503 that took nothing), no other 5xx', async () => {
    const productId = await fixtureProduct({ qty: 10 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createTestUser({ emailVerified: true })));
    const attempts = Array.from({ length: 60 }, (_, i) => ({ user: buyers[i % buyers.length]!, orderId: newOrderId() }));
    // The error handler logs what a 5xx hid (functions/src/http/middleware/error-handler.ts); the test runs
    // with LOG_LEVEL=silent, so it listens to the logger itself, and a failure names the error (one 500
    // was seen once in CI, 2026-11-26, and its catalogue body could not say which error it was).
    const logged: { error?: { message?: string } }[] = [];
    const spy = vi.spyOn(logger, 'error').mockImplementation((message, fields) => void (message === 'request failed' && logged.push(fields as never)));
    const responses = await Promise.all(attempts.map(({ user, orderId }) => place(user, orderId, body([{ productId, qty: 1 }])))).finally(() => spy.mockRestore());
    const statuses = responses.map((r) => r.status);
    // The one 5xx the shop means: on a busy machine a placement still queued at its deadline is withdrawn
    // and answered 503 "nothing was taken" (functions/src/api/orders/place-order.ts); the counts below
    // prove it took nothing. Any other 5xx fails, with what the logger saw.
    const withdrawn = (r: { status: number; body: { message?: string } }) => r.status === 503 && /nothing was taken/.test(String(r.body.message));
    const unexpected = responses.filter((r) => r.status >= 500 && !withdrawn(r)).map((r) => ({ status: r.status, body: r.body as unknown }));
    expect({ unexpected, logged: logged.filter((l) => !/nothing was taken/.test(String(l.error?.message))) }).toEqual({ unexpected: [], logged: [] });
    const unavailable = responses.filter(withdrawn).length;
    expect(unavailable, 'so many withdrawn that the stock could not sell out').toBeLessThanOrEqual(50);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50 - unavailable);
    for (const r of responses.filter((x) => x.status === 409)) expectCatalogueBody(r.body, 409, 'OUT_OF_STOCK');
    expect(await stockOf(productId)).toBe(0);
    const made = await adminDb().collection('orders').where('orderId', 'in', attempts.slice(0, 30).map((a) => a.orderId)).get();
    const made2 = await adminDb().collection('orders').where('orderId', 'in', attempts.slice(30).map((a) => a.orderId)).get();
    expect(made.size + made2.size).toBe(10);
    const numbers = new Set([...made.docs, ...made2.docs].map((d) => d.data().orderNo));
    expect(numbers.size).toBe(10);
  });

  it('20 concurrent replays of one order make one order', async () => {
    const productId = await fixtureProduct({ qty: 10 });
    const orderId = newOrderId();
    const payload = body([{ productId, qty: 2 }]);
    const responses = await Promise.all(Array.from({ length: 20 }, () => place(member, orderId, payload)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(responses.map((r) => r.body.orderNo)).size).toBe(1);
    expect(await stockOf(productId)).toBe(8);
  });
});

describe('reading orders', () => {
  let orderIds: string[];
  beforeAll(async () => {
    const productId = await fixtureProduct({ qty: 10 });
    orderIds = [];
    for (let i = 0; i < 3; i++) {
      const id = newOrderId();
      expect((await place(other, id, body([{ productId, qty: 1 }]))).status).toBe(201);
      orderIds.push(id);
    }
  });

  it('GET /api/order/{userId} lists the member’s own orders, newest first', async () => {
    const res = await request(app).get(`/api/order/${other.uid}`).set('Authorization', `Bearer ${other.idToken}`);
    expect(res.status).toBe(200);
    expect(res.body.map((o: { orderId: string }) => o.orderId)).toEqual([...orderIds].reverse());
    expect(res.body[0]).not.toHaveProperty('requestHash');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the owner read any member’s orders, and no one else', async () => {
    const byOwner = await request(app).get(`/api/order/${other.uid}`).set('Authorization', `Bearer ${owner.idToken}`);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toHaveLength(3);
    const byMember = await request(app).get(`/api/order/${other.uid}`).set('Authorization', `Bearer ${member.idToken}`);
    expect(byMember.status).toBe(403);
    expectCatalogueBody(byMember.body, 403, 'Permission denied');
    const anon = await request(app).get(`/api/order/${other.uid}`);
    expect(anon.status).toBe(401);
    expectCatalogueBody(anon.body, 401, 'Unauthorized');
    const badToken = await request(app).get(`/api/order/${other.uid}`).set('Authorization', 'Bearer not-a-token');
    expect(badToken.status).toBe(401);
  });

  it('GET /api/order/{userId}/{orderId}: self and owner; someone else 403; a foreign or unknown order 404', async () => {
    const [id] = orderIds;
    const self = await request(app).get(`/api/order/${other.uid}/${id}`).set('Authorization', `Bearer ${other.idToken}`);
    expect(self.status).toBe(200);
    expect(self.body.orderId).toBe(id);
    expect((await request(app).get(`/api/order/${other.uid}/${id}`).set('Authorization', `Bearer ${owner.idToken}`)).status).toBe(200);
    const stranger = await request(app).get(`/api/order/${other.uid}/${id}`).set('Authorization', `Bearer ${member.idToken}`);
    expect(stranger.status).toBe(403);
    // The order exists but belongs to someone else: not under this member's path.
    const foreign = await request(app).get(`/api/order/${member.uid}/${id}`).set('Authorization', `Bearer ${member.idToken}`);
    expect(foreign.status).toBe(404);
    expectCatalogueBody(foreign.body, 404, 'Not Found, No record found');
    const unknown = await request(app).get(`/api/order/${other.uid}/${newOrderId()}`).set('Authorization', `Bearer ${other.idToken}`);
    expect(unknown.status).toBe(404);
    const bad = await request(app).get(`/api/order/${other.uid}/bad.id`).set('Authorization', `Bearer ${other.idToken}`);
    expect(bad.status).toBe(400);
    expectCatalogueBody(bad.body, 400, 'Bad Request');
  });
});

describe('POST /api/order/lookup', () => {
  let order: { orderNo: string; orderId: string };
  beforeAll(async () => {
    const productId = await fixtureProduct({ qty: 5 });
    const res = await place(member, newOrderId(), body([{ productId, qty: 1 }], { phone: '(06) 234-5678'.replace(/[()]/g, '') }));
    expect(res.status).toBe(201);
    order = res.body;
  });

  it('finds an order by number and email (any case) or phone (any punctuation), without personal details', async () => {
    const byEmail = await request(app).post('/api/order/lookup').send({ orderNo: order.orderNo.toLowerCase(), email: member.email.toUpperCase() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ orderNo: order.orderNo, status: 'awaitingPayment', statusLabel: '待匯款', totalPrice: expect.any(Number) });
    expect(byEmail.body.items).toHaveLength(1);
    for (const key of ['orderId', 'phone', 'receiver', 'email', 'userId', 'bankAccountNo', 'requestHash']) expect(byEmail.body).not.toHaveProperty(key);
    const byPhone = await request(app).post('/api/order/lookup').send({ orderNo: order.orderNo, phone: '06-2345678' });
    expect(byPhone.status).toBe(200);
  });

  it('answers the same 404 for a wrong contact and for no such order', async () => {
    const wrong = await request(app).post('/api/order/lookup').send({ orderNo: order.orderNo, email: 'someone@example.com' });
    const none = await request(app).post('/api/order/lookup').send({ orderNo: 'QY000101ZZZZ', email: member.email });
    const wrongPhone = await request(app).post('/api/order/lookup').send({ orderNo: order.orderNo, phone: '0900-000-000' });
    for (const r of [wrong, none, wrongPhone]) {
      expect(r.status).toBe(404);
      expectCatalogueBody(r.body, 404, 'Not Found, No record found');
    }
    // Each answer carries its own request id (docs/operations.md); nothing else tells the two apart.
    const withoutId = ({ requestId: _id, ...rest }: Record<string, unknown>) => rest;
    expect(withoutId(wrong.body)).toEqual(withoutId(none.body));
    expect(wrong.body.requestId).not.toBe(none.body.requestId);
  });

  it('answers bad input with 400', async () => {
    for (const payload of [{}, { orderNo: order.orderNo }, { orderNo: 'x'.repeat(100), email: member.email }, { orderNo: order.orderNo, email: 'not-an-email' }]) {
      const r = await request(app).post('/api/order/lookup').send(payload);
      expect(r.status).toBe(400);
      expectCatalogueBody(r.body, 400, 'Bad Request');
    }
  });

  it('is rate-limited: 429 TOO_MANY_ATTEMPTS_TRY_LATER past the limit', async () => {
    // 10 lookups per 15 minutes in production; 3 here, counted apart from this file's other apps.
    const limited = createApp({ rateLimits: { scale: 0.3, namespace: uniq('limits') } });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await request(limited).post('/api/order/lookup').send({ orderNo: order.orderNo, email: 'guess@example.com' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expectCatalogueBody(last!.body, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
  });
});

describe('the bank digits after placing (issue 22 item 6)', () => {
  it('an order placed without digits stores 00000; the member gives them later and the lookup corrects them until paid', async () => {
    const productId = await fixtureProduct({ qty: 5 });
    const { bankAccountNo: _left, ...withoutDigits } = body([{ productId, qty: 1 }]);
    const placed = await place(member, newOrderId(), withoutDigits);
    expect(placed.status).toBe(201);
    expect(placed.body.bankAccountNo).toBe('00000');
    const { orderId, orderNo } = placed.body as { orderId: string; orderNo: string };
    // A client of its own for the lookup's rate limit, which this file's other tests use up.
    const client = testClientHeaders();
    const lookedUp = await request(app).post('/api/order/lookup').set(client).send({ orderNo, email: member.email });
    expect(lookedUp.body).toMatchObject({ bankDigitsGiven: false, pickup: null });

    const put = (user: TestUser, digits: unknown, userId = user.uid) =>
      request(app).put(`/api/order/${userId}/${orderId}/bankAccountNo`).set('Authorization', `Bearer ${user.idToken}`).send({ bankAccountNo: digits });
    const given = await put(member, '24680');
    expect(given.status).toBe(200);
    expect(given.body.bankAccountNo).toBe('24680');
    expect(given.body.statusHistory.at(-1).note).toContain('24680');
    // Another member, someone else's path, bad digits: refused, nothing changed.
    expect((await put(other, '11111', member.uid)).status).toBe(403);
    expect((await put(other, '11111')).status).toBe(404);
    const bad = await put(member, '1234');
    expect(bad.status).toBe(400);
    expectCatalogueBody(bad.body, 400, 'Bad Request');

    const viaLookup = await request(app).post('/api/order/lookup/bankAccountNo').set(client).send({ orderNo, phone: sampleContact.phone, bankAccountNo: '13579' });
    expect(viaLookup.status).toBe(200);
    expect(viaLookup.body).toMatchObject({ orderNo, bankDigitsGiven: true });
    expect(viaLookup.body).not.toHaveProperty('bankAccountNo');
    const wrongContact = await request(app).post('/api/order/lookup/bankAccountNo').set(client).send({ orderNo, email: 'someone@example.com', bankAccountNo: '99999' });
    expect(wrongContact.status).toBe(404);
    expect((await adminDb().doc(`orders/${orderId}`).get()).data()?.bankAccountNo).toBe('13579');

    // Paid: the digits are what the owner matched; no more changes.
    await changeOrderStatus({ orderId, to: 'preparing', by: 'test' });
    const late = await put(member, '86420');
    expect(late.status).toBe(409);
    expectCatalogueBody(late.body, 409, 'INVALID_TRANSITION');
    expect((await adminDb().doc(`orders/${orderId}`).get()).data()?.bankAccountNo).toBe('13579');
  });
});

describe('order life', () => {
  it('the unpaid sweep cancels overdue orders, returns their stock once, mails the buyer, and is idempotent', async () => {
    const productId = await fixtureProduct({ qty: 10 });
    const overdue = newOrderId();
    const paid = newOrderId();
    const fresh = newOrderId();
    for (const id of [overdue, paid, fresh]) expect((await place(member, id, body([{ productId, qty: 2 }]))).status).toBe(201);
    expect(await stockOf(productId)).toBe(4);
    const past = new Date(Date.now() - 60_000).toISOString();
    await adminDb().doc(`orders/${overdue}`).update({ paymentDueAt: past });
    await adminDb().doc(`orders/${paid}`).update({ paymentDueAt: past });
    await changeOrderStatus({ orderId: paid, to: 'preparing', by: 'test' });

    const first = await sweepUnpaidOrders(new Date());
    expect(first.cancelled).toContain(overdue);
    expect(first.cancelled).not.toContain(paid);
    expect(first.cancelled).not.toContain(fresh);
    expect(await stockOf(productId)).toBe(6);
    const o = (await adminDb().doc(`orders/${overdue}`).get()).data()!;
    expect(o.status).toBe('cancelledUnpaid');
    expect(o.statusHistory.map((h: { status: string }) => h.status)).toEqual(['awaitingPayment', 'cancelledUnpaid']);
    const mail = (await adminDb().doc(`mail/${overdue}-cancelledUnpaid`).get()).data();
    expect(mail?.to).toBe(member.email);
    expect(mail?.message.subject).toContain(o.orderNo);
    // ...and the Functions emulator's sendMail delivered it to the inbox.
    expect((await waitForMail(member.email, ['訂單已取消', o.orderNo])).text).toContain('未於');

    const second = await sweepUnpaidOrders(new Date());
    expect(second.cancelled).not.toContain(overdue);
    expect(await stockOf(productId)).toBe(6);
    expect((await adminDb().doc(`orders/${paid}`).get()).data()!.status).toBe('preparing');
  });

  it('a refund returns stock exactly once; disallowed transitions answer 409 INVALID_TRANSITION', async () => {
    const productId = await fixtureProduct({ qty: 5 });
    const orderId = newOrderId();
    expect((await place(member, orderId, body([{ productId, qty: 3 }]))).status).toBe(201);
    expect(await stockOf(productId)).toBe(2);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => changeOrderStatus({ orderId, to: 'refunded', by: 'test' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(productId)).toBe(5);
    await expect(changeOrderStatus({ orderId, to: 'preparing', by: 'test' })).rejects.toMatchObject({ kind: 'conflict', key: 'INVALID_TRANSITION' });
    await expect(changeOrderStatus({ orderId: newOrderId(), to: 'refunded', by: 'test' })).rejects.toMatchObject({ kind: 'notFound' });
    const shippedId = newOrderId();
    expect((await place(member, shippedId, body([{ productId, qty: 1 }]))).status).toBe(201);
    await changeOrderStatus({ orderId: shippedId, to: 'preparing', by: 'test' });
    await changeOrderStatus({ orderId: shippedId, to: 'shipped', by: 'test', delivery: { company: '中華郵政', trackingNo: 'EE123', trackingUrl: '' } });
    expect(await stockOf(productId)).toBe(4);
  });
});

describe('placeOrder() as the group orders call it', () => {
  it('prices from the plan, enforces maxPerOrder, places guest orders and keeps the plan progress', async () => {
    const productId = await fixtureProduct({ qty: 10, salePrice: 900 });
    const planId = uniq('plan');
    const pricing: Pricing = async (ids) => new Map(ids.filter((id) => id === productId).map((id) => [id, { productId: id, name: '團購測試書', unitPrice: 700, maxPerOrder: 3 }]));
    const input = { ...body([{ productId, qty: 2 }]), buyer: '陳小華', email: 'guest@example.com' };
    const params = { orderId: newOrderId(), userId: null, planId, input, buyer: input.buyer, email: input.email, pricing, actor: 'guest' };

    const first = await placeOrder(params);
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ userId: null, planId, buyer: '陳小華', email: 'guest@example.com', itemsTotal: 1400, totalPrice: 1400 });
    expect((await placeOrder(params)).created).toBe(false);
    await expect(placeOrder({ ...params, input: { ...input, buyer: '別人' } })).rejects.toMatchObject({ kind: 'conflict', key: 'ORDER_CONFLICT' });
    await expect(placeOrder({ ...params, orderId: newOrderId(), input: { ...input, items: [{ productId, qty: 4 }] } })).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ path: 'body.items.0.qty', message: '每筆訂單最多 3 本' }],
    });
    // A closed plan refuses a new order but still answers the retry of one that landed in time.
    await expect(placeOrder({ ...params, orderId: newOrderId(), refuseNew: conflictPlanClosed() })).rejects.toMatchObject({ kind: 'conflict', key: 'PLAN_CLOSED' });
    expect((await placeOrder({ ...params, refuseNew: conflictPlanClosed() })).created).toBe(false);
    expect(await stockOf(productId)).toBe(8);
    expect((await adminDb().doc(`planProgress/${planId}`).get()).data()).toMatchObject({ orders: 1, copies: 2 });
    expect((await adminDb().doc(`mail/${params.orderId}-placed`).get()).data()?.to).toBe('guest@example.com');

    await changeOrderStatus({ orderId: params.orderId, to: 'refunded', by: 'test' });
    expect(await stockOf(productId)).toBe(10);
    expect((await adminDb().doc(`planProgress/${planId}`).get()).data()).toMatchObject({ orders: 0, copies: 0 });
  });
});

describe('GET /api/settings/shop', () => {
  it('serves the public shop settings with a CDN cache header', async () => {
    const res = await request(app).get('/api/settings/shop');
    expect(res.status).toBe(200);
    expect(res.body.bank).toMatchObject({ name: expect.any(String), account: expect.any(String) });
    expect(res.body.paymentDueDays).toBe(3);
    // The fee an order pays, from the rule that prices orders: the demo shop ships free within Taiwan.
    expect(res.body.shipping.freeWithinTaiwan).toBe(true);
    expect(res.body.shippingFee).toBe(0);
    expect(res.headers['cache-control']).toMatch(/public.*s-maxage=\d+/);
  });
});

describe('through Hosting and the Functions emulator', () => {
  it('places an order (201), replays it (200) and refuses a different body (409)', async () => {
    const productId = await fixtureProduct({ qty: 3 });
    const orderId = newOrderId();
    const send = (payload: unknown) =>
      fetch(`${HOSTING_URL}/api/order/${member.uid}/${orderId}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.idToken}` },
        body: JSON.stringify(payload),
      });
    const first = await send(body([{ productId, qty: 1 }]));
    expect(first.status).toBe(201);
    const order = (await first.json()) as { orderNo: string };
    const again = await send(body([{ productId, qty: 1 }]));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { orderNo: string }).orderNo).toBe(order.orderNo);
    const different = await send(body([{ productId, qty: 2 }]));
    expect(different.status).toBe(409);
    expect(await stockOf(productId)).toBe(2);
    const tooBig = await send(body([{ productId, qty: 1 }], { remark: 'x'.repeat(70 * 1024) }));
    expect(tooBig.status).toBe(413);

    // The lookup's rate limiter must cope with the Functions runtime's request (no req.ip there).
    const lookup = (payload: unknown) =>
      fetch(`${HOSTING_URL}/api/order/lookup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    const found = await lookup({ orderNo: order.orderNo, email: member.email });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { orderNo: string }).orderNo).toBe(order.orderNo);
    const wrong = await lookup({ orderNo: order.orderNo, email: 'nobody@example.com' });
    expect(wrong.status).toBe(404);
    expectCatalogueBody((await wrong.json()) as Record<string, unknown>, 404, 'Not Found, No record found');
  });
});
