import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firebase';
import { actors, expectCatalogueBody, fixtureBook, ownerClient, shopOrder, type Actors, type OwnerClient } from '../helpers/owner-fixtures';

// The dashboard's figures: per Taiwan day, paid and awaiting orders and revenue, and orders by status,
// from aggregation queries (the numbers move with the status changes, no order is read).

let a: Actors;
let c: OwnerClient;

beforeAll(async () => {
  await db();
  a = await actors();
  c = ownerClient(a.owner);
});

describe('dashboard', () => {
  it("today's figures move when an order is placed and when it is paid", async () => {
    const before = await c.get('/dashboard?days=7');
    expect(before.status).toBe(200);
    expect(before.body.perDay).toHaveLength(7);
    const today = before.body.perDay.at(-1);
    const book = await fixtureBook(c, 5, { salePrice: 1234 });
    const o = await shopOrder(a.member, book, 1, { bankAccountNo: '11111' });
    const placed = (await c.get('/dashboard?days=7')).body;
    // Other suites place orders at the same time: today's figures grow by at least this order.
    expect(placed.perDay.at(-1).awaitingOrders).toBeGreaterThanOrEqual(today.awaitingOrders + 1);
    expect(placed.perDay.at(-1).awaitingRevenue).toBeGreaterThanOrEqual(today.awaitingRevenue + o.totalPrice);
    expect(placed.byStatus.awaitingPayment).toBeGreaterThanOrEqual(before.body.byStatus.awaitingPayment + 1);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: o.totalPrice })).status).toBe(200);
    const paid = (await c.get('/dashboard?days=7')).body;
    expect(paid.perDay.at(-1).paidOrders).toBeGreaterThanOrEqual(placed.perDay.at(-1).paidOrders + 1);
    expect(paid.perDay.at(-1).paidRevenue).toBeGreaterThanOrEqual(placed.perDay.at(-1).paidRevenue + o.totalPrice);
  });

  it('refuses a bad range', async () => {
    expectCatalogueBody((await c.get('/dashboard?days=1000')).body, 400, 'Bad Request');
    expectCatalogueBody((await c.get('/dashboard?days=abc')).body, 400, 'Bad Request');
  });
});
