import request from 'supertest';
import { taiwanDay } from '../../functions/src/contracts/format';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firebase';
import { adminDb, createTestUser, uniq, type TestUser } from '../helpers/emulators';
import { app, bookInput as sharedBookInput, contact, doc, newOrderId, planInput as sharedPlanInput, shopOrder as placeShopOrder } from '../helpers/owner-fixtures';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';
import { ROUTE_BODIES } from '../helpers/route-samples';
import { ROUTE_LIST } from '../../functions/src/contracts/routes';

// The shop owner's console: every /api/admin call for anonymous (401), member (403) and
// owner; status changes along the domain's moves (functions/src/domain/order.ts) with their mail; stock returned once; catalogue,
// stock movements, campaigns and the CSV export; each bad input answers 4xx and writes nothing.
// Fixtures are unique per run (uniq()); the demo shop's data is never changed.

let member: TestUser;
let owner: TestUser;

beforeAll(async () => {
  await db();
  [member, owner] = await Promise.all([
    createTestUser({ emailVerified: true, displayName: '林測試' }),
    createTestUser({ emailVerified: true, admin: true, displayName: '店長' }),
  ]);
});

const asOwner = (r: request.Test) => r.set('Authorization', `Bearer ${owner.idToken}`);
const get = (path: string) => asOwner(request(app).get(`/api/admin${path}`));
const post = (path: string, body: unknown) => asOwner(request(app).post(`/api/admin${path}`)).send(body as object);
const put = (path: string, body: unknown) => asOwner(request(app).put(`/api/admin${path}`)).send(body as object);
const patch = (path: string, body: unknown) => asOwner(request(app).patch(`/api/admin${path}`)).send(body as object);

const stockOf = async (productId: string) => (await doc(`stock/${productId}`))?.qty as number | undefined;

/** The shared fixture book with what this suite checks on the way: a preview image, notices, an erratum. */
const bookInput = (productId: string, extra: Record<string, unknown> = {}) =>
  sharedBookInput(productId, {
    previewImages: ['/images/books/test-1.jpg'],
    isNew: true,
    notice: ['注意事項'],
    erratum: [{ chapter: '第一章', title: '錯字', content: ['第 3 頁'], postDate: '2026-04-01' }],
    ...extra,
  });

/** A book with stock, created through the console itself. */
async function fixtureBook(qty: number, extra: Record<string, unknown> = {}) {
  const productId = uniq('abook');
  const res = await post('/products', bookInput(productId, extra));
  expect(res.status).toBe(201);
  const s = await put(`/stock/${productId}`, { qty, reason: '測試進貨' });
  expect(s.status).toBe(200);
  return productId;
}

const shopOrder = (productId: string, qty = 1, extra: Record<string, unknown> = {}) => placeShopOrder(member, productId, qty, extra);

/** The shared fixture plan with every optional field filled in (a real banner, pickup and payment notes), as the owner writes one. */
const planInput = (planId: string, products: Parameters<typeof sharedPlanInput>[1], extra: Record<string, unknown> = {}) =>
  sharedPlanInput(planId, products, {
    title: '後台測試團購',
    bannerImg: { pc: '/images/banner/cpa-south-pc.svg', mobile: '/images/banner/cpa-south-mobile.svg' },
    pickupNotes: '公會辦公室自取',
    paymentNotes: '三日內匯款',
    ...extra,
  });

async function groupOrder(planId: string, items: { productId: string; qty: number }[], extra: Record<string, unknown> = {}) {
  const orderId = newOrderId();
  const res = await request(app)
    .patch(`/api/groupOrder/${planId}/${orderId}`)
    .send({ items, buyer: '陳團購', email: `${uniq('buyer')}@example.com`, ...contact(), ...extra });
  expect(res.status).toBe(201);
  return res.body as { orderId: string; orderNo: string; totalPrice: number };
}

describe('access', () => {
  // Well-formed ids for the owner routes' path parameters, known or not: access is judged before anything is read.
  const SAMPLE_IDS: Record<string, string> = {
    productId: 'company-registration-guide',
    planId: 'cpaSouth',
    orderId: 'abcdefghijklmnop1234',
    inquiryId: 'accessInquiry0001',
    linkId: 'accessLink0001',
  };
  /** Every route declared owner-only (functions/src/contracts/routes.ts), with the sample body (tests/helpers/route-samples.ts) where it takes one. */
  const ownerRoutes = ROUTE_LIST.filter((r) => r.access === 'owner').map((r) => ({
    operationId: r.operationId,
    method: r.method,
    path: r.path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_IDS[name] ?? `{${name}}`),
    body: r.body ? ROUTE_BODIES[r.operationId]?.() : undefined,
    needsBody: !!r.body,
  }));

  it('covers every owner route with well-formed ids and a sample body', () => {
    expect(ownerRoutes.length).toBeGreaterThan(0);
    expect(ownerRoutes.filter((r) => r.path.includes('{') || (r.needsBody && r.body === undefined)).map((r) => r.operationId)).toEqual([]);
  });

  it.each(ownerRoutes)('$method $path: 401 anonymous, 403 member', async ({ method, path, body }) => {
    const anon = request(app)[method](path);
    const a = body === undefined ? await anon : await anon.send(body);
    expect(a.status).toBe(401);
    expectCatalogueBody(a.body, 401, 'Unauthorized');

    const m = request(app)[method](path).set('Authorization', `Bearer ${member.idToken}`);
    const b = body === undefined ? await m : await m.send(body);
    expect(b.status).toBe(403);
    expectCatalogueBody(b.body, 403, 'Permission denied');
  });

  it('a forged token is 401', async () => {
    const res = await request(app).get('/api/admin/orders').set('Authorization', 'Bearer not-a-token');
    expectCatalogueBody(res.body, 401, 'Unauthorized');
  });
});

describe('order status changes', () => {
  it('marks paid only when the digits and the amount match, then ships, with history and mail', async () => {
    const book = await fixtureBook(5);
    const order = await shopOrder(book, 2);
    expect(await stockOf(book)).toBe(3);

    const wrong = await post(`/orders/${order.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: order.totalPrice + 1 });
    expect(wrong.status).toBe(400);
    expectCatalogueBody(wrong.body, 400, 'Bad Request');
    expect(wrong.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['amount', 'bankAccountNo']);
    expect((await doc(`orders/${order.orderId}`))!.status).toBe('awaitingPayment');
    expect(await doc(`mail/${order.orderId}-preparing`)).toBeUndefined();

    // 待匯款 → 已發貨 skips a step: 409, nothing written.
    const jump = await post(`/orders/${order.orderId}/status`, {
      status: 'shipped',
      delivery: { company: '中華郵政', trackingNo: 'RR123456789TW', trackingUrl: 'https://postserv.post.gov.tw/' },
    });
    expect(jump.status).toBe(409);
    expectCatalogueBody(jump.body, 409, 'INVALID_TRANSITION');
    const still = (await doc(`orders/${order.orderId}`))!;
    expect(still.status).toBe('awaitingPayment');
    expect(still.delivery).toBeNull();
    expect(still.statusHistory).toHaveLength(1);
    expect(await doc(`mail/${order.orderId}-shipped`)).toBeUndefined();

    const paid = await post(`/orders/${order.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: order.totalPrice });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('preparing');
    const last = paid.body.statusHistory.at(-1);
    expect(last).toMatchObject({ status: 'preparing', by: `owner:${owner.email}` });
    expect(last.note).toContain('54321');
    expect(Date.parse(last.at)).toBeGreaterThan(Date.now() - 60_000);
    const paidMail = await doc(`mail/${order.orderId}-preparing`);
    expect(paidMail).toMatchObject({ to: member.email });
    expect(paidMail!.message.subject).toContain('匯款');
    expect(paidMail!.message.text).toContain(order.orderNo);
    expect(paidMail!.message.html).toContain(order.orderNo);

    const badShip = await post(`/orders/${order.orderId}/status`, { status: 'shipped', delivery: { company: '中華郵政', trackingNo: 'RR1', trackingUrl: 'javascript:alert(1)' } });
    expect(badShip.status).toBe(400);
    expectCatalogueBody(badShip.body, 400, 'Bad Request');
    expect((await doc(`orders/${order.orderId}`))!.status).toBe('preparing');

    const missing = await post(`/orders/${order.orderId}/status`, { status: 'shipped', delivery: { company: '中華郵政', trackingUrl: 'https://t.example/1' } });
    expect(missing.status).toBe(400);

    const delivery = { company: '中華郵政', trackingNo: 'RR123456789TW', trackingUrl: 'https://postserv.post.gov.tw/pstmail/main_mail.html?RR123456789TW' };
    const shipped = await post(`/orders/${order.orderId}/status`, { status: 'shipped', delivery });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', delivery });
    expect(shipped.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(['awaitingPayment', 'preparing', 'shipped']);
    const shipMail = await doc(`mail/${order.orderId}-shipped`);
    expect(shipMail!.message.text).toContain('RR123456789TW');
    expect(shipMail!.message.html).toContain('href="https://postserv.post.gov.tw/pstmail/main_mail.html?RR123456789TW"');
    expect(await stockOf(book)).toBe(3);

    // The member sees it through the orders API.
    const mine = await request(app).get(`/api/order/${member.uid}/${order.orderId}`).set('Authorization', `Bearer ${member.idToken}`);
    expect(mine.body).toMatchObject({ status: 'shipped', delivery });

    // Back to a previous status is refused; a refund after shipping returns the stock.
    const back = await post(`/orders/${order.orderId}/status`, { status: 'awaitingPayment' });
    expectCatalogueBody(back.body, 409, 'INVALID_TRANSITION');
    // Whether the books come back is the owner's to say (issue 35): without it, 400 and nothing changed.
    const unsaid = await post(`/orders/${order.orderId}/status`, { status: 'refunded', note: '客戶退貨' });
    expectCatalogueBody(unsaid.body, 400, 'Bad Request');
    expect(unsaid.body.details).toEqual([expect.objectContaining({ path: 'restock', message: '請選擇書是否退回庫存' })]);
    expect(await stockOf(book)).toBe(3);
    const refunded = await post(`/orders/${order.orderId}/status`, { status: 'refunded', note: '客戶退貨', restock: 'return' });
    expect(refunded.status).toBe(200);
    expect(await stockOf(book)).toBe(5);
    expect((await doc(`mail/${order.orderId}-refunded`))!.message.text).toContain('客戶退貨');
  });

  it('accepts any digits for an order placed with 00000, and records them', async () => {
    const book = await fixtureBook(2);
    const order = await shopOrder(book, 1, { bankAccountNo: '00000' });
    const wrongAmount = await post(`/orders/${order.orderId}/status`, { status: 'preparing', bankAccountNo: '77777', amount: 1 });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.details.map((d: { path: string }) => d.path)).toEqual(['amount']);
    const ok = await post(`/orders/${order.orderId}/status`, { status: 'preparing', bankAccountNo: '77777', amount: order.totalPrice });
    expect(ok.status).toBe(200);
    expect(ok.body.statusHistory.at(-1).note).toContain('77777');
  });

  it('cancelling twice returns the stock once, one after the other and at the same time', async () => {
    const book = await fixtureBook(10);
    const a = await shopOrder(book, 3);
    const b = await shopOrder(book, 2);
    expect(await stockOf(book)).toBe(5);

    const first = await post(`/orders/${a.orderId}/status`, { status: 'cancelledUnpaid', note: '客戶來電取消' });
    expect(first.status).toBe(200);
    expect(await stockOf(book)).toBe(8);
    const again = await post(`/orders/${a.orderId}/status`, { status: 'cancelledUnpaid' });
    expect(again.status).toBe(409);
    expectCatalogueBody(again.body, 409, 'INVALID_TRANSITION');
    const refundAfter = await post(`/orders/${a.orderId}/status`, { status: 'refunded' });
    expect(refundAfter.status).toBe(409);
    expect(await stockOf(book)).toBe(8);
    expect((await doc(`mail/${a.orderId}-cancelledUnpaid`))!.message.text).toContain('客戶來電取消');

    const both = await Promise.all([
      post(`/orders/${b.orderId}/status`, { status: 'cancelledUnpaid' }),
      post(`/orders/${b.orderId}/status`, { status: 'cancelledUnpaid' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(book)).toBe(10);
    expect((await doc(`orders/${b.orderId}`))!.statusHistory).toHaveLength(2);
  });

  it('unknown orders are 404 and bad bodies 400', async () => {
    const none = await post('/orders/abcdefghijklmnop1234/status', { status: 'refunded' });
    expectCatalogueBody(none.body, 404, 'Not Found, No record found');
    expectCatalogueBody((await get('/orders/abcdefghijklmnop1234')).body, 404, 'Not Found, No record found');
    const bad = await post('/orders/abcdefghijklmnop1234/status', { status: 'lost' });
    expectCatalogueBody(bad.body, 400, 'Bad Request');
    const badId = await get('/orders/x');
    expectCatalogueBody(badId.body, 400, 'Bad Request');
  });
});

describe('orders table and payments queue', () => {
  it('filters by status, plan, date and search, and pages with a cursor', async () => {
    const book = await fixtureBook(50);
    const planId = uniq('aplan');
    expect((await post('/plans', planInput(planId, [{ productId: book, groupPrice: 700 }]))).status).toBe(201);
    const name = `買家${uniq('n').replace(/[^a-z]/g, '')}`;
    const email = `${uniq('buyer')}@example.com`;
    const shop = await Promise.all([1, 2, 3].map(() => shopOrder(book, 1, { receiver: { name, address: '臺北市大安區羅斯福路四段 1 號' }, phone: '02-2345-6789' })));
    const grp = await groupOrder(planId, [{ productId: book, qty: 2 }], { buyer: name, email });
    await post(`/orders/${shop[0]!.orderId}/status`, { status: 'cancelledUnpaid' });

    const byName = await get(`/orders?q=${encodeURIComponent(name)}&limit=50`);
    expect(byName.status).toBe(200);
    expect(byName.body.orders.map((o: { orderId: string }) => o.orderId).sort()).toEqual([...shop.map((o) => o.orderId), grp.orderId].sort());
    const times = byName.body.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byNo = await get(`/orders?q=${shop[1]!.orderNo.toLowerCase()}`);
    expect(byNo.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([shop[1]!.orderId]);
    const byEmail = await get(`/orders?q=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([grp.orderId]);
    const byPhone = await get(`/orders?q=0223456789&planId=shop&limit=100`);
    expect(byPhone.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual(expect.arrayContaining(shop.map((o) => o.orderId)));

    const ofPlan = await get(`/orders?planId=${planId}`);
    expect(ofPlan.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([grp.orderId]);
    const cancelled = await get(`/orders?q=${encodeURIComponent(name)}&status=cancelledUnpaid`);
    expect(cancelled.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([shop[0]!.orderId]);
    const shopOnly = await get(`/orders?q=${encodeURIComponent(name)}&planId=shop&status=awaitingPayment`);
    expect(shopOnly.body.orders).toHaveLength(2);

    const today = taiwanDay(Date.now());
    const inRange = await get(`/orders?q=${encodeURIComponent(name)}&from=${today}&to=${today}`);
    expect(inRange.body.orders).toHaveLength(4);
    const past = await get(`/orders?q=${encodeURIComponent(name)}&from=2020-01-01&to=2020-01-31`);
    expect(past.body.orders).toHaveLength(0);
    const datedPlan = await get(`/orders?planId=${planId}&from=${today}&to=${today}&status=awaitingPayment`);
    expect(datedPlan.body.orders).toHaveLength(1);

    // Paging: 2 + 2, no overlap, same set as one page.
    const p1 = await get(`/orders?q=${encodeURIComponent(name)}&limit=2`);
    expect(p1.body.orders).toHaveLength(2);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await get(`/orders?q=${encodeURIComponent(name)}&limit=2&cursor=${p1.body.nextCursor}`);
    expect(p2.body.orders).toHaveLength(2);
    expect(p2.body.nextCursor).toBeNull();
    const paged = [...p1.body.orders, ...p2.body.orders].map((o: { orderId: string }) => o.orderId);
    expect(paged).toEqual(byName.body.orders.map((o: { orderId: string }) => o.orderId));

    // Unfiltered paging by cursor (a Firestore query per page).
    const u1 = await get('/orders?limit=3');
    expect(u1.body.orders).toHaveLength(3);
    const u2 = await get(`/orders?limit=3&cursor=${u1.body.nextCursor}`);
    expect(u2.status).toBe(200);
    expect(u2.body.orders[0].createdAt <= u1.body.orders[2].createdAt).toBe(true);
    expect(u2.body.orders.map((o: { orderId: string }) => o.orderId)).not.toContain(u1.body.orders[2].orderId);
  });

  it('refuses bad filters', async () => {
    for (const q of ['status=lost', 'from=2026-13-45', 'from=2026-05-02&to=2026-05-01', 'limit=0', 'limit=1000', 'cursor=%%%', 'planId=a/b']) {
      const res = await get(`/orders?${q}`);
      expect(res.status, q).toBe(400);
      expectCatalogueBody(res.body, 400, 'Bad Request');
    }
  });

  it('lists payments to check, oldest first, with amount, digits and deadline', async () => {
    const book = await fixtureBook(5);
    const a = await shopOrder(book, 1);
    const b = await shopOrder(book, 2);
    const res = await get('/payments');
    expect(res.status).toBe(200);
    const rows = res.body as { orderId: string; paymentDueAt: string; totalPrice: number; bankAccountNo: string; overdue: boolean; status?: string }[];
    const dues = rows.map((r) => r.paymentDueAt);
    expect([...dues].sort()).toEqual(dues);
    const ia = rows.findIndex((r) => r.orderId === a.orderId);
    const ib = rows.findIndex((r) => r.orderId === b.orderId);
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ib).toBeGreaterThan(ia);
    expect(rows[ib]).toMatchObject({ totalPrice: b.totalPrice, bankAccountNo: '54321', overdue: false });
    await post(`/orders/${a.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: a.totalPrice });
    const after = await get('/payments');
    expect(after.body.map((r: { orderId: string }) => r.orderId)).not.toContain(a.orderId);
  });
});

describe('catalogue and stock', () => {
  it('creates a book with every field, edits, hides and launches it, invalidating the shop cache', async () => {
    const productId = uniq('abook');
    const created = await post('/products', bookInput(productId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ productId, listPrice: 1000, salePrice: 850, stock: 0, erratum: [{ chapter: '第一章' }] });
    expect(await stockOf(productId)).toBe(0);
    expect((await request(app).get(`/api/products/detail/${productId}`)).status).toBe(200);

    const edited = await put(`/products/${productId}`, { ...bookInput(productId), productId: undefined, name: '改過的書名', salePrice: 800 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: '改過的書名', salePrice: 800 });
    expect((await request(app).get(`/api/products/detail/${productId}`)).body.name).toBe('改過的書名');

    const hidden = await patch(`/products/${productId}/launch`, { launched: false });
    expect(hidden.body.launched).toBe(false);
    expect((await request(app).get(`/api/products/detail/${productId}`)).status).toBe(404);
    expect((await get(`/products/${productId}`)).body.launched).toBe(false);
    const list = await get('/products');
    expect(list.body.find((p: { productId: string }) => p.productId === productId)).toMatchObject({ launched: false, stock: 0 });
    await patch(`/products/${productId}/launch`, { launched: true });
    expect((await request(app).get(`/api/products/detail/${productId}`)).status).toBe(200);
  });

  it('refuses an existing id, negative prices and bad fields, writing nothing', async () => {
    const productId = await fixtureBook(4);
    const before = await doc(`products/${productId}`);
    const dup = await post('/products', bookInput(productId, { name: '覆蓋' }));
    expect(dup.status).toBe(409);
    expectCatalogueBody(dup.body, 409, 'ALREADY_EXISTS');
    expect(await doc(`products/${productId}`)).toEqual(before);
    expect(await stockOf(productId)).toBe(4);
    const demo = await post('/products', bookInput('company-registration-guide'));
    expectCatalogueBody(demo.body, 409, 'ALREADY_EXISTS');

    const fresh = uniq('abook');
    for (const bad of [{ listPrice: -1 }, { salePrice: -100 }, { salePrice: 1.5 }, { name: '' }, { bookIntroduction: undefined }]) {
      const res = await post('/products', bookInput(fresh, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expectCatalogueBody(res.body, 400, 'Bad Request');
    }
    expect(await doc(`products/${fresh}`)).toBeUndefined();
    expect(await doc(`stock/${fresh}`)).toBeUndefined();
    const badId = await post('/products', bookInput('a/b'));
    expect(badId.status).toBe(400);

    const negEdit = await put(`/products/${productId}`, { ...bookInput(productId), productId: undefined, salePrice: -5 });
    expectCatalogueBody(negEdit.body, 400, 'Bad Request');
    expect(await doc(`products/${productId}`)).toEqual(before);
    const noBook = await put(`/products/${uniq('none')}`, { ...bookInput('x'), productId: undefined });
    expectCatalogueBody(noBook.body, 404, 'Not Found, No record found');
    expectCatalogueBody((await patch(`/products/${uniq('none')}/launch`, { launched: true })).body, 404, 'Not Found, No record found');
  });

  it('sets stock with a reason and keeps a movement log', async () => {
    const productId = await fixtureBook(4);
    const res = await put(`/stock/${productId}`, { qty: 9, reason: '再刷到貨' });
    expect(res.status).toBe(200);
    expect(res.body.qty).toBe(9);
    expect(await stockOf(productId)).toBe(9);
    const log = await get(`/stock/${productId}/movements`);
    expect(log.body[0]).toMatchObject({ productId, before: 4, after: 9, delta: 5, reason: '再刷到貨', by: `owner:${owner.email}` });
    expect(log.body[1]).toMatchObject({ before: 0, after: 4, delta: 4, reason: '測試進貨' });

    for (const bad of [{ qty: -1, reason: '盤點' }, { qty: 1.5, reason: '盤點' }, { qty: 3 }, { qty: 3, reason: '  ' }]) {
      const r = await put(`/stock/${productId}`, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expectCatalogueBody(r.body, 400, 'Bad Request');
    }
    expect(await stockOf(productId)).toBe(9);
    expect((await get(`/stock/${productId}/movements`)).body).toHaveLength(2);
    const none = await put(`/stock/${uniq('none')}`, { qty: 1, reason: '盤點' });
    expectCatalogueBody(none.body, 404, 'Not Found, No record found');
  });
});

describe('campaigns', () => {
  it('creates, edits, launches and reads a plan with progress, orders and totals', async () => {
    const a = await fixtureBook(30);
    const b = await fixtureBook(30);
    const planId = uniq('aplan');
    const created = await post('/plans', planInput(planId, [{ productId: a, groupPrice: 700, maxPerOrder: 5 }, { productId: b, groupPrice: 600 }]));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plan: { planId, minQuantity: 5, launched: true }, progress: { orders: 0, copies: 0, minQuantity: 5 }, isOpen: true });
    expect(await doc(`planProgress/${planId}`)).toMatchObject({ orders: 0, copies: 0, minQuantity: 5 });
    expect((await request(app).get(`/api/groupBuying/${planId}`)).status).toBe(200);

    await groupOrder(planId, [{ productId: a, qty: 2 }, { productId: b, qty: 1 }], { receiver: { name: '甲', address: '高雄市前金區中正四路 211 號' } });
    await groupOrder(planId, [{ productId: a, qty: 1 }], { receiver: { name: '乙', address: '高雄市前金區中正四路 211 號' } });
    const c = await groupOrder(planId, [{ productId: b, qty: 3 }], { receiver: { name: '丙', address: '高雄市苓雅區四維三路 2 號' } });
    await post(`/orders/${c.orderId}/status`, { status: 'cancelledUnpaid' });

    const detail = await get(`/plans/${planId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.orders).toHaveLength(3);
    expect(detail.body.progress).toMatchObject({ orders: 2, copies: 4 });
    expect(detail.body.bookTotals).toEqual(
      expect.arrayContaining([expect.objectContaining({ productId: a, qty: 3, amount: 2100 }), expect.objectContaining({ productId: b, qty: 1, amount: 600 })]),
    );
    expect(detail.body.pickupTotals).toEqual([expect.objectContaining({ pickup: '郵寄', orders: 2, copies: 4, amount: 2700 })]);

    const edited = await put(`/plans/${planId}`, { ...planInput(planId, [{ productId: a, groupPrice: 650 }]), planId: undefined, title: '改名團購', minQuantity: undefined });
    expect(edited.status).toBe(200);
    expect(edited.body.plan).toMatchObject({ title: '改名團購', products: [{ productId: a, groupPrice: 650 }] });
    expect(edited.body.plan.minQuantity).toBeUndefined();
    expect(edited.body.progress.minQuantity).toBeNull();

    const hidden = await patch(`/plans/${planId}/launch`, { launched: false });
    expect(hidden.body).toMatchObject({ isOpen: false, plan: { launched: false } });
    expect((await request(app).get(`/api/groupBuying/${planId}`)).status).toBe(404);
    const list = await get('/plans');
    expect(list.body.find((p: { plan: { planId: string } }) => p.plan.planId === planId)).toBeTruthy();

    // Closing early: an edit may move the closing date into the past.
    const closed = await put(`/plans/${planId}`, { ...planInput(planId, [{ productId: a, groupPrice: 650 }]), planId: undefined, closingDate: new Date(Date.now() - 60_000).toISOString() });
    expect(closed.status).toBe(200);
  });

  it('refuses a past closing date for a new plan, an existing id, unknown books and bad prices, writing nothing', async () => {
    const a = await fixtureBook(3);
    const planId = uniq('aplan');
    const past = await post('/plans', planInput(planId, [{ productId: a, groupPrice: 500 }], { closingDate: '2020-01-01T00:00:00+08:00' }));
    expectBadRequestAt(past, 'body.closingDate');
    expect(await doc(`groupBuyingPlans/${planId}`)).toBeUndefined();
    expect(await doc(`planProgress/${planId}`)).toBeUndefined();

    for (const bad of [
      { products: [{ productId: a, groupPrice: -1 }] },
      { products: [] },
      { products: [{ productId: a, groupPrice: 1 }, { productId: a, groupPrice: 2 }] },
      { products: [{ productId: uniq('nobook'), groupPrice: 100 }] },
      { closingDate: 'tomorrow' },
      { minQuantity: 0 },
      { title: '' },
    ]) {
      const res = await post('/plans', planInput(planId, [{ productId: a, groupPrice: 500 }], bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expectCatalogueBody(res.body, 400, 'Bad Request');
    }
    expect(await doc(`groupBuyingPlans/${planId}`)).toBeUndefined();

    const before = await doc('groupBuyingPlans/cpaSouth');
    const dup = await post('/plans', planInput('cpaSouth', [{ productId: a, groupPrice: 500 }]));
    expect(dup.status).toBe(409);
    expectCatalogueBody(dup.body, 409, 'ALREADY_EXISTS');
    expect(await doc('groupBuyingPlans/cpaSouth')).toEqual(before);

    expectCatalogueBody((await put(`/plans/${uniq('none')}`, { ...planInput('x', [{ productId: a, groupPrice: 1 }]), planId: undefined })).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await get(`/plans/${uniq('none')}`)).body, 404, 'Not Found, No record found');
  });

  it('exports a plan as CSV: BOM, Chinese header, one row per line, totals and safe cells', async () => {
    const a = await fixtureBook(30, { name: '公司登記實務, "第二版"' });
    const b = await fixtureBook(30, { name: '稅務手冊' });
    const planId = uniq('aplan');
    await post('/plans', planInput(planId, [{ productId: a, groupPrice: 700 }, { productId: b, groupPrice: 500 }]));
    const formula = await groupOrder(planId, [{ productId: a, qty: 2 }, { productId: b, qty: 1 }], {
      remark: '第一行\n第二行, 有逗號',
      receiver: { name: '王', address: '高雄市前金區中正四路 211 號' },
    });
    // Names are letters only now (contracts/common.ts personNameSchema); orders from before hold anything.
    await adminDb().doc(`orders/${formula.orderId}`).update({ buyer: '=HYPERLINK("http://evil")', 'receiver.name': '+886 王' });
    // Addresses are in an address's shape now (contracts/common.ts addressSchema); orders from before hold anything.
    const atSign = await groupOrder(planId, [{ productId: b, qty: 4 }], { receiver: { name: '李', address: '高雄市苓雅區四維三路 2 號' } });
    await adminDb().doc(`orders/${atSign.orderId}`).update({ 'receiver.address': '@高雄市苓雅區四維三路' });
    const cancelled = await groupOrder(planId, [{ productId: a, qty: 5 }]);
    await post(`/orders/${cancelled.orderId}/status`, { status: 'cancelledUnpaid' });

    const res = await get(`/plans/${planId}/orders.csv`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('訂單號碼,訂單日期,訂單狀態,訂購人,電子郵件,電話,收件人,取貨地點,收件地址,統一編號,發票抬頭,匯款帳號末五碼,書籍編號,書名,數量,單價,小計,運費,訂單總額,備註,已取貨,團主回饋');
    // Formula-looking cells get a leading apostrophe; quotes, commas and newlines are quoted.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`'+886 王`);
    expect(text).toContain(`'@高雄市苓雅區四維三路`);
    expect(text).toContain('"第一行\n第二行, 有逗號"');
    expect(text).toContain(`"公司登記實務, ""第二版"""`);
    expect(text).not.toMatch(/(^|,)[=+@]/m);
    // 2 + 1 + 1 order lines (the cancelled order is listed with its status).
    expect(text.match(/未匯款，訂單取消/g)).toHaveLength(1);
    expect(lines.filter((l) => l.includes(`,${a},`) || l.includes(`,${b},`)).length).toBe(4);
    expect(text).toContain('各書合計（不含已取消、已退款訂單）');
    expect(text).toContain(`${a},"公司登記實務, ""第二版""",2,1400`);
    expect(text).toContain(`${b},稅務手冊,5,2500`);
    expect(text).toContain('總計,,7,3900');
    expect(text).toContain('各取貨地點合計（不含已取消、已退款訂單）');
    expect(text).toContain(`取貨地點,訂單數,"公司登記實務, ""第二版""",稅務手冊,總冊數,金額`);
    // Posted orders add up under 郵寄, never one row per address.
    expect(text).toContain('郵寄,2,2,5,7,3900');
  });

  it('CSV of an unknown plan is 404 with the catalogue body', async () => {
    const res = await get(`/plans/${uniq('none')}/orders.csv`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectCatalogueBody(res.body, 404, 'Not Found, No record found');
  });
});
