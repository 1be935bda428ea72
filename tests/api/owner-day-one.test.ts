import { beforeAll, describe, expect, it } from 'vitest';
import { taiwanDay } from '../../functions/src/contracts/format';
import type { StockMovement } from '../../functions/src/contracts/admin';
import type { BankProposal } from '../../functions/src/contracts/bank';
import { type Actors, doc, fixtureBook, type OwnerClient, ownerSession, shopOrder } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// What a new owner met on day one (issue 23): a stock log that adds up, bank matching on the end of
// the account, a payment check that does not give the digits away, and the rest below.

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
