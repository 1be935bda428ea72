import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, uniq } from '../helpers/emulators';
import { type Actors, app, doc, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';
import { mailsTo, waitForMail } from '../../web/e2e/support/inbox';

// The owner's 成團 / 流團 of a closed campaign (POST /api/admin/plans/{planId}/outcome) and the
// organiser's rebate (docs/group-buying.md): each outcome run twice, stock back once, the refunds due,
// the buyers' mails in MailDev, the refusals, and the rebate in the console, the organiser's link and
// both CSVs.

let a: Actors;
let c: OwnerClient;
beforeAll(async () => ({ a, c } = await ownerSession()));

const office = { id: 'office', name: '公會辦公室', address: '高雄市前金區中正四路 211 號', hours: '週一至週五 10:00–17:00' };
const stockOf = async (id: string) => ((await doc(`stock/${id}`)) as { qty: number }).qty;
const closeAgo = (planId: string, ms: number) => adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - ms).toISOString() });

async function order(planId: string, productId: string, qty: number, extra: Record<string, unknown> = {}) {
  const email = `${uniq('outcome')}@example.com`;
  const res = await groupOrder(planId, [{ productId, qty }], { email, ...extra });
  expect(res.status).toBe(201);
  return { ...(res.body as { orderId: string; orderNo: string; totalPrice: number; itemsTotal: number }), email };
}
const pay = async (o: { orderId: string; totalPrice: number }, bankAccountNo = '54321', otherAccount = false) =>
  expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo, amount: o.totalPrice, otherAccount })).status).toBe(200);
const decide = (planId: string, outcome: string, note?: string) => c.post(`/plans/${planId}/outcome`, { outcome, ...(note ? { note } : {}) });

describe('流團 (failed)', () => {
  it('cancels the unpaid orders once, lists the refunds due, mails every buyer, and runs twice to the same record', async () => {
    const book = await fixtureBook(c, 20);
    const planId = uniq('fplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 400 }], { minQuantity: 50, rebatePercent: 10 }))).status).toBe(201);
    const unpaid1 = await order(planId, book, 2);
    const unpaid2 = await order(planId, book, 1);
    const paidOther = await order(planId, book, 3, { buyer: '王退款' });
    // Full-width digits with spaces, as a Chinese keyboard or a paste gives them, are the digits 54321 (issue 35).
    const paidOwn = await order(planId, book, 1, { bankAccountNo: ' ５４３２１ ' });
    await pay(paidOther, '99887', true);
    await pay(paidOwn);

    // Before the closing date (and its grace minute): refused, nothing changed.
    expectCatalogueBody((await decide(planId, 'failed')).body, 409, 'PLAN_NOT_CLOSED');
    await closeAgo(planId, 30_000);
    expectCatalogueBody((await decide(planId, 'failed')).body, 409, 'PLAN_NOT_CLOSED');
    // Strangers and members: the owner's route.
    expect((await request(app).post(`/api/admin/plans/${planId}/outcome`).send({ outcome: 'failed' })).status).toBe(401);
    expect((await request(app).post(`/api/admin/plans/${planId}/outcome`).set('Authorization', `Bearer ${a.member.idToken}`).send({ outcome: 'failed' })).status).toBe(403);
    expect((await doc(`orders/${unpaid1.orderId}`))!.status).toBe('awaitingPayment');
    expect((await doc(`groupBuyingPlans/${planId}`))!.decision).toBeUndefined();

    await closeAgo(planId, 120_000);
    expect(await stockOf(book)).toBe(13);
    const first = await decide(planId, 'failed', '未達 50 本門檻，本次不開團');
    expect(first.status).toBe(200);
    const d = first.body.decision;
    expect(first.body.replayed).toBe(false);
    expect(d).toMatchObject({ outcome: 'failed', proposed: 'thresholdNotMet', note: '未達 50 本門檻，本次不開團', counts: { cancelled: 2, refundsDue: 2, orders: 4, mailed: 4 } });
    expect(d.completedAt).toBeTruthy();
    expect(d.refundsTotal).toBe(paidOther.totalPrice + paidOwn.totalPrice);
    const rows = new Map(d.refundsDue.map((r: { orderNo: string }) => [r.orderNo, r]));
    expect(rows.get(paidOther.orderNo)).toMatchObject({ buyer: '王退款', amount: paidOther.totalPrice, bankDigits: '99887', status: 'preparing', refundedAt: null });
    expect(rows.get(paidOwn.orderNo)).toMatchObject({ amount: paidOwn.totalPrice, bankDigits: '54321' });
    // The unpaid orders' 3 copies came back, once.
    expect(await stockOf(book)).toBe(16);
    for (const o of [unpaid1, unpaid2]) expect((await doc(`orders/${o.orderId}`))!.status).toBe('cancelledUnpaid');
    expect((await doc(`planProgress/${planId}`))!).toMatchObject({ orders: 2, copies: 4 });

    // Again: the record, nothing done. The other outcome: refused.
    const again = await decide(planId, 'failed');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, decision: { at: d.at, counts: d.counts } });
    expectCatalogueBody((await decide(planId, 'succeeded')).body, 409, 'OUTCOME_DECIDED');
    expect(await stockOf(book)).toBe(16);

    // The mails, in the shop's voice: unpaid = cancelled, nothing to pay; paid = the refund is coming.
    const cancelledMail = await waitForMail(unpaid1.email, ['團購未成團，訂單已取消', unpaid1.orderNo]);
    expect(cancelledMail.text).toContain('不需要再匯款');
    expect(cancelledMail.text).toContain('未達 50 本門檻');
    const refundMail = await waitForMail(paidOther.email, ['團購未成團，將為您退款', paidOther.orderNo]);
    expect(refundMail.text).toContain('99887');
    expect(refundMail.text).toContain('接下來');
    await waitForMail(paidOwn.email, ['將為您退款']);
    await waitForMail(unpaid2.email, ['訂單已取消']);
    for (const o of [unpaid1, paidOther]) expect((await mailsTo(o.email)).filter((m) => m.subject.includes('未成團'))).toHaveLength(1);

    // The treasurer ticks off a refund: the list shows it; the page and the rebate say 流團.
    expect((await c.post(`/orders/${paidOther.orderId}/status`, { status: 'refunded', note: '已退款' })).status).toBe(200);
    const detail = (await c.get(`/plans/${planId}`)).body;
    expect(detail.plan.decided).toBe('failed');
    expect(detail.decision.refundsDue.find((r: { orderNo: string }) => r.orderNo === paidOther.orderNo)).toMatchObject({ status: 'refunded', refundedAt: expect.any(String) });
    expect(detail.rebate).toMatchObject({ percent: 10, amount: 0, paidOrders: 0 });
    expect((await request(app).get(`/api/groupBuying/${planId}`)).body.decision).toMatchObject({ outcome: 'failed', note: '未達 50 本門檻，本次不開團' });
    const csv = (await c.get(`/plans/${planId}/orders.csv`)).text;
    expect(csv).toContain('流團退款名單');
    expect(csv).toMatch(new RegExp(`${paidOther.orderNo},王退款,${paidOther.totalPrice},"=""99887""",已退款`));
    // After 流團 the rebate block says so, not a row of zeros (issue 35); the dashboard says 流團, not the count.
    expect(csv).toContain('團主回饋 10%：未成團（流團），不計回饋');
    expect(csv).not.toContain('已付款訂單數,書款合計,回饋合計');
    const dash = (await c.get('/dashboard?days=7&months=3')).body as { campaigns: { planId: string; decided: string | null }[] };
    expect(dash.campaigns.find((x) => x.planId === planId)?.decided).toBe('failed');
    // A decided campaign cannot reopen.
    const input = planInput(planId, [{ productId: book, groupPrice: 400 }], { minQuantity: 50 });
    const { planId: _id, ...body } = input;
    expectCatalogueBody((await c.put(`/plans/${planId}`, body)).body, 409, 'OUTCOME_DECIDED');
  });
});

describe('成團 (succeeded) and the rebate', () => {
  it('mails each buyer once with the pickup or delivery plan, even for concurrent calls, and shows the rebate', async () => {
    const book = await fixtureBook(c, 20);
    const planId = uniq('splan');
    expectCatalogueBody((await c.post('/plans', planInput(uniq('bad'), [{ productId: book, groupPrice: 333 }], { rebatePercent: 12.34 }))).body, 400, 'Bad Request');
    const plan = planInput(planId, [{ productId: book, groupPrice: 333 }], { minQuantity: 3, rebatePercent: 12.5, pickupPoints: [office], pickupNotes: '請攜帶訂單號碼', postalDelivery: true });
    expect((await c.post('/plans', plan)).status).toBe(201);
    const picked = await order(planId, book, 2, { pickupPointId: 'office', receiver: { name: '林自取', address: '' } });
    const posted = await order(planId, book, 1);
    const unpaid = await order(planId, book, 1);
    await pay(picked);
    await pay(posted);
    await closeAgo(planId, 120_000);
    const stock = await stockOf(book);

    const [x, y] = await Promise.all([decide(planId, 'succeeded'), decide(planId, 'succeeded')]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.decision).toMatchObject({ outcome: 'succeeded', proposed: 'thresholdMet', counts: { orders: 3, mailed: 3, cancelled: 0, refundsDue: 0 }, refundsDue: [] });
    expect((await decide(planId, 'succeeded')).body.replayed).toBe(true);
    expectCatalogueBody((await decide(planId, 'failed')).body, 409, 'OUTCOME_DECIDED');
    expect(await stockOf(book)).toBe(stock);

    const pickupMail = await waitForMail(picked.email, ['團購成團通知', picked.orderNo]);
    for (const s of [office.name, office.address, office.hours, '請攜帶訂單號碼']) expect(pickupMail.text).toContain(s);
    expect((await waitForMail(posted.email, ['團購成團通知'])).text).toContain('郵寄到府');
    expect((await waitForMail(unpaid.email, ['團購成團通知'])).text).toContain('請完成匯款');
    for (const o of [picked, posted, unpaid]) expect((await mailsTo(o.email)).filter((m) => m.subject.includes('成團'))).toHaveLength(1);

    // 團主回饋 12.5 %: per paid order floor(books × 12.5 %), the campaign the sum of those.
    const perPicked = Math.floor((picked.itemsTotal * 125) / 1000);
    const perPosted = Math.floor((posted.itemsTotal * 125) / 1000);
    expect([perPicked, perPosted]).toEqual([83, 41]);
    const detail = (await c.get(`/plans/${planId}`)).body;
    expect(detail.rebate).toEqual({
      percent: 12.5,
      paidOrders: 2,
      paidBooksTotal: picked.itemsTotal + posted.itemsTotal,
      amount: 124,
      perOrder: { [picked.orderId]: 83, [posted.orderId]: 41 },
    });
    const csv = (await c.get(`/plans/${planId}/orders.csv`)).text;
    expect(csv.split('\r\n')[0]).toMatch(/,團主回饋$/);
    expect(csv).toMatch(new RegExp(`^${picked.orderNo},.*,83$`, 'm'));
    expect(csv).toMatch(/^2,999,124$/m);

    const link = await c.post(`/plans/${planId}/organizer-links`, {});
    const token = new URL(link.body.url, 'http://x').searchParams.get('token')!;
    const view = (await request(app).get(`/api/organizer/${token}`)).body;
    expect(view.rebate).toEqual({ percent: 12.5, paidOrders: 2, paidBooksTotal: 999, amount: 124 });
    expect(view.decision).toMatchObject({ outcome: 'succeeded', refundsDue: 0 });
    expect(view.orders.map((r: { orderNo: string; rebate: number }) => [r.orderNo, r.rebate])).toEqual([
      [picked.orderNo, 83],
      [posted.orderNo, 41],
      [unpaid.orderNo, 0],
    ]);
    const orgCsv = (await request(app).get(`/api/organizer/${token}/orders.csv`)).text;
    expect(orgCsv.split('\r\n')[0]).toMatch(/,團主回饋$/);
    expect(orgCsv).toMatch(/合計,124/);
    expect((await request(app).get(`/api/groupBuying/${planId}`)).body.decision).toMatchObject({ outcome: 'succeeded' });
  });
});

describe('a pay-after-成團 campaign', () => {
  it('流團 cancels the waiting orders with nothing to refund; 成團 below the threshold asks them to pay', async () => {
    const book = await fixtureBook(c, 20);
    const [failing, forming] = [uniq('pafail'), uniq('paform')];
    for (const planId of [failing, forming]) {
      expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 400 }], { minQuantity: 50, payAfterFormed: true }))).status).toBe(201);
    }
    const waiting = await order(failing, book, 2);
    const waitingToo = await order(forming, book, 1);
    expect((await doc(`orders/${waiting.orderId}`))!.status).toBe('awaitingFormation');
    await closeAgo(failing, 120_000);
    await closeAgo(forming, 120_000);
    const stock = await stockOf(book);

    const failed = (await decide(failing, 'failed')).body.decision;
    expect(failed).toMatchObject({ counts: { cancelled: 1, refundsDue: 0 }, refundsDue: [], refundsTotal: 0 });
    expect((await doc(`orders/${waiting.orderId}`))!.status).toBe('cancelledUnpaid');
    expect(await stockOf(book)).toBe(stock + 2);
    expect((await waitForMail(waiting.email, ['訂單已取消'])).text).toContain('不需要再匯款');

    expect((await decide(forming, 'succeeded')).body.decision).toMatchObject({ outcome: 'succeeded', counts: { orders: 1 } });
    const released = (await doc(`orders/${waitingToo.orderId}`))!;
    expect(released.status).toBe('awaitingPayment');
    expect(released.paymentDueAt).toBeTruthy();
    expect((await doc(`groupBuyingPlans/${forming}`))!.formedAt).toBeTruthy();
    const formed = await waitForMail(waitingToo.email, ['團購成團通知・收款通知']);
    expect(formed.text).toContain('請完成匯款');
    // One mail with the bank details, not two at once: the release queued no 收款通知 of its own.
    const queued = (await adminDb().collection('mail').where('to', '==', waitingToo.email).get()).docs.map((d) => String(d.get('message.subject') ?? d.get('subject') ?? ''));
    expect(queued.filter((subject) => subject.includes('收款通知'))).toHaveLength(1);
  });
});

describe('a decision cut off midway', () => {
  it('is finished by the same decision again: each step once, the mail already queued not sent twice', async () => {
    const book = await fixtureBook(c, 20);
    const planId = uniq('cutplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 400 }], { minQuantity: 50 }))).status).toBe(201);
    const unpaid1 = await order(planId, book, 2);
    const unpaid2 = await order(planId, book, 1);
    const paid = await order(planId, book, 1);
    await pay(paid);
    await closeAgo(planId, 120_000);
    const stock = await stockOf(book);

    // What a call that died after its claim and one mail leaves: the decision claimed, not completed.
    const at = new Date().toISOString();
    // The full record beside the plan (planDecisions), its summary on the public plan document.
    await adminDb()
      .doc(`planDecisions/${planId}`)
      .set({ outcome: 'failed', note: '', at, by: 'owner', proposed: null, completedAt: null, counts: { orders: 0, mailed: 0, cancelled: 0, refundsDue: 0 }, refundsDue: [], refundsTotal: 0 });
    await adminDb().doc(`groupBuyingPlans/${planId}`).update({ decision: { outcome: 'failed', note: '', at, completedAt: null } });
    const early = { to: unpaid1.email, message: { subject: '團購未成團，訂單已取消', text: 'queued before the cut', html: '' }, kind: 'campaign-failed', createdAt: at };
    await adminDb().doc(`mail/${unpaid1.orderId}-outcome-failed`).create(early);
    expect((await doc(`groupBuyingPlans/${planId}`))!.decision.completedAt).toBeNull();

    // The console's 完成處理 sends the same decision: the rest is done, once.
    const finished = await decide(planId, 'failed');
    expect(finished.status).toBe(200);
    expect(finished.body.decision).toMatchObject({ outcome: 'failed', at, counts: { cancelled: 2, refundsDue: 1, orders: 3 } });
    expect(finished.body.decision.completedAt).toBeTruthy();
    expect(await stockOf(book)).toBe(stock + 3);
    for (const o of [unpaid1, unpaid2]) expect((await doc(`orders/${o.orderId}`))!.status).toBe('cancelledUnpaid');
    // The mail queued before the cut is the one that stays; the others were written now.
    expect((await doc(`mail/${unpaid1.orderId}-outcome-failed`))!.message.text).toBe('queued before the cut');
    expect(await doc(`mail/${unpaid2.orderId}-outcome-failed`)).toBeTruthy();
    expect(await doc(`mail/${paid.orderId}-outcome-failed`)).toBeTruthy();

    // And again: the record, nothing more.
    const again = await decide(planId, 'failed');
    expect(again.body).toMatchObject({ replayed: true, decision: { completedAt: finished.body.decision.completedAt } });
    expect(await stockOf(book)).toBe(stock + 3);
  });
});
