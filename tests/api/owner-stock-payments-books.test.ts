import { beforeAll, describe, expect, it } from 'vitest';
import { taiwanDay } from '../../functions/src/contracts/format';
import type { StockMovement } from '../../functions/src/contracts/admin';
import type { BankProposal } from '../../functions/src/contracts/bank';
import request from 'supertest';
import { uniq } from '../helpers/emulators';
import { type Actors, app, bookInput, doc, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput, shopOrder } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// The owner's stock log, payments and books (found on a new owner's first day, issue 23): a stock log
// that adds up, bank matching on the end of the account, a payment check that does not give the digits
// away, a campaign's hidden books, the book form, the tracking correction mail and the rest below.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

const delivery = { company: '中華郵政', trackingNo: 'RR000000000TW', trackingUrl: 'https://postserv.post.gov.tw/x?RR000000000TW' };

describe('the stock log', () => {
  it('adds up after sales, an owner cancel and a refund kept out of stock, each with its real reason', async () => {
    const book = await fixtureBook(c, 20);
    const sold = await shopOrder(a.member, book, 1);
    const cancelled = await shopOrder(a.member, book, 2);
    const refunded = await shopOrder(a.member, book, 1);
    expect((await c.post(`/orders/${cancelled.orderId}/status`, { status: 'cancelledUnpaid' })).status).toBe(200);
    // A refund of an order that never shipped cannot keep its copies out: they never left.
    expect((await c.post(`/orders/${refunded.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: refunded.totalPrice })).status).toBe(200);
    const early = await c.post(`/orders/${refunded.orderId}/status`, { status: 'refunded', restock: 'damaged' });
    expectCatalogueBody(early.body, 400, 'Bad Request');
    expect(early.body.details).toEqual([expect.objectContaining({ path: 'restock' })]);
    expect((await c.post(`/orders/${refunded.orderId}/status`, { status: 'shipped', delivery })).status).toBe(200);
    const refund = await c.post(`/orders/${refunded.orderId}/status`, { status: 'refunded', restock: 'damaged', note: '書角破損' });
    expect(refund.status).toBe(200);
    expect(refund.body.statusHistory.at(-1).note).toContain('不退回庫存');

    const stock = (await doc(`stock/${book}`))!.qty as number;
    expect(stock).toBe(20 - 1 - 1); // the cancelled copies came back; the damaged one did not
    const log = (await c.get(`/stock/${book}/movements`)).body as StockMovement[];
    expect(log.map((m) => [m.delta, m.reason])).toEqual([
      [0, `訂單 ${refunded.orderNo} 退款，書已損壞，不退回庫存`],
      [2, `訂單 ${cancelled.orderNo} 店家取消，庫存退回`],
      [-1, `訂單 ${refunded.orderNo} 售出`],
      [-2, `訂單 ${cancelled.orderNo} 售出`],
      [-1, `訂單 ${sold.orderNo} 售出`],
      [20, '測試進貨'],
    ]);
    // 操作者 says who, not an id: the owner is 店長, a member's sale their name (issue 35 item 13).
    const name = ((await doc(`members/${a.member.uid}`))?.userName as string | undefined)?.trim() || '會員';
    expect(log.map((m) => m.who)).toEqual(['店長', '店長', name, name, name, '店長']);
    // Newest first: each line starts where the one below it ended, and the newest ends at the count.
    expect(log[0]!.after).toBe(stock);
    for (let i = 0; i < log.length - 1; i++) expect(log[i]!.before).toBe(log[i + 1]!.after);
    expect(log.at(-1)!.before).toBe(0);
  });
});

describe('bank matching', () => {
  it('matches the order digits only at the end of the statement account', async () => {
    const book = await fixtureBook(c, 3, { salePrice: 1000 + Math.floor(Math.random() * 8000) });
    const middle = await shopOrder(a.member, book, 1, { bankAccountNo: '12345' });
    const end = await shopOrder(a.member, book, 1, { bankAccountNo: '13579' });
    const res = await c.post('/bank/match', { deposits: [{ row: 2, date: taiwanDay(Date.now()), amount: middle.totalPrice, account: '0081234513579', occurrence: 0 }] });
    expect(res.status).toBe(200);
    const [p] = res.body as BankProposal[];
    expect(p!.candidates.map((x) => x.orderNo)).toEqual([end.orderNo]);
    expect(p!.kind).toBe('exact');
  });
});

describe('confirming a payment by hand', () => {
  it("refuses other digits without naming the order's, and records an honest payment from another account", async () => {
    const book = await fixtureBook(c, 2);
    const o = await shopOrder(a.member, book, 1, { bankAccountNo: '24680' });
    const wrong = await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: o.totalPrice });
    expectCatalogueBody(wrong.body, 400, 'Bad Request');
    expect(JSON.stringify(wrong.body)).not.toContain('24680');
    expect(wrong.body.details).toEqual([expect.objectContaining({ path: 'bankAccountNo' })]);
    expect((await doc(`orders/${o.orderId}`))!.status).toBe('awaitingPayment');

    // The amount is still checked when the account differs.
    const short = await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: o.totalPrice - 1, otherAccount: true });
    expect(short.status).toBe(400);
    const ok = await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: o.totalPrice, otherAccount: true });
    expect(ok.status).toBe(200);
    expect(ok.body.statusHistory.at(-1)).toMatchObject({ status: 'preparing', note: expect.stringContaining('由其他帳戶匯款') });
    expect(ok.body.statusHistory.at(-1).note).toContain('11111');
  });
});

describe('a campaign with a hidden book', () => {
  it('warns at save and lists its books with their state on the console page', async () => {
    const shown = await fixtureBook(c, 3);
    const hidden = await fixtureBook(c, 2, { launched: false });
    const planId = uniq('hplan');
    const created = await c.post('/plans', planInput(planId, [{ productId: shown, groupPrice: 500 }, { productId: hidden, groupPrice: 400 }]));
    expect(created.status).toBe(201);
    expect(created.body.hiddenBooks).toEqual([{ productId: hidden, name: `後台測試書 ${hidden}` }]);
    const detail = await c.get(`/plans/${planId}`);
    expect(detail.body.books).toEqual([
      { productId: shown, name: `後台測試書 ${shown}`, groupPrice: 500, launched: true, stock: 3 },
      { productId: hidden, name: `後台測試書 ${hidden}`, groupPrice: 400, launched: false, stock: 2 },
    ]);
    // Launched, the warning is gone on the next save.
    expect((await c.patch(`/products/${hidden}/launch`, { launched: true })).status).toBe(200);
    const again = await c.put(`/plans/${planId}`, { ...planInput(planId, [{ productId: shown, groupPrice: 500 }, { productId: hidden, groupPrice: 400 }]), planId: undefined });
    expect(again.status).toBe(200);
    expect(again.body.hiddenBooks).toEqual([]);
  });
});

describe('the book form', () => {
  it('refuses a cover outside /images/ and a sale price above the list price, at their fields', async () => {
    for (const [extra, path] of [
      [{ imgSrc: 'cover.jpg' }, 'body.imgSrc'],
      [{ imgSrc: '/cover.jpg' }, 'body.imgSrc'],
      [{ listPrice: 500, salePrice: 600 }, 'body.salePrice'],
    ] as const) {
      const id = uniq('vbook');
      const res = await c.post('/products', bookInput(id, extra));
      expectCatalogueBody(res.body, 400, 'Bad Request');
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([path]);
      expect(await doc(`products/${id}`)).toBeUndefined();
    }
    const book = await fixtureBook(c, 0);
    const edit = await c.put(`/products/${book}`, { ...bookInput(book), productId: undefined, salePrice: 2000 });
    expect(edit.body.details).toEqual([expect.objectContaining({ path: 'body.salePrice', message: '售價不能高於定價' })]);
  });

  it('takes a first count with a new book, logged as its first movement; a duplicate id is 409 and changes nothing', async () => {
    const id = uniq('sbook');
    const res = await c.post('/products', { ...bookInput(id), stock: 12 });
    expect(res.status).toBe(201);
    expect(res.body.stock).toBe(12);
    expect(await doc(`products/${id}`)).not.toHaveProperty('stock');
    const log = (await c.get(`/stock/${id}/movements`)).body as StockMovement[];
    expect(log.map((m) => [m.before, m.after, m.reason])).toEqual([[0, 12, '新書建立：初始庫存']]);
    const dup = await c.post('/products', { ...bookInput(id, { name: '另一本' }), stock: 3 });
    expectCatalogueBody(dup.body, 409, 'ALREADY_EXISTS');
    expect((await doc(`stock/${id}`))!.qty).toBe(12);
  });
});

describe("the owner's preview of a hidden book", () => {
  it('is read through the console route only: private, no-store; strangers and members get nothing', async () => {
    const hidden = await fixtureBook(c, 1, { launched: false });
    expect((await request(app).get(`/api/products/detail/${hidden}`)).status).toBe(404);
    const owner = await c.get(`/products/${hidden}`);
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ productId: hidden, launched: false });
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect((await request(app).get(`/api/admin/products/${hidden}`)).status).toBe(401);
    expect((await request(app).get(`/api/admin/products/${hidden}`).set('Authorization', `Bearer ${a.member.idToken}`)).status).toBe(403);
  });
});

describe('the tracking correction mail', () => {
  it('says it is a correction, what was wrong and the new number', async () => {
    const book = await fixtureBook(c, 1);
    const o = await shopOrder(a.member, book, 1);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: o.totalPrice })).status).toBe(200);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'shipped', delivery })).status).toBe(200);
    const fixed = { ...delivery, trackingNo: 'RR999999999TW', trackingUrl: 'https://postserv.post.gov.tw/x?RR999999999TW' };
    const res = await c.put(`/orders/${o.orderId}/delivery`, { delivery: fixed, note: '單號少打一碼' });
    expect(res.status).toBe(200);
    const mail = await doc(`mail/${o.orderId}-delivery-${res.body.statusHistory.length}`);
    const text = mail!.message.text as string;
    expect(mail!.message.subject).toContain('貨件資訊更正');
    expect(text).toContain('更正');
    expect(text).toContain('有誤');
    expect(text).toContain(`${delivery.trackingNo}`); // what was wrong
    expect(text).toContain('單號少打一碼');
    expect(text).toContain('RR999999999TW');
    expect(text).not.toContain('已經出貨（');
    expect(mail!.message.html).toContain('RR999999999TW');
  });
});

describe('the smaller ones', () => {
  it('a restock tells the owner how many waiting customers were mailed', async () => {
    const book = await fixtureBook(c, 0);
    for (const who of ['a', 'b']) {
      expect((await request(app).post('/api/stockAlerts').send({ productId: book, email: `${uniq(`wait-${who}`)}@example.com`.toLowerCase() })).status).toBe(200);
    }
    const res = await c.put(`/stock/${book}`, { qty: 4, reason: '再刷到貨' });
    expect(res.status).toBe(200);
    expect(res.body.alertsSent).toBe(2);
    expect((await c.put(`/stock/${book}`, { qty: 6, reason: '盤點' })).body.alertsSent).toBe(0);
  });

  it('a campaign whose only order was cancelled says it has orders (it cannot be deleted)', async () => {
    const book = await fixtureBook(c, 2);
    const planId = uniq('cplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }]))).body.hasOrders).toBe(false);
    const order = await groupOrder(planId, [{ productId: book, qty: 1 }]);
    expect(order.status).toBe(201);
    expect((await c.post(`/orders/${order.body.orderId}/status`, { status: 'cancelledUnpaid' })).status).toBe(200);
    const list = (await c.get('/plans')).body as { plan: { planId: string }; hasOrders: boolean; progress: { orders: number } }[];
    expect(list.find((s) => s.plan.planId === planId)).toMatchObject({ hasOrders: true, progress: { orders: 0 } });
    expectCatalogueBody((await c.del(`/plans/${planId}`)).body, 409, 'PLAN_HAS_ORDERS');
  });
});
