import { FieldPath } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankConfirmResult, BankProposal } from '../../functions/src/contracts/bank';
import { taiwanDay } from '../../functions/src/contracts/format';
import type { Order } from '../../functions/src/contracts/orders';
import { releaseFormedPlan } from '../../functions/src/api/group-buying/pay-after';
import { changeOrderStatus, sweepUnpaidOrders } from '../../functions/src/api/orders/order-status';
import { remindUnpaidOrders } from '../../functions/src/api/orders/payment-reminders';
import { adminDb, uniq } from '../helpers/emulators';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';
import { app, contact, doc, fixtureBook, newOrderId, ownerSession, planInput, type OwnerClient } from '../helpers/owner-fixtures';
import { waitForMail } from '../../web/e2e/support/inbox';

/**
 * The ids of an order's mail documents with this subject. A mail is sent once per document, and a
 * change's document id is made of the order and the change (functions/src/domain/order.ts, mailIdOf): a
 * second notice would be a second document, so no waiting for a delivery that might still come.
 */
async function mailDocIds(orderId: string, subject: string): Promise<string[]> {
  const id = FieldPath.documentId();
  const snap = await adminDb().collection('mail').where(id, '>=', orderId).where(id, '<', `${orderId}~`).get();
  return snap.docs.filter((d) => String(d.get('message.subject')).includes(subject)).map((d) => d.id);
}

// Pay after 成團 and the payment reminder (issue 27; docs/group-buying.md "Pay after 成團" and
// "Reminders: payment"): from the placement that waits, through the placement that crosses the
// threshold, to each buyer's payment notice in MailDev; the sweep and the bank matching leaving a
// waiting order alone; the reminder with an injected clock, sent once, never to an unsubscribed address.

const HOUR = 3_600_000;
let c: OwnerClient;

beforeAll(async () => {
  ({ c } = await ownerSession());
});

/** A pay-after-成團 campaign of one book, priced so that no other test's order has its amounts. */
async function payAfterPlan(minQuantity: number) {
  const price = 1000 + Math.floor(Math.random() * 8000);
  const productId = await fixtureBook(c, 40);
  const planId = uniq('payafter').replace(/[^A-Za-z0-9_-]/g, '');
  const res = await c.post('/plans', planInput(planId, [{ productId, groupPrice: price }], { minQuantity, payAfterFormed: true }));
  expect(res.status).toBe(201);
  return { planId, productId, price };
}

/**
 * Places a group order as the shop's checkout does: a 503 (the shop's "nothing was taken, try again",
 * which a busy machine can meet in a burst) is retried with the same orderId, which the shop answers
 * idempotently (200 for an order that landed after all); any other answer than 201 fails, with its body.
 */
async function order(planId: string, productId: string, qty: number) {
  const email = `${uniq('payafter')}@example.com`;
  const orderId = newOrderId();
  const body = { items: [{ productId, qty }], buyer: '陳團購', email, ...contact() };
  let res = await request(app).patch(`/api/groupOrder/${planId}/${orderId}`).send(body);
  let retry = 0;
  for (; res.status === 503 && retry < 2; retry++) {
    expect(res.body, 'the catalogue 503').toMatchObject({ statusCode: 503, statusMessage: 'Firebase not find' });
    res = await request(app).patch(`/api/groupOrder/${planId}/${orderId}`).send(body);
  }
  // After a retry, an order that landed late is answered as a replay (200).
  expect(res.status, JSON.stringify(res.body)).toBe(retry && res.status === 200 ? 200 : 201);
  return { ...(res.body as Order), email };
}

const stored = async (orderId: string) => (await doc(`orders/${orderId}`)) as Order;
const DAY = 86_400_000;

describe('pay after 成團', () => {
  it('needs a threshold: the campaign form refuses it without one, beside the field', async () => {
    const productId = await fixtureBook(c, 1);
    const input = planInput(uniq('nothreshold').replace(/[^A-Za-z0-9_-]/g, ''), [{ productId, groupPrice: 500 }], { payAfterFormed: true });
    delete (input as { minQuantity?: number }).minQuantity;
    const res = await c.post('/plans', input);
    expectBadRequestAt(res, /payAfterFormed$/);
    expect(JSON.stringify(res.body)).toContain('成團門檻');
  });

  it('orders wait without a deadline until the threshold; the crossing placement releases each with its payment notice, once; later orders await payment', async () => {
    const { planId, productId } = await payAfterPlan(5);
    const days = ((await doc('settings/shop'))?.paymentDueDays as number | undefined) ?? 3;
    const page = await request(app).get(`/api/groupBuying/${planId}`);
    expect(page.body).toMatchObject({ payAfterFormed: true, formedAt: null });

    const first = await order(planId, productId, 2);
    const second = await order(planId, productId, 2);
    for (const o of [first, second]) expect(o).toMatchObject({ status: 'awaitingFormation', paymentDueAt: null });
    // The placement mail says plainly: ordered, nothing to pay yet, the notice comes at 成團; no bank account in it.
    const placed = await waitForMail(first.email, ['等待成團', first.orderNo]);
    expect(placed.text).toContain('目前不需要匯款');
    expect(placed.text).toContain('收款通知');
    expect(placed.text).not.toContain('匯款期限：');

    const crossing = await order(planId, productId, 1);
    expect(crossing.status).toBe('awaitingPayment');
    const plan = await doc(`groupBuyingPlans/${planId}`);
    const formedAt = plan!.formedAt as string;
    expect(Date.parse(formedAt)).toBeGreaterThanOrEqual(Date.parse(crossing.createdAt));
    expect(Date.parse(crossing.paymentDueAt!)).toBe(Date.parse(crossing.createdAt) + days * DAY);

    for (const o of [first, second]) {
      const now = await stored(o.orderId);
      expect(now.status).toBe('awaitingPayment');
      expect(now.paymentDueAt).toBe(new Date(Date.parse(formedAt) + days * DAY).toISOString());
      expect(now.statusHistory.map((h) => h.status)).toEqual(['awaitingFormation', 'awaitingPayment']);
    }
    const later = await order(planId, productId, 1);
    expect(later).toMatchObject({ status: 'awaitingPayment' });
    expect(Date.parse(later.paymentDueAt!)).toBe(Date.parse(later.createdAt) + days * DAY);

    // Running the release again (another placement, the job) changes nothing and mails nobody.
    expect((await releaseFormedPlan(planId)).released).toEqual([]);
    expect((await request(app).get(`/api/groupBuying/${planId}`)).body.formedAt).toBe(formedAt);

    for (const o of [first, second]) {
      const notice = await waitForMail(o.email, ['收款通知', o.orderNo]);
      expect(notice.text).toContain((await stored(o.orderId)).totalPrice.toLocaleString('en-US'));
      expect(notice.text).toMatch(/帳號/);
      expect(notice.text).toContain('匯款期限');
    }
    // Each notice once: one mail document per order and change, under the id the change names.
    for (const o of [first, second]) expect(await mailDocIds(o.orderId, '收款通知')).toEqual([`${o.orderId}-awaitingPayment`]);
    // The crossing and later orders never waited: their ordinary confirmation with the bank details, no notice.
    expect((await waitForMail(later.email, ['訂單成立通知', later.orderNo])).text).toContain('匯款期限');
    expect(await mailDocIds(later.orderId, '收款通知')).toEqual([]);
  });

  it('a burst that crosses the threshold converges: no order is left waiting, each waiting one released once with one notice', async () => {
    const { planId, productId } = await payAfterPlan(5);
    const placed = await Promise.all(Array.from({ length: 8 }, () => order(planId, productId, 1)));
    expect((await doc(`planProgress/${planId}`))!.copies).toBe(8);
    const formedAt = (await doc(`groupBuyingPlans/${planId}`))!.formedAt as string;
    let waited = 0;
    for (const o of placed) {
      const now = await stored(o.orderId);
      expect(now.status).toBe('awaitingPayment');
      const path = now.statusHistory.map((h) => h.status);
      if (path[0] === 'awaitingFormation') {
        waited++;
        expect(path).toEqual(['awaitingFormation', 'awaitingPayment']);
        expect(Date.parse(now.paymentDueAt!)).toBeGreaterThanOrEqual(Date.parse(formedAt));
        expect(await doc(`mail/${o.orderId}-awaitingPayment`)).toBeDefined();
      } else {
        expect(path).toEqual(['awaitingPayment']);
        expect(await doc(`mail/${o.orderId}-awaitingPayment`)).toBeUndefined();
      }
    }
    // Exactly the orders placed below the threshold waited (4 copies before the fifth).
    expect(waited).toBe(4);
  });

  it('a waiting order is never swept, cannot be matched or marked paid, and the owner may cancel it (its stock returns)', async () => {
    const { planId, productId } = await payAfterPlan(100);
    const waiting = await order(planId, productId, 3);
    expect(waiting.status).toBe('awaitingFormation');
    expect((await doc(`stock/${productId}`))!.qty).toBe(37);

    // Even with a deadline long past written on it, the sweep leaves it (its status is not one it cancels).
    await adminDb().doc(`orders/${waiting.orderId}`).update({ paymentDueAt: new Date(Date.now() - DAY).toISOString() });
    expect((await sweepUnpaidOrders(new Date())).cancelled).not.toContain(waiting.orderId);
    await expect(changeOrderStatus({ orderId: waiting.orderId, to: 'cancelledUnpaid', by: 'system:sweep', role: 'sweep' })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await stored(waiting.orderId)).status).toBe('awaitingFormation');

    // The bank matching proposes nothing for it, and a confirmation by hand is refused.
    const deposit = { row: 2, date: taiwanDay(Date.now()), amount: waiting.totalPrice, account: `822-000${waiting.bankAccountNo}`, occurrence: 0 };
    const match = await c.post('/bank/match', { deposits: [deposit] });
    expect(match.status).toBe(200);
    expect((match.body as BankProposal[])[0]!.candidates.map((x) => x.orderNo)).not.toContain(waiting.orderNo);
    const confirm = await c.post('/bank/confirm', { matches: [{ deposit, orderId: waiting.orderId }] });
    expect((confirm.body as BankConfirmResult[])[0]).toMatchObject({ outcome: 'refused', message: '訂單等待成團中，尚未開始收款' });
    const paid = await c.post(`/orders/${waiting.orderId}/status`, { status: 'preparing', bankAccountNo: waiting.bankAccountNo, amount: waiting.totalPrice });
    expectCatalogueBody(paid.body, 409, 'INVALID_TRANSITION');
    expect((await stored(waiting.orderId)).status).toBe('awaitingFormation');

    const cancelled = await c.post(`/orders/${waiting.orderId}/status`, { status: 'cancelledUnpaid', note: '流團' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelledUnpaid');
    expect((await doc(`stock/${productId}`))!.qty).toBe(40);
  });
});

describe('the payment reminder', () => {
  /**
   * An awaitingPayment order whose deadline is moved a month out, to an instant of its own: the
   * injected clocks then put no other test's order in the reminder's 24-hour window.
   */
  async function dueOrder() {
    const { planId, productId } = await payAfterPlan(1);
    const o = await order(planId, productId, 1);
    expect(o.status).toBe('awaitingPayment');
    const due = new Date(Date.now() + 30 * DAY + Math.floor(Math.random() * 5 * DAY));
    await adminDb().doc(`orders/${o.orderId}`).update({ paymentDueAt: due.toISOString() });
    return { ...o, due };
  }
  const before = (due: Date, hours: number) => new Date(due.getTime() - hours * HOUR);

  it('is not sent 25 h before the deadline, is sent 23 h before with the amount, the bank, the deadline and the lookup link, and only once', async () => {
    const o = await dueOrder();
    expect((await remindUnpaidOrders(before(o.due, 25))).reminded).not.toContain(o.orderId);
    expect(await doc(`mail/${o.orderId}-payment-reminder`)).toBeUndefined();

    expect((await remindUnpaidOrders(before(o.due, 23))).reminded).toContain(o.orderId);
    expect((await remindUnpaidOrders(before(o.due, 22.5))).reminded).not.toContain(o.orderId);
    const mail = await waitForMail(o.email, ['匯款提醒', o.orderNo]);
    expect(mail.text).toContain(o.totalPrice.toLocaleString('en-US'));
    expect(mail.text).toContain('匯款期限');
    expect(mail.text).toMatch(/帳號/);
    expect(mail.text).toContain(`/order?orderNo=${o.orderNo}`);
    expect(await mailDocIds(o.orderId, '匯款提醒')).toEqual([`${o.orderId}-payment-reminder`]);
  });

  it('is never sent to an address that unsubscribed from the shop', async () => {
    const o = await dueOrder();
    const now = new Date().toISOString();
    await adminDb().doc(`subscriptions/${o.email.toLowerCase()}`).set({ email: o.email.toLowerCase(), status: 'unsubscribed', version: 1, subscribedAt: now, unsubscribedAt: now, updatedAt: now });
    const r = await remindUnpaidOrders(before(o.due, 23));
    expect(r.reminded).not.toContain(o.orderId);
    expect(r.unsubscribed).toBeGreaterThanOrEqual(1);
    expect(await doc(`mail/${o.orderId}-payment-reminder`)).toBeUndefined();
  });
});
