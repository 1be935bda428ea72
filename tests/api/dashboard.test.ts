import { beforeAll, describe, expect, it } from 'vitest';
import { applyOrderWrite, readPeriodTotals } from '../../functions/src/data/stats';
import { uniq } from '../helpers/emulators';
import { type Actors, doc, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput, shopOrder } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// The dashboard's figures come from running totals: a placement's are written with the order, and
// the orderStats trigger (the Functions emulator runs it) adds every later write of an order. The
// trigger runs after the write, so the checks after a change wait for the figures to arrive. Books and plans are this test's own, so their figures are
// exact; today's shop-wide figures are shared with the suites running beside, so the day and month
// arithmetic is checked on a day of its own.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

type Figures = {
  perDay: { day: string; paidOrders: number; paidRevenue: number; awaitingOrders: number; awaitingRevenue: number }[];
  perMonth: { month: string; paidOrders: number; paidRevenue: number; awaitingOrders: number; awaitingRevenue: number }[];
  byStatus: Record<string, number>;
  topBooks: { productId: string; name: string; paidCopies: number; paidRevenue: number; awaitingCopies: number }[];
  campaigns: { planId: string; minQuantity: number | null; points: { day: string; copies: number; orders: number }[] }[];
};

async function figures(): Promise<Figures> {
  const res = await c.get('/dashboard?days=7&months=3');
  expect(res.status).toBe(200);
  return res.body as Figures;
}

/** Polls the dashboard until `ok` holds (the trigger is asynchronous), for at most 30 s. */
async function eventually(ok: (f: Figures) => Promise<boolean>): Promise<Figures> {
  const until = Date.now() + 30_000;
  for (;;) {
    const f = await figures();
    if (await ok(f)) return f;
    if (Date.now() > until) return f;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const campaign = (f: Figures, id: string) => f.campaigns.find((p) => p.planId === id);

describe('dashboard', () => {
  it('days, months, books and a campaign move with placing, paying and cancelling', async () => {
    const before = await figures();
    expect(before.perDay).toHaveLength(7);
    expect(before.perMonth).toHaveLength(3);
    const today = before.perDay.at(-1)!;

    const bookId = await fixtureBook(c, 50, { salePrice: 1234 });
    const planId = uniq('dashplan').replace(/[^A-Za-z0-9_-]/g, '');
    expect((await c.post('/plans', planInput(planId, [{ productId: bookId, groupPrice: 1000 }], { minQuantity: 4 }))).status).toBe(201);

    const shop = await shopOrder(a.member, bookId, 1, { bankAccountNo: '11111' });
    const g1 = await groupOrder(planId, [{ productId: bookId, qty: 2 }]);
    const g2 = await groupOrder(planId, [{ productId: bookId, qty: 3 }]);
    expect([g1.status, g2.status]).toEqual([201, 201]);

    // The book's own figures are exact in its month's totals; among the ten best sellers it shows
    // only when the suites beside sold fewer copies, so the answer is checked for its order instead.
    const month = today.day.slice(0, 7);
    const bookStats = async () => ((await readPeriodTotals('month', month))?.books as Record<string, Record<string, number>> | undefined)?.[bookId];
    // A placement's totals are written in the batch that stores the order (allocator/stock-allocator.ts),
    // so they are there as soon as the buyer has the answer: no waiting for the trigger. Its later run
    // on the same creation must not count it again, which the exact figures after the changes below show.
    const placed = await figures();
    expect(await bookStats()).toMatchObject({ awaitingQty: 6 });
    expect(campaign(placed, planId)).toMatchObject({ minQuantity: 4, points: [{ day: today.day, copies: 5, orders: 2 }] });
    expect(placed.topBooks.length).toBeLessThanOrEqual(10);
    expect(placed.topBooks.map((b) => b.paidCopies)).toEqual([...placed.topBooks.map((b) => b.paidCopies)].sort((x, y) => y - x));

    // Paying the shop order: its copy moves from awaiting to paid, with its revenue.
    expect((await c.post(`/orders/${shop.orderId}/status`, { status: 'preparing', bankAccountNo: '11111', amount: shop.totalPrice })).status).toBe(200);
    // Cancelling a group order: the campaign loses its copies, the book its awaiting copies.
    expect((await c.post(`/orders/${g2.body.orderId}/status`, { status: 'cancelledUnpaid', note: '測試取消' })).status).toBe(200);
    const changed = await eventually(async (f) => {
      const b = await bookStats();
      return b?.paidQty === 1 && b.awaitingQty === 2 && campaign(f, planId)?.points.at(-1)?.copies === 2;
    });
    const shopItem = (await doc(`orders/${shop.orderId}`))!.items[0];
    expect(await bookStats()).toEqual({ name: shopItem.name, paidQty: 1, paidAmount: shopItem.totalPrice, awaitingQty: 2 });
    expect(campaign(changed, planId)!.points.at(-1)).toEqual({ day: today.day, copies: 2, orders: 1 });
  });

  it("a day's and a month's figures: paid and awaiting orders and revenue, by the Taiwan day of placement", async () => {
    // The shop-wide figures of today are shared with the suites beside (they pay and cancel their
    // own orders meanwhile), so this test counts its order events into a day of a past year of its
    // own and reads the figures as of that day: a year since 1980, when Taiwan's clock has been UTC+8 all
    // year (days are Taiwan days through Intl's Asia/Taipei zone, which knows the summer times of 1946-1979).
    const year = 1980 + Math.floor(Math.random() * 40);
    const day = `${year}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    // 23:30 in Taiwan is 15:30 UTC: the order counts on the Taiwan day.
    const createdAt = `${day}T15:30:00.000Z`;
    const o = (status: string, totalPrice: number) => ({ status, createdAt, totalPrice, planId: null, items: [{ productId: 'x', name: 'x', qty: 1, totalPrice }] });
    const write = (before: object | undefined, after: object | undefined) => applyOrderWrite(uniq('event'), before as never, after as never, new Date());
    await write(undefined, o('awaitingPayment', 1000));
    await write(undefined, o('awaitingPayment', 500));
    await write(undefined, o('awaitingPayment', 300));
    await write(o('awaitingPayment', 1000), o('preparing', 1000));
    await write(o('preparing', 1000), o('shipped', 1000));
    await write(o('awaitingPayment', 300), o('cancelledUnpaid', 300));
    const { dashboardFigures } = await import('../../functions/src/api/dashboard/service');
    const f = await dashboardFigures(2, 2, new Date(`${day}T12:00:00+08:00`));
    expect(f.to).toBe(day);
    expect(f.perDay.at(-1)).toEqual({ day, paidOrders: 1, paidRevenue: 1000, awaitingOrders: 1, awaitingRevenue: 500 });
    expect(f.perDay[0]).toMatchObject({ paidOrders: 0, awaitingOrders: 0 });
    expect(f.perMonth.at(-1)).toEqual({ month: day.slice(0, 7), paidOrders: 1, paidRevenue: 1000, awaitingOrders: 1, awaitingRevenue: 500 });
  });

  it("leaves alone the creation of an order its batch counted, and counts the order's later changes", async () => {
    const productId = uniq('statsbook').replace(/[^A-Za-z0-9_-]/g, '');
    const createdAt = '2002-03-04T04:05:06.000Z';
    const placed = { status: 'awaitingPayment', createdAt, totalPrice: 500, planId: null, items: [{ productId, name: '測試', qty: 1, totalPrice: 500 }], statsCounted: true };
    expect(await applyOrderWrite(uniq('event'), undefined, placed, new Date())).toBe(false);
    expect(((await readPeriodTotals('month', '2002-03')) as { books?: Record<string, unknown> } | undefined)?.books?.[productId]).toBeUndefined();
    expect(await applyOrderWrite(uniq('event'), placed, { ...placed, status: 'preparing' }, new Date())).toBe(true);
    expect(((await readPeriodTotals('month', '2002-03')) as { books: Record<string, unknown> }).books[productId]).toEqual({ name: '測試', paidQty: 1, paidAmount: 500, awaitingQty: -1 });
  });

  it('applies an event once however often it is delivered', async () => {
    const productId = uniq('statsbook').replace(/[^A-Za-z0-9_-]/g, '');
    // A month no real order is placed in, so that the document is this test's alone.
    const createdAt = '2001-02-03T04:05:06.000Z';
    const after = { status: 'preparing', createdAt, totalPrice: 900, planId: null, items: [{ productId, name: '測試', qty: 3, totalPrice: 900 }] };
    const eventId = uniq('event');
    expect(await applyOrderWrite(eventId, undefined, after, new Date())).toBe(true);
    expect(await applyOrderWrite(eventId, undefined, after, new Date())).toBe(false);
    const monthDoc = (await readPeriodTotals('month', '2001-02')) as { books: Record<string, unknown> };
    expect(monthDoc.books[productId]).toEqual({ name: '測試', paidQty: 3, paidAmount: 900 });
    // The same order deleted again (another event): the book's figures return to zero.
    expect(await applyOrderWrite(uniq('event'), after, undefined, new Date())).toBe(true);
    expect(((await readPeriodTotals('month', '2001-02')) as { books: Record<string, unknown> }).books[productId]).toMatchObject({ paidQty: 0, paidAmount: 0 });
  });

  it('refuses a bad range', async () => {
    expectCatalogueBody((await c.get('/dashboard?days=1000')).body, 400, 'Bad Request');
    expectCatalogueBody((await c.get('/dashboard?days=abc')).body, 400, 'Bad Request');
    expectCatalogueBody((await c.get('/dashboard?months=0')).body, 400, 'Bad Request');
  });
});
