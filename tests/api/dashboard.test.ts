import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firebase';
import { applyOrderWrite } from '../../functions/src/stats/order-stats';
import { adminDb, uniq } from '../helpers/emulators';
import { actors, doc, expectCatalogueBody, fixtureBook, groupOrder, ownerClient, planInput, shopOrder, type Actors, type OwnerClient } from '../helpers/owner-fixtures';

// The dashboard's figures come from running totals that the orderStats trigger (the Functions
// emulator runs it) keeps from every write of an order. The trigger runs after the write, so each
// check waits for the figures to arrive. Books and plans are this test's own, so their figures are
// exact; the shop-wide day and month figures are shared with the suites running beside, so they
// only grow by at least this test's orders.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => {
  await db();
  a = await actors();
  c = ownerClient(a.owner);
});

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
    const month = before.perMonth.at(-1)!;

    const bookId = await fixtureBook(c, 50, { salePrice: 1234 });
    const planId = uniq('dashplan').replace(/[^A-Za-z0-9_-]/g, '');
    expect((await c.post('/plans', planInput(planId, [{ productId: bookId, groupPrice: 1000 }], { minQuantity: 4 }))).status).toBe(201);

    const shop = await shopOrder(a.member, bookId, 1, { bankAccountNo: '11111' });
    const g1 = await groupOrder(planId, [{ productId: bookId, qty: 2 }]);
    const g2 = await groupOrder(planId, [{ productId: bookId, qty: 3 }]);
    expect([g1.status, g2.status]).toEqual([201, 201]);

    // The book's own figures are exact in its month's totals; among the ten best sellers it shows
    // only when the suites beside sold fewer copies, so the answer is checked for its order instead.
    const monthDoc = `statsMonths/${today.day.slice(0, 7)}`;
    const bookStats = async () => ((await doc(monthDoc))?.books as Record<string, Record<string, number>> | undefined)?.[bookId];
    const placed = await eventually(async (f) => (await bookStats())?.awaitingQty === 6 && campaign(f, planId)?.points.at(-1)?.copies === 5);
    expect(await bookStats()).toMatchObject({ awaitingQty: 6 });
    expect(campaign(placed, planId)).toMatchObject({ minQuantity: 4, points: [{ day: today.day, copies: 5, orders: 2 }] });
    expect(placed.topBooks.length).toBeLessThanOrEqual(10);
    expect(placed.topBooks.map((b) => b.paidCopies)).toEqual([...placed.topBooks.map((b) => b.paidCopies)].sort((x, y) => y - x));
    const awaitingAdded = shop.totalPrice + g1.body.totalPrice + g2.body.totalPrice;
    expect(placed.perDay.at(-1)!.awaitingOrders).toBeGreaterThanOrEqual(today.awaitingOrders + 3);
    expect(placed.perDay.at(-1)!.awaitingRevenue).toBeGreaterThanOrEqual(today.awaitingRevenue + awaitingAdded);
    expect(placed.perMonth.at(-1)!.awaitingRevenue).toBeGreaterThanOrEqual(month.awaitingRevenue + awaitingAdded);
    expect(placed.byStatus.awaitingPayment).toBeGreaterThanOrEqual(before.byStatus.awaitingPayment! + 3);

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
    expect(changed.perDay.at(-1)!.paidOrders).toBeGreaterThanOrEqual(placed.perDay.at(-1)!.paidOrders + 1);
    expect(changed.perDay.at(-1)!.paidRevenue).toBeGreaterThanOrEqual(placed.perDay.at(-1)!.paidRevenue + shop.totalPrice);
    expect(changed.byStatus.cancelledUnpaid).toBeGreaterThanOrEqual(placed.byStatus.cancelledUnpaid! + 1);
  });

  it('applies an event once however often it is delivered', async () => {
    const firestore = await db();
    const productId = uniq('statsbook').replace(/[^A-Za-z0-9_-]/g, '');
    // A month no real order is placed in, so that the document is this test's alone.
    const createdAt = '2001-02-03T04:05:06.000Z';
    const after = { status: 'preparing', createdAt, totalPrice: 900, planId: null, items: [{ productId, name: '測試', qty: 3, totalPrice: 900 }] };
    const eventId = uniq('event');
    expect(await applyOrderWrite(firestore, eventId, undefined, after, new Date())).toBe(true);
    expect(await applyOrderWrite(firestore, eventId, undefined, after, new Date())).toBe(false);
    const monthDoc = (await adminDb().doc('statsMonths/2001-02').get()).data()!;
    expect(monthDoc.books[productId]).toEqual({ name: '測試', paidQty: 3, paidAmount: 900 });
    // The same order deleted again (another event): the book's figures return to zero.
    expect(await applyOrderWrite(firestore, uniq('event'), after, undefined, new Date())).toBe(true);
    expect((await adminDb().doc('statsMonths/2001-02').get()).data()!.books[productId]).toMatchObject({ paidQty: 0, paidAmount: 0 });
  });

  it('refuses a bad range', async () => {
    expectCatalogueBody((await c.get('/dashboard?days=1000')).body, 400, 'Bad Request');
    expectCatalogueBody((await c.get('/dashboard?days=abc')).body, 400, 'Bad Request');
    expectCatalogueBody((await c.get('/dashboard?months=0')).body, 400, 'Bad Request');
  });
});
