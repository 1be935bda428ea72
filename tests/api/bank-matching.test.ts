import request from 'supertest';
import { taiwanDay } from '../../functions/src/contracts/format';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankDeposit, BankProposal } from '../../functions/src/contracts/bank';
import { adminDb } from '../helpers/emulators';
import { type Actors, app, doc, fixtureBook, type OwnerClient, ownerSession, shopOrder } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// Bank statement matching: proposals change nothing; exact matches are confirmed in one call through
// the same status change as by hand (history note names the statement row); a second import of the
// same statement confirms nothing twice; ambiguous and unmatched deposits are listed.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

/** Today in Taiwan, yyyy-mm-dd. */
const today = () => taiwanDay(Date.now());
/** Amounts unique to this run, so that other tests' orders never fit. */
const price = () => 1000 + Math.floor(Math.random() * 8000);

describe('bank statement matching', () => {
  it('proposes, confirms the exact matches once, and lists the rest', async () => {
    const p1 = price();
    const p2 = p1 + 7;
    const book1 = await fixtureBook(c, 5, { salePrice: p1 });
    const book2 = await fixtureBook(c, 5, { salePrice: p2 });
    const o1 = await shopOrder(a.member, book1, 1, { bankAccountNo: '12345' });
    const o2 = await shopOrder(a.member, book2, 1, { bankAccountNo: '67890' });
    const unknown = await shopOrder(a.member, book1, 1, { bankAccountNo: '00000' });
    const day = today();
    const deposits: BankDeposit[] = [
      { row: 2, date: day, amount: o1.totalPrice, account: '822-00012345', occurrence: 0 },
      { row: 3, date: day, amount: o2.totalPrice, account: '備註 67890 王小明', occurrence: 0 },
      { row: 4, date: day, amount: o1.totalPrice + 3, account: '99999', occurrence: 0 },
      { row: 5, date: day, amount: o1.totalPrice, account: '55555', occurrence: 0 },
      // A transfer dated before the order was placed never matches it.
      { row: 6, date: '2020-01-01', amount: o2.totalPrice, account: '67890', occurrence: 0 },
    ];
    const before = (await doc(`orders/${o1.orderId}`))!.updatedAt;
    const res = await c.post('/bank/match', { deposits });
    expect(res.status).toBe(200);
    const kinds = (res.body as BankProposal[]).map((p) => [p.deposit.row, p.kind, p.candidates.map((x) => x.orderNo)]);
    expect(kinds).toEqual([
      [2, 'exact', [o1.orderNo]],
      [3, 'exact', [o2.orderNo]],
      [4, 'unmatched', []],
      [5, 'ambiguous', [unknown.orderNo]],
      [6, 'unmatched', []],
    ]);
    // Nothing changed by proposing.
    expect((await doc(`orders/${o1.orderId}`))!).toMatchObject({ status: 'awaitingPayment', updatedAt: before });

    const layout = { key: 'abcdef0123456789', header: ['交易日期', '存入', '備註'], date: '交易日期', amount: '存入', account: '備註' };
    const confirm = await c.post('/bank/confirm', { layout, matches: [{ deposit: deposits[0], orderId: o1.orderId }, { deposit: deposits[1], orderId: o2.orderId }] });
    expect(confirm.status).toBe(200);
    expect(confirm.body.map((r: { outcome: string }) => r.outcome)).toEqual(['confirmed', 'confirmed']);
    for (const [o, row] of [
      [o1, 2],
      [o2, 3],
    ] as const) {
      const stored = (await doc(`orders/${o.orderId}`))!;
      expect(stored.status).toBe('preparing');
      expect(stored.statusHistory.at(-1).note).toContain(`銀行對帳單第 ${row} 列`);
      expect(stored.statusHistory.at(-1).by).toBe(`owner:${a.owner.email}`);
      expect(await doc(`mail/${o.orderId}-preparing`)).toBeTruthy();
    }
    expect((await c.get('/bank/layouts')).body).toEqual(expect.arrayContaining([expect.objectContaining(layout)]));

    // The same statement again: the confirmed deposits are recognised, nothing is confirmed twice,
    // even if a new order with the same amount and digits has appeared since.
    const twin = await shopOrder(a.member, book1, 1, { bankAccountNo: '12345' });
    const again = await c.post('/bank/match', { deposits });
    expect(again.body.map((p: BankProposal) => p.kind).slice(0, 2)).toEqual(['alreadyConfirmed', 'alreadyConfirmed']);
    expect(again.body[0].confirmedOrderNo).toBe(o1.orderNo);
    const twice = await c.post('/bank/confirm', { matches: [{ deposit: deposits[0], orderId: twin.orderId }] });
    expect(twice.body[0]).toMatchObject({ outcome: 'alreadyConfirmed', orderNo: o1.orderNo });
    expect((await doc(`orders/${twin.orderId}`))!.status).toBe('awaitingPayment');

    // The owner decides the ambiguous one: an order placed with 00000 accepts the deposit.
    const decided = await c.post('/bank/confirm', { matches: [{ deposit: deposits[3], orderId: unknown.orderId }] });
    expect(decided.body[0].outcome).toBe('confirmed');
    // A deposit that does not fit the chosen order is refused and changes nothing.
    const wrong = await c.post('/bank/confirm', { matches: [{ deposit: deposits[2], orderId: twin.orderId }] });
    expect(wrong.body[0]).toMatchObject({ outcome: 'refused' });
    expect((await doc(`orders/${twin.orderId}`))!.status).toBe('awaitingPayment');
  });

  it('two confirmations of one deposit at once confirm it once', async () => {
    const p = price();
    const book = await fixtureBook(c, 5, { salePrice: p });
    const o = await shopOrder(a.member, book, 1, { bankAccountNo: '24680' });
    const deposit = { row: 9, date: today(), amount: o.totalPrice, account: '24680', occurrence: 0 };
    const both = await Promise.all([c.post('/bank/confirm', { matches: [{ deposit, orderId: o.orderId }] }), c.post('/bank/confirm', { matches: [{ deposit, orderId: o.orderId }] })]);
    expect(both.map((r) => r.body[0].outcome).sort()).toEqual(['alreadyConfirmed', 'confirmed']);
    expect((await doc(`orders/${o.orderId}`))!.statusHistory).toHaveLength(2);
  });

  it('two deposits that fit the same single order are both ambiguous', async () => {
    const p = price();
    const book = await fixtureBook(c, 5, { salePrice: p });
    const o = await shopOrder(a.member, book, 1, { bankAccountNo: '13579' });
    const d = { date: today(), amount: o.totalPrice, account: '13579' };
    const res = await c.post('/bank/match', { deposits: [{ ...d, row: 2, occurrence: 0 }, { ...d, row: 3, occurrence: 1 }] });
    expect(res.body.map((x: BankProposal) => x.kind)).toEqual(['ambiguous', 'ambiguous']);
  });

  it('refuses bad input with the catalogue body, and members and strangers, and changes nothing', async () => {
    const book = await fixtureBook(c, 5, { salePrice: price() });
    const unpaid = await shopOrder(a.member, book, 1, { bankAccountNo: '24680' });
    const deposit = { row: 2, date: today(), amount: unpaid.totalPrice, account: '24680', occurrence: 0 };
    const statusBefore = (await doc(`orders/${unpaid.orderId}`))?.status;
    expect(statusBefore).toBeDefined();
    const depositsBefore = (await adminDb().collection('bankDeposits').count().get()).data().count;
    for (const body of [{}, { deposits: [] }, { deposits: [{ row: 1, date: '2026/11/20', amount: 100, account: '' }] }, { deposits: [{ row: 1, date: '2026-11-20', amount: 10.5, account: '' }] }]) {
      expectCatalogueBody((await c.post('/bank/match', body)).body, 400, 'Bad Request');
    }
    const many = Array.from({ length: 501 }, (_, i) => ({ row: i + 1, date: '2026-11-20', amount: 100, account: '1' }));
    expect((await c.post('/bank/match', { deposits: many })).status).toBe(400);
    expectCatalogueBody((await c.post('/bank/confirm', { matches: [] })).body, 400, 'Bad Request');
    // A confirmation of a real unpaid order, refused for one malformed part, confirms nothing.
    expectCatalogueBody((await c.post('/bank/confirm', { matches: [{ deposit: { ...deposit, amount: -1 }, orderId: unpaid.orderId }] })).body, 400, 'Bad Request');
    const stranger = await request(app).post('/api/admin/bank/confirm').send({ matches: [{ deposit, orderId: unpaid.orderId }] });
    expect(stranger.status).toBe(401);
    const member = await request(app).post('/api/admin/bank/confirm').set('Authorization', `Bearer ${a.member.idToken}`).send({ matches: [{ deposit, orderId: unpaid.orderId }] });
    expect(member.status).toBe(403);
    expect((await request(app).post('/api/admin/bank/match').send({ deposits: [] })).status).toBe(401);
    expect((await doc(`orders/${unpaid.orderId}`))?.status).toBe(statusBefore);
    expect((await adminDb().collection('bankDeposits').count().get()).data().count).toBe(depositsBefore);
  });
});
