import { describe, expect, it } from 'vitest';
import type { OrderStatusChange } from '../../contracts/admin';
import { ORDER_STATUSES, type OrderStatus } from '../../contracts/orders';
import { applyChange, cancelledByCampaign, paidFromDigits, formationChange, isUnpaid, paymentReminderOf, canMove, DEFAULT_PAYMENT_DUE_DAYS, isActiveOrder, orderTemplate, correctDelivery, createOrder, mailIdOf, mailOfChange, MOVES, ownerChange, placedMail, publicOrder, refusalOf, returnsStock, setBankDigits, type OrderDoc, type OrderRole } from '../order';
import { sampleContact } from '../../contracts/__tests__/sample-order';
import { place } from './place-fixture';

// The order's life (functions/src/domain/order.ts), pure: every move from every status for every role,
// the owner's changes with their checks, the delivery correction and the mail each change sends.

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const later = '2026-11-27T10:00:00.000Z'; // after the 3-day deadline
const order = (status: OrderStatus = 'awaitingPayment', extra: Partial<OrderDoc> = {}): OrderDoc => ({
  ...createOrder(place('o1', [{ productId: 'a', qty: 2 }]).template, 'QY0001', now),
  status,
  ...extra,
});

/** Every allowed move, per role, written out: the table the code must agree with. */
const ALLOWED: Record<OrderRole, string[]> = {
  owner: ['awaitingFormation>cancelledUnpaid', 'awaitingPayment>preparing', 'awaitingPayment>cancelledUnpaid', 'preparing>shipped', 'preparing>refunded', 'shipped>refunded'],
  sweep: ['awaitingPayment>cancelledUnpaid'],
  system: ['awaitingFormation>awaitingPayment', 'awaitingFormation>cancelledUnpaid', 'awaitingPayment>preparing', 'awaitingPayment>cancelledUnpaid', 'awaitingPayment>refunded', 'preparing>shipped', 'preparing>refunded', 'shipped>refunded'],
};

describe('orderTemplate', () => {
  const placement = { orderId: 'o1', userId: 'u1', planId: null, input: { items: [{ productId: 'a', qty: 2 }], ...sampleContact }, buyer: '王小明', email: 'a@example.com', actor: 'member:u1' };
  const items = [
    { productId: 'a', name: '書 a', qty: 2, unitPrice: 300, totalPrice: 600 },
    { productId: 'b', name: '書 b', qty: 1, unitPrice: 250, totalPrice: 250 },
  ];

  it('totals the priced lines plus the shipping fee, and keeps the buyer, the hash and the actor', () => {
    const t = orderTemplate(placement, items, { shippingFee: 80, paymentDueDays: 5 }, 'h1');
    expect(t).toMatchObject({ itemsTotal: 850, shippingFee: 80, totalPrice: 930, paymentDueDays: 5, requestHash: 'h1', actor: 'member:u1', buyer: '王小明', delivery: null, pickup: null });
    expect(t.receiver).toEqual({ name: sampleContact.receiver.name, address: sampleContact.receiver.address });
  });

  it('falls back to the default payment days when the settings name none or nonsense', () => {
    for (const days of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(orderTemplate(placement, items, { shippingFee: 0, paymentDueDays: days }, 'h').paymentDueDays).toBe(DEFAULT_PAYMENT_DUE_DAYS);
    }
  });
});

describe('createOrder', () => {
  it('starts awaiting payment, dated now, due paymentDueDays later, with the actor in the history and no template-only field', () => {
    const doc = createOrder(place('o1', [{ productId: 'a', qty: 1 }], { paymentDueDays: 5, actor: 'guest' }).template, 'QY0009', now);
    expect(doc).toMatchObject({ orderNo: 'QY0009', status: 'awaitingPayment', createdAt: at, updatedAt: at, paymentDueAt: '2026-11-28T10:00:00.000Z' });
    expect(doc.statusHistory).toEqual([{ status: 'awaitingPayment', at, by: 'guest' }]);
    expect(doc).not.toHaveProperty('paymentDueDays');
    expect(doc).not.toHaveProperty('actor');
  });

  it('sends the placement mail only to an order with an address', () => {
    expect(placedMail(order())).toEqual({ kind: 'placed' });
    expect(placedMail(order('awaitingPayment', { email: '' }))).toBeNull();
  });
});

describe('who may move an order where', () => {
  for (const role of ['owner', 'sweep', 'system'] as const) {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = ALLOWED[role].includes(`${from}>${to}`);
        it(`${role}: ${from} -> ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(canMove(role, from, to)).toBe(allowed);
          // Checked on an overdue order, so that the sweep's deadline is not what decides.
          const refusal = refusalOf(order(from), { to, role, at: later });
          expect(refusal).toEqual(allowed ? null : { kind: 'invalidTransition', from, to });
        });
      }
    }
  }

  it('the MOVES table is the one written out above; only a forming campaign leads to awaitingPayment, nothing back to awaitingFormation', () => {
    for (const role of ['owner', 'sweep', 'system'] as const) {
      const listed = ORDER_STATUSES.flatMap((from) => MOVES[role][from].map((to) => `${from}>${to}`));
      expect(listed.sort()).toEqual([...ALLOWED[role]].sort());
      expect(listed.filter((m) => m.endsWith('>awaitingPayment'))).toEqual(role === 'system' ? ['awaitingFormation>awaitingPayment'] : []);
      expect(listed.some((m) => m.endsWith('>awaitingFormation'))).toBe(false);
    }
  });

  it('the sweep cancels only an order whose deadline has passed (exactly at the deadline is not yet)', () => {
    const o = order();
    expect(refusalOf(o, { to: 'cancelledUnpaid', role: 'sweep', at })).toEqual({ kind: 'notDue', paymentDueAt: o.paymentDueAt });
    expect(refusalOf(o, { to: 'cancelledUnpaid', role: 'sweep', at: o.paymentDueAt! })).toMatchObject({ kind: 'notDue' });
    expect(refusalOf(o, { to: 'cancelledUnpaid', role: 'sweep', at: '2026-11-26T10:00:00.001Z' })).toBeNull();
    // The owner and the server may cancel before the deadline.
    expect(refusalOf(o, { to: 'cancelledUnpaid', role: 'owner', at })).toBeNull();
  });

  it('the terminal statuses return the stock, and only they; the others are active (they hold copies)', () => {
    expect(ORDER_STATUSES.filter(returnsStock)).toEqual(['cancelledUnpaid', 'refunded']);
    expect(ORDER_STATUSES.filter((status) => isActiveOrder({ status }))).toEqual(['awaitingFormation', 'awaitingPayment', 'preparing', 'shipped']);
    // Unpaid: what a failed campaign (流團) cancels.
    expect(ORDER_STATUSES.filter((status) => isUnpaid({ status }))).toEqual(['awaitingFormation', 'awaitingPayment']);
    for (const s of ORDER_STATUSES.filter(returnsStock)) for (const role of ['owner', 'sweep', 'system'] as const) expect(MOVES[role][s]).toEqual([]);
  });
});

describe('applyChange', () => {
  it('sets the status, appends the history with its note, dates the change and keeps everything else', () => {
    const before = order('preparing');
    const delivery = { company: '黑貓宅急便', trackingNo: 'T1', trackingUrl: 'https://example.com/t1' };
    const after = applyChange(before, { to: 'shipped', role: 'owner', by: 'owner:a', at: later, note: '黑貓宅急便 T1', delivery });
    expect(after).toMatchObject({ status: 'shipped', delivery, updatedAt: later, createdAt: at, items: before.items, totalPrice: before.totalPrice });
    expect(after.statusHistory).toEqual([...before.statusHistory, { status: 'shipped', at: later, by: 'owner:a', note: '黑貓宅急便 T1' }]);
    expect(before.status).toBe('preparing');
    expect(applyChange(before, { to: 'refunded', role: 'owner', by: 'owner:a', at: later }).statusHistory.at(-1)).toEqual({ status: 'refunded', at: later, by: 'owner:a' });
  });
});

describe('which mail each change sends', () => {
  it('one per move, the sweep and the owner cancelling differently, none without an address or to an imported order from the sweep', () => {
    const o = order();
    expect(mailOfChange(o, 'preparing', 'owner')).toEqual({ kind: 'paymentConfirmed' });
    expect(mailOfChange(o, 'shipped', 'owner')).toEqual({ kind: 'shipped' });
    expect(mailOfChange(o, 'refunded', 'owner', '退貨')).toEqual({ kind: 'refunded', note: '退貨' });
    expect(mailOfChange(o, 'cancelledUnpaid', 'owner', '缺貨')).toEqual({ kind: 'cancelledByShop', note: '缺貨' });
    expect(mailOfChange(o, 'cancelledUnpaid', 'sweep')).toEqual({ kind: 'overdueCancelled' });
    const legacy = { ...o, legacy: { path: 'orders/x', status: '1', isClosed: false, isFromGroup: false, files: [] } };
    expect(mailOfChange(legacy, 'cancelledUnpaid', 'sweep')).toBeNull();
    expect(mailOfChange(legacy, 'cancelledUnpaid', 'owner')).toEqual({ kind: 'cancelledByShop' });
    expect(mailOfChange({ ...o, email: '' }, 'shipped', 'owner')).toBeNull();
  });

  it('names the mail document by the order and the change, so a re-run writes the same one', () => {
    const o = order();
    expect(mailIdOf(o, { kind: 'placed' })).toBe('o1-placed');
    const cancelled = applyChange(o, { to: 'cancelledUnpaid', role: 'owner', by: 'owner:a', at });
    expect(mailIdOf(cancelled, { kind: 'cancelledByShop' })).toBe('o1-cancelledUnpaid');
    expect(mailIdOf({ ...o, statusHistory: [...o.statusHistory, ...o.statusHistory] }, { kind: 'deliveryCorrected', previous: null })).toBe('o1-delivery-2');
  });
});

describe("the owner's change", () => {
  const pay = (extra: Partial<Extract<OrderStatusChange, { status: 'preparing' }>> = {}): OrderStatusChange => ({ status: 'preparing', bankAccountNo: '12345', amount: 200, ...extra });

  it('a payment that matches moves to preparing, notes the digits and the amount, and confirms by mail', () => {
    const r = ownerChange(order(), pay({ note: '臨櫃' }), 'owner:a', later);
    expect(r).toMatchObject({ next: { status: 'preparing' }, mail: { kind: 'paymentConfirmed' } });
    if ('next' in r) expect(r.next.statusHistory.at(-1)).toEqual({ status: 'preparing', at: later, by: 'owner:a', note: '匯款已核對：帳號末五碼 12345，金額 NT$200；臨櫃' });
  });

  it('refuses a payment whose digits or amount differ, naming each field but never the digits the order holds', () => {
    const r = ownerChange(order(), pay({ bankAccountNo: '99999', amount: 150 }), 'owner:a', later);
    expect(r).toMatchObject({ refusal: { kind: 'invalid', details: [{ path: 'bankAccountNo' }, { path: 'amount' }] } });
    expect(JSON.stringify(r)).not.toContain('12345');
  });

  it('accepts other digits when the buyer paid from another account, and says so in the note', () => {
    const r = ownerChange(order(), pay({ bankAccountNo: '99999', otherAccount: true }), 'owner:a', later);
    if (!('next' in r)) throw new Error('refused');
    expect(r.next.statusHistory.at(-1)!.note).toContain('由其他帳戶匯款');
    expect(r.next.payment).toEqual({ digits: '99999', amount: 200, account: 'other' });
    expect(paidFromDigits(r.next)).toBe('99999');
    // An order without digits is matched on the amount only.
    const none = ownerChange(order('awaitingPayment', { bankAccountNo: '00000' }), pay({ bankAccountNo: '55555' }), 'owner:a', later);
    if (!('next' in none)) throw new Error('refused');
    expect(none.next.statusHistory.at(-1)!.note).toContain('訂購時未填');
    expect(none.next.payment).toEqual({ digits: '55555', amount: 200, account: 'unstated' });
  });

  it('records who ended an order and why, and renders the note from it', () => {
    const o = order();
    expect(applyChange(o, { to: 'cancelledUnpaid', role: 'sweep', by: 'system:sweep', at }).cancellation).toEqual({ reason: 'overdue' });
    expect(applyChange(o, { to: 'cancelledUnpaid', role: 'sweep', by: 'system:sweep', at }).statusHistory.at(-1)!.note).toBe('逾期未匯款，系統自動取消');
    expect(applyChange(o, { to: 'cancelledUnpaid', role: 'owner', by: 'owner:a', at })).toMatchObject({ cancellation: { reason: 'owner' } });
    const failed = applyChange(o, { to: 'cancelledUnpaid', role: 'owner', by: 'owner:a', at, cancellation: { reason: 'campaignFailed', planId: 'p1', decidedAt: at } });
    expect(cancelledByCampaign(failed)).toBe(true);
    expect(failed.statusHistory.at(-1)!.note).toBe('流團：活動未成團，訂單取消');
    // A wording change of the note changes nothing: the fact is what is read.
    const reworded: OrderDoc = { ...failed, statusHistory: failed.statusHistory.map((h) => ({ ...h, note: '另一種說法' })) };
    expect(cancelledByCampaign(reworded)).toBe(true);
    expect(applyChange(o, { to: 'preparing', role: 'owner', by: 'owner:a', at }).cancellation).toBeUndefined();
    expect(publicOrder(failed)).not.toHaveProperty('cancellation');
  });

  it('ships with the delivery details in the order and the note', () => {
    const delivery = { company: '中華郵政', trackingNo: 'EE1', trackingUrl: '' };
    const r = ownerChange(order('preparing'), { status: 'shipped', delivery }, 'owner:a', later);
    expect(r).toMatchObject({ next: { status: 'shipped', delivery }, mail: { kind: 'shipped' } });
  });

  it('refunds a shipped order keeping its copies out, and refuses that for an order never shipped', () => {
    const r = ownerChange(order('shipped'), { status: 'refunded', restock: 'damaged', note: '破損' }, 'owner:a', later);
    expect(r).toMatchObject({ keepOut: 'damaged', mail: { kind: 'refunded', note: '破損' } });
    if ('next' in r) expect(r.next.statusHistory.at(-1)!.note).toBe('書已損壞，不退回庫存；破損');
    expect(ownerChange(order('preparing'), { status: 'refunded', restock: 'notReturned' }, 'owner:a', later)).toMatchObject({ refusal: { kind: 'invalid', details: [{ path: 'restock' }] } });
    expect(ownerChange(order('preparing'), { status: 'refunded', restock: 'return' }, 'owner:a', later)).not.toHaveProperty('keepOut');
  });

  it("refuses the moves the owner may not make before any other check (a refund of an unpaid order, a way back)", () => {
    expect(ownerChange(order(), { status: 'refunded' }, 'owner:a', later)).toEqual({ refusal: { kind: 'invalidTransition', from: 'awaitingPayment', to: 'refunded' } });
    expect(ownerChange(order('preparing'), { status: 'awaitingPayment' }, 'owner:a', later)).toEqual({ refusal: { kind: 'invalidTransition', from: 'preparing', to: 'awaitingPayment' } });
    expect(ownerChange(order('shipped'), pay({ amount: 1 }), 'owner:a', later)).toMatchObject({ refusal: { kind: 'invalidTransition' } });
  });
});

describe('the delivery correction', () => {
  const wrong = { company: '黑貓宅急便', trackingNo: 'T1', trackingUrl: 'https://example.com/t1' };
  const right = { company: '黑貓宅急便', trackingNo: 'T2', trackingUrl: 'https://example.com/t2' };

  it("corrects a shipped order's details, keeps its status, notes it and mails what was wrong", () => {
    const r = correctDelivery(order('shipped', { delivery: wrong }), { delivery: right, note: '單號打錯' }, 'owner:a', later);
    if (!('next' in r)) throw new Error('refused');
    expect(r.next).toMatchObject({ status: 'shipped', delivery: right, updatedAt: later });
    expect(r.next.statusHistory.at(-1)).toEqual({ status: 'shipped', at: later, by: 'owner:a', note: '更正貨件資訊：黑貓宅急便 T2；單號打錯' });
    expect(r.mail).toEqual({ kind: 'deliveryCorrected', previous: wrong, note: '單號打錯' });
  });

  it('refuses an order that is not shipped, and mails nobody without an address', () => {
    for (const s of ORDER_STATUSES.filter((s) => s !== 'shipped')) expect(correctDelivery(order(s), { delivery: right }, 'owner:a', later)).toEqual({ refusal: { kind: 'notShipped', status: s } });
    expect(correctDelivery(order('shipped', { email: '' }), { delivery: right }, 'owner:a', later)).toMatchObject({ mail: null });
  });
});

describe("the buyer's bank digits", () => {
  it('are given or corrected only while the order is unpaid (awaiting payment or 成團), each noted in the history', () => {
    const given = setBankDigits(order('awaitingPayment', { bankAccountNo: '00000' }), '24680', 'member:u1', later);
    expect(given).toMatchObject({ next: { bankAccountNo: '24680', status: 'awaitingPayment' } });
    if ('next' in given) expect(given.next.statusHistory.at(-1)!.note).toBe('買家填寫匯款帳號末 5 碼：24680');
    const fixed = setBankDigits(order(), '24680', 'member:u1', later);
    if ('next' in fixed) expect(fixed.next.statusHistory.at(-1)!.note).toBe('買家更正匯款帳號末 5 碼：24680');
    for (const s of ORDER_STATUSES.filter((status) => !isUnpaid({ status }))) expect(setBankDigits(order(s), '24680', 'x', later)).toEqual({ refusal: { kind: 'paid', status: s } });
  });
});

describe('pay after 成團 (awaitingFormation)', () => {
  const waiting = (extra: Partial<OrderDoc> = {}): OrderDoc => ({ ...createOrder(place('o1', [{ productId: 'a', qty: 2 }], { planId: 'p1' }).template, 'QY0001', now, true), ...extra });
  const formedAt = '2026-11-25T08:00:00.000Z';

  it('a waiting order has no deadline, and the sweep never cancels it, however late', () => {
    const o = waiting();
    expect(o).toMatchObject({ status: 'awaitingFormation', paymentDueAt: null, statusHistory: [{ status: 'awaitingFormation', at }] });
    expect(o).not.toHaveProperty('payAfter');
    expect(refusalOf(o, { to: 'cancelledUnpaid', role: 'sweep', at: '2099-01-01T00:00:00.000Z' })).toEqual({ kind: 'invalidTransition', from: 'awaitingFormation', to: 'cancelledUnpaid' });
    // Even an order with no deadline in the sweep's own table would not be due.
    expect(refusalOf({ status: 'awaitingPayment', paymentDueAt: null }, { to: 'cancelledUnpaid', role: 'sweep', at: later })).toEqual({ kind: 'notDue', paymentDueAt: null });
    expect(placedMail(o)).toEqual({ kind: 'placed' });
  });

  it('when the campaign forms: awaiting payment, due paymentDueDays after the forming moment, with the payment notice under a fixed id', () => {
    const d = formationChange(waiting(), { formedAt, paymentDueDays: 3, at: '2026-11-25T08:00:01.000Z' });
    if ('refusal' in d) throw new Error('refused');
    expect(d.next).toMatchObject({ status: 'awaitingPayment', paymentDueAt: '2026-11-28T08:00:00.000Z', updatedAt: '2026-11-25T08:00:01.000Z' });
    expect(d.next.statusHistory.at(-1)).toMatchObject({ status: 'awaitingPayment', by: 'system:formed' });
    expect(d.mail).toEqual({ kind: 'paymentDue' });
    expect(mailIdOf(d.next, d.mail!)).toBe('o1-awaitingPayment');
    // An order placed after the forming moment (it slipped in while the moment was recorded) gets its full days.
    const late = formationChange(waiting({ createdAt: '2026-11-26T00:00:00.000Z' }), { formedAt, paymentDueDays: 3, at: '2026-11-26T00:00:01.000Z' });
    expect('next' in late && late.next.paymentDueAt).toBe('2026-11-29T00:00:00.000Z');
    // Nonsense days fall back to the default; no address, no mail.
    const odd = formationChange(waiting({ email: '' }), { formedAt, paymentDueDays: 0, at: formedAt });
    expect('next' in odd && odd.next.paymentDueAt).toBe('2026-11-28T08:00:00.000Z');
    expect('mail' in odd && odd.mail).toBeNull();
  });

  it('releases only a waiting order (a re-run on a released or cancelled one is refused)', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'awaitingFormation')) {
      expect(formationChange(waiting({ status }), { formedAt, paymentDueDays: 3, at: later })).toHaveProperty('refusal');
    }
  });

  it('the buyer may give the bank digits while waiting; the owner may cancel, never mark it paid', () => {
    expect(setBankDigits(waiting(), '54321', 'guest', later)).toHaveProperty('next');
    expect(ownerChange(waiting(), { status: 'cancelledUnpaid' }, 'owner:a', later)).toHaveProperty('next');
    expect(ownerChange(waiting(), { status: 'preparing', bankAccountNo: '12345', amount: 200 }, 'owner:a', later)).toEqual({ refusal: { kind: 'invalidTransition', from: 'awaitingFormation', to: 'preparing' } });
  });
});

describe('the payment reminder', () => {
  const due = '2026-11-26T10:00:00.000Z';
  const hoursBefore = (h: number) => new Date(Date.parse(due) - h * 3_600_000);
  const o = (extra: Partial<OrderDoc> = {}) => order('awaitingPayment', { paymentDueAt: due, ...extra });

  it('is due within 24 h of the deadline and not after it', () => {
    expect(paymentReminderOf(o(), hoursBefore(25))).toBeNull();
    expect(paymentReminderOf(o(), hoursBefore(24))).toEqual({ kind: 'paymentReminder' });
    expect(paymentReminderOf(o(), hoursBefore(23))).toEqual({ kind: 'paymentReminder' });
    expect(paymentReminderOf(o(), hoursBefore(0))).toBeNull();
    expect(mailIdOf(o(), { kind: 'paymentReminder' })).toBe('o1-payment-reminder');
  });

  it('not to an order that is not awaiting payment, has no address, was imported, or whose deadline was mailed under 12 h ago', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'awaitingPayment')) expect(paymentReminderOf(o({ status }), hoursBefore(23))).toBeNull();
    expect(paymentReminderOf(o({ email: '' }), hoursBefore(23))).toBeNull();
    expect(paymentReminderOf(o({ legacy: { path: 'x', status: '1', isClosed: false, isFromGroup: false, files: [] } }), hoursBefore(23))).toBeNull();
    const justAsked = o({ statusHistory: [{ status: 'awaitingPayment', at: hoursBefore(30).toISOString(), by: 'guest' }] });
    expect(paymentReminderOf(justAsked, hoursBefore(23))).toBeNull();
  });
});
