import { describe, expect, it } from 'vitest';
import { taiwanDay } from '../../contracts/format';
import { orderFacts, statsDelta } from '../order-stats';

const order = (status: string, extra: Record<string, unknown> = {}) => ({
  status,
  // 2026-11-30 23:30 in Taiwan: the day and month are Taiwan's, not UTC's.
  createdAt: '2026-11-30T15:30:00.000Z',
  totalPrice: 1700,
  planId: 'cpaSouth',
  items: [
    { productId: 'b1', name: '書一', qty: 2, totalPrice: 1200 },
    { productId: 'b2', name: '書二', qty: 1, totalPrice: 500 },
  ],
  ...extra,
});

describe('order stats deltas', () => {
  it('counts a new order on its Taiwan day and month, its books as awaiting, the campaign on the change day', () => {
    const d = statsDelta(null, orderFacts(order('awaitingPayment')), '2026-12-01');
    expect(d.get('day/2026-11-30')).toEqual({ n: { awaitingPayment: 1 }, amount: { awaitingPayment: 1700 } });
    expect(d.get('month/2026-11')).toEqual({
      n: { awaitingPayment: 1 },
      amount: { awaitingPayment: 1700 },
      books: { b1: { awaitingQty: 2 }, b2: { awaitingQty: 1 } },
    });
    expect(d.get('plan/cpaSouth')).toEqual({ days: { '2026-12-01': { copies: 3, orders: 1 } } });
  });

  it('moves a payment from awaiting to paid and leaves the campaign alone', () => {
    const d = statsDelta(orderFacts(order('awaitingPayment')), orderFacts(order('preparing')), '2026-12-02');
    expect(d.get('day/2026-11-30')).toEqual({ n: { awaitingPayment: -1, preparing: 1 }, amount: { awaitingPayment: -1700, preparing: 1700 } });
    expect(d.get('month/2026-11')!.books).toEqual({ b1: { awaitingQty: -2, paidQty: 2, paidAmount: 1200 }, b2: { awaitingQty: -1, paidQty: 1, paidAmount: 500 } });
    expect(d.has('plan/cpaSouth')).toBe(false);
  });

  it('takes a cancelled order out of the campaign on the day it was cancelled', () => {
    const d = statsDelta(orderFacts(order('awaitingPayment')), orderFacts(order('cancelledUnpaid')), '2026-12-05');
    expect(d.get('plan/cpaSouth')).toEqual({ days: { '2026-12-05': { copies: -3, orders: -1 } } });
    expect(d.get('month/2026-11')!.books).toEqual({ b1: { awaitingQty: -2 }, b2: { awaitingQty: -1 } });
  });

  it('writes nothing for a change the totals do not see (a history note, a tracking number)', () => {
    expect(statsDelta(orderFacts(order('shipped')), orderFacts(order('shipped', { delivery: { trackingNo: '1' } })), '2026-12-05').size).toBe(0);
  });

  it('subtracts a deleted order and ignores a malformed one', () => {
    const d = statsDelta(orderFacts(order('shipped')), null, '2026-12-05');
    expect(d.get('day/2026-11-30')).toEqual({ n: { shipped: -1 }, amount: { shipped: -1700 } });
    expect(orderFacts({ status: 'nope', createdAt: 'x' })).toBeNull();
    expect(statsDelta(null, orderFacts({ status: 'shipped' }), '2026-12-05').size).toBe(0);
  });

  it('adds up to the same totals whatever order the events arrive in', () => {
    const a = orderFacts(order('awaitingPayment'));
    const p = orderFacts(order('preparing'));
    const s = orderFacts(order('shipped'));
    const sum = (...ds: ReturnType<typeof statsDelta>[]) => {
      const t: Record<string, number> = {};
      const walk = (prefix: string, v: unknown) => {
        if (typeof v === 'number') t[prefix] = (t[prefix] ?? 0) + v;
        else for (const [k, x] of Object.entries(v as object)) walk(`${prefix}.${k}`, x);
      };
      for (const d of ds) for (const [doc, node] of d) walk(doc, node);
      return Object.fromEntries(Object.entries(t).filter(([, v]) => v !== 0));
    };
    const steps = [statsDelta(null, a, '2026-12-01'), statsDelta(a, p, '2026-12-01'), statsDelta(p, s, '2026-12-01')];
    expect(sum(...steps.reverse())).toEqual(sum(statsDelta(null, s, '2026-12-01')));
  });

  it('names Taiwan days', () => {
    expect(taiwanDay(Date.parse('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });
});
