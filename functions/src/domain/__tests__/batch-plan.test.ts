import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../contracts/orders';
import { planBatch, productsOf, writesOf, type AllocationOp, type BatchState, type PlaceOp, type ReturnOp, type SetStockOp } from '../allocation-plan';
import { createOrder, type OrderDoc } from '../order';
import { requestIdOf } from '../../allocator/stock-allocator';
import { place } from './place-fixture';

// The allocator's decisions beyond the basics in ./allocation-plan.test.ts: every kind of op mixed in
// one batch, the refusals of a return, the writes a plan costs, the request ids that make a retry wait
// for its first attempt, and a model-checked run of random batches. The Firestore side (queue, lease,
// preconditions) is driven against the emulator in tests/api/allocator.test.ts.

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();

const ret = (orderId: string, to: OrderStatus, from: OrderStatus = 'awaitingPayment', extra: Partial<ReturnOp> = {}): ReturnOp => ({ kind: 'return', orderId, from, to, by: 'owner:x', ...extra });
const setStock = (quantities: Record<string, number>): SetStockOp => ({ kind: 'setStock', quantities, by: 'owner:x', reason: '盤點' });
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `QY${String(i).padStart(4, '0')}`);

function state(qty: Record<string, number>, orders: OrderDoc[] = [], free = numbers(10)): BatchState {
  return { qty: new Map(Object.entries(qty)), orders: new Map(orders.map((o) => [o.orderId, o])), freeNumbers: free };
}

/** An order as stored, made the way the allocator makes one. */
const stored = (orderId: string, lines: { productId: string; qty: number }[], status: OrderStatus = 'awaitingPayment', extra: Partial<PlaceOp['template']> = {}): OrderDoc => ({
  ...createOrder(place(orderId, lines, extra).template, `QY-${orderId}`, now),
  status,
});

describe('createOrder', () => {
  it('starts every order awaiting payment, dated at the commit, due paymentDueDays later, without the template-only fields', () => {
    const doc = createOrder(place('o1', [{ productId: 'a', qty: 1 }], { paymentDueDays: 5, actor: 'guest' }).template, 'QY0009', now);
    expect(doc).toMatchObject({ orderId: 'o1', orderNo: 'QY0009', status: 'awaitingPayment', createdAt: at, updatedAt: at, paymentDueAt: '2026-11-28T10:00:00.000Z' });
    expect(doc.statusHistory).toEqual([{ status: 'awaitingPayment', at, by: 'guest' }]);
    expect(doc).not.toHaveProperty('paymentDueDays');
    expect(doc).not.toHaveProperty('actor');
  });
});

describe('productsOf', () => {
  it('names the counts each op needs: the lines, the counts set, the books of the order returned', () => {
    expect(productsOf(place('o1', [{ productId: 'a', qty: 1 }, { productId: 'b', qty: 2 }]))).toEqual(['a', 'b']);
    expect(productsOf(setStock({ x: 1, y: 0 }))).toEqual(['x', 'y']);
    const orders = new Map([['o2', stored('o2', [{ productId: 'c', qty: 1 }])]]);
    expect(productsOf(ret('o2', 'refunded'), orders)).toEqual(['c']);
    // Before the orders are read (the first round trip) and for an order that does not exist: none.
    expect(productsOf(ret('o2', 'refunded'))).toEqual([]);
    expect(productsOf(ret('nope', 'refunded'), orders)).toEqual([]);
  });
});

describe('requestIdOf', () => {
  it('gives one pending placement and one pending return per order, and every owner edit its own id', () => {
    expect(requestIdOf(place('o1', [{ productId: 'a', qty: 1 }]))).toBe('place-o1');
    expect(requestIdOf(ret('o1', 'refunded'))).toBe('return-o1');
    const a = requestIdOf(setStock({ a: 1 }));
    const b = requestIdOf(setStock({ a: 1 }));
    expect(a).toMatch(/^stock-/);
    expect(a).not.toBe(b);
  });
});

describe('planBatch: returns', () => {
  it('refuses a return of an order that does not exist', () => {
    const plan = planBatch([ret('ghost', 'refunded')], state({}), now);
    expect(plan.results).toEqual([{ kind: 'skipped', reason: 'notFound', status: null }]);
    expect(plan.updateOrders).toEqual([]);
  });

  it('refuses a move the transitions do not allow, and any target that returns no stock', () => {
    const shipped = stored('o1', [{ productId: 'a', qty: 1 }], 'shipped');
    expect(planBatch([ret('o1', 'cancelledUnpaid', 'shipped')], state({ a: 0 }, [shipped]), now).results[0]).toEqual({
      kind: 'skipped',
      reason: 'invalidTransition',
      status: 'shipped',
    });
    // preparing is a legal move from awaitingPayment, but it moves no stock: it never queues.
    const unpaid = stored('o2', [{ productId: 'a', qty: 1 }]);
    const plan = planBatch([ret('o2', 'preparing')], state({ a: 0 }, [unpaid]), now);
    expect(plan.results[0]).toMatchObject({ kind: 'skipped', reason: 'invalidTransition' });
    expect(plan.stock.size).toBe(0);
  });

  it('a refund of a shipped order returns its copies and says so in the movement', () => {
    const shipped = stored('o1', [{ productId: 'a', qty: 2 }, { productId: 'b', qty: 1 }, { productId: 'a', qty: 1 }], 'shipped');
    const plan = planBatch([ret('o1', 'refunded', 'shipped', { note: '客戶退貨' })], state({ a: 1 }, [shipped]), now);
    expect(plan.results[0]).toMatchObject({ kind: 'returned', order: { status: 'refunded' } });
    expect(plan.stock).toEqual(new Map([['a', 4], ['b', 1]]));
    expect(plan.movements.map((m) => [m.productId, m.before, m.after, m.delta])).toEqual([
      ['a', 1, 4, 3],
      ['b', 0, 1, 1],
    ]);
    expect(plan.movements[0]!.reason).toBe('訂單 QY-o1 退款，庫存退回');
    expect(plan.updateOrders[0]!.statusHistory.at(-1)).toEqual({ status: 'refunded', at, by: 'owner:x', note: '客戶退貨' });
  });

  it("writes the return's mail under the order and the target status (a re-run writes the same document)", () => {
    const order = stored('o1', [{ productId: 'a', qty: 1 }]);
    const mail = { kind: 'cancelledByShop', note: '缺貨' } as const;
    const plan = planBatch([ret('o1', 'cancelledUnpaid', 'awaitingPayment', { mail })], state({ a: 0 }, [order]), now);
    expect([...plan.mails.keys()]).toEqual(['o1-cancelledUnpaid']);
    expect(plan.mails.get('o1-cancelledUnpaid')).toEqual({ mail, order: expect.objectContaining({ status: 'cancelledUnpaid' }) });
    expect(planBatch([ret('o1', 'cancelledUnpaid')], state({ a: 0 }, [order]), now).mails.size).toBe(0);
    // No address, no mail.
    const noEmail = { ...order, email: '' };
    expect(planBatch([ret('o1', 'cancelledUnpaid', 'awaitingPayment', { mail })], state({ a: 0 }, [noEmail]), now).mails.size).toBe(0);
  });

  it("the sweep applies only once the payment deadline is before the batch's time", () => {
    const order = stored('o1', [{ productId: 'a', qty: 1 }]);
    const sweep = ret('o1', 'cancelledUnpaid', 'awaitingPayment', { role: 'sweep', by: 'system:sweep' });
    const due = new Date(order.paymentDueAt!);
    expect(planBatch([sweep], state({ a: 0 }, [order]), new Date(due.getTime() + 1)).results[0]!.kind).toBe('returned');
    // Exactly at the deadline the order is not overdue yet.
    expect(planBatch([sweep], state({ a: 0 }, [order]), due).results[0]).toMatchObject({ kind: 'skipped', reason: 'stale' });
    // And the sweep never refunds, whatever the time.
    expect(planBatch([{ ...sweep, to: 'refunded' }], state({ a: 0 }, [order]), new Date(due.getTime() + 1)).results[0]).toMatchObject({ kind: 'skipped', reason: 'invalidTransition' });
  });
});

describe('planBatch: ops of every kind in one batch', () => {
  it('a placement after a return in the same batch sells the copies that came back', () => {
    const order = stored('old', [{ productId: 'a', qty: 2 }]);
    const plan = planBatch([ret('old', 'refunded'), place('new', [{ productId: 'a', qty: 2 }])], state({ a: 0 }, [order]), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['returned', 'created']);
    expect(plan.stock.get('a')).toBe(0);
  });

  it("a placement after the owner's count sees the new count, one before it the old one", () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 2 }]), setStock({ a: 1 }), place('o2', [{ productId: 'a', qty: 2 }])], state({ a: 2 }), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['created', 'stockSet', 'outOfStock']);
    expect(plan.results[1]).toEqual({ kind: 'stockSet', changes: [{ productId: 'a', before: 0, after: 1 }] });
    expect(plan.stock.get('a')).toBe(1);
  });

  it('an order placed and cancelled in one batch is written once, cancelled, and nets its progress to nothing', () => {
    const plan = planBatch([place('g1', [{ productId: 'a', qty: 3 }], { planId: 'p1' }), ret('g1', 'cancelledUnpaid')], state({ a: 3 }), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['created', 'returned']);
    expect(plan.stock.get('a')).toBe(3);
    expect(plan.progress.get('p1')).toEqual({ orders: 0, copies: 0 });
    expect(plan.createOrders).toHaveLength(1);
    expect(plan.updateOrders.map((o) => o.status)).toEqual(['cancelledUnpaid']);
  });

  it('a book without a stock record counts as none', () => {
    expect(planBatch([place('o1', [{ productId: 'new', qty: 1 }])], state({}), now).results[0]).toEqual({ kind: 'outOfStock', productId: 'new', available: 0, requested: 1 });
  });

  it('takes order numbers in the order read and fails loudly when the batch read too few', () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 1 }]), place('o2', [{ productId: 'a', qty: 1 }])], state({ a: 2 }, [], ['N1', 'N2', 'N3']), now);
    expect(plan.numbers).toEqual([
      { orderNo: 'N1', orderId: 'o1' },
      { orderNo: 'N2', orderId: 'o2' },
    ]);
    expect(() => planBatch([place('o1', [{ productId: 'a', qty: 1 }])], state({ a: 1 }, [], []), now)).toThrow(/order number/);
    // A refused placement takes no number.
    expect(planBatch([place('o1', [{ productId: 'a', qty: 2 }])], state({ a: 1 }, [], []), now).results[0]!.kind).toBe('outOfStock');
  });

  it('writes no placement mail for an order without an email', () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 1 }], { email: '' }), place('o2', [{ productId: 'a', qty: 1 }])], state({ a: 2 }), now);
    expect([...plan.mails.keys()]).toEqual(['o2-placed']);
  });

  it('counts the writes of a plan as the commit makes them', () => {
    const order = stored('old', [{ productId: 'a', qty: 1 }, { productId: 'b', qty: 1 }], 'awaitingPayment', { planId: 'p1' });
    const ops: AllocationOp[] = [place('o1', [{ productId: 'a', qty: 1 }], { planId: 'p1' }), ret('old', 'refunded', 'awaitingPayment', { mail: { kind: 'refunded' } }), setStock({ c: 4 })];
    const plan = planBatch(ops, state({ a: 1 }, [order]), now);
    // lease 1 + 3 requests x 2 + 1 order x 2 + 1 update + stock a,b,c 3 + progress 1 + movements (sale a; return a, b; c) 4 + mails 2
    expect(writesOf(plan, ops.length)).toBe(1 + 6 + 2 + 1 + 3 + 1 + 4 + 2);
    // + what the caller writes beside (the stock allocator: the placed order's dashboard totals)
    expect(writesOf(plan, ops.length, (p) => p.createOrders.length * 3)).toBe(1 + 6 + 2 + 1 + 3 + 1 + 4 + 2 + 3);
  });
});

describe('planBatch against a model (property)', () => {
  const product = fc.constantFrom('a', 'b', 'c');
  const opArb = fc.oneof(
    fc.record({ kind: fc.constant('place' as const), product, qty: fc.integer({ min: 1, max: 4 }), plan: fc.boolean() }),
    fc.record({ kind: fc.constant('return' as const), target: fc.nat(30), to: fc.constantFrom<OrderStatus>('refunded', 'cancelledUnpaid', 'shipped') }),
    fc.record({ kind: fc.constant('setStock' as const), product, qty: fc.nat(10) }),
  );

  it('keeps a count per book that the model agrees with, sells nothing twice and returns nothing twice', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), fc.record({ a: fc.nat(10), b: fc.nat(10), c: fc.nat(10) }), (spec, initial) => {
        const ops: AllocationOp[] = spec.map((s, i) => {
          if (s.kind === 'place') return place(`o${i}`, [{ productId: s.product, qty: s.qty }], s.plan ? { planId: 'p1' } : {});
          if (s.kind === 'return') return ret(`o${s.target}`, s.to);
          return setStock({ [s.product]: s.qty });
        });
        const plan = planBatch(ops, state(initial, [], numbers(40)), now);

        // The model: plain counts, orders by id with their status.
        const qty: Record<string, number> = { ...initial };
        const orders = new Map<string, { product: string; qty: number; status: OrderStatus; plan: boolean }>();
        let progress = { orders: 0, copies: 0 };
        const expected = spec.map((s, i) => {
          if (s.kind === 'place') {
            if (qty[s.product]! < s.qty) return 'outOfStock';
            qty[s.product]! -= s.qty;
            orders.set(`o${i}`, { product: s.product, qty: s.qty, status: 'awaitingPayment', plan: s.plan });
            if (s.plan) progress = { orders: progress.orders + 1, copies: progress.copies + s.qty };
            return 'created';
          }
          if (s.kind === 'return') {
            const o = orders.get(`o${s.target}`);
            if (!o || s.to === 'shipped' || o.status !== 'awaitingPayment') return 'skipped';
            qty[o.product]! += o.qty;
            o.status = s.to;
            if (o.plan) progress = { orders: progress.orders - 1, copies: progress.copies - o.qty };
            return 'returned';
          }
          qty[s.product] = s.qty;
          return 'stockSet';
        });

        expect(plan.results.map((r) => r.kind)).toEqual(expected);
        for (const id of ['a', 'b', 'c']) expect(plan.stock.get(id) ?? initial[id as 'a']).toBe(qty[id]);
        expect(plan.progress.get('p1') ?? { orders: 0, copies: 0 }).toEqual(progress);
        expect(new Set(plan.numbers.map((n) => n.orderNo)).size).toBe(plan.createOrders.length);
        expect(plan.updateOrders.filter((o) => o.status === 'awaitingPayment')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('pay after 成團', () => {
  const payAfter = (orderId: string, qty: number) => place(orderId, [{ productId: 'a', qty }], { planId: 'p1', payAfter: { minQuantity: 10 } });

  it("waits while the campaign's copies, the batch's earlier ones included, stay below the threshold; the order that reaches it awaits payment", () => {
    const s = { ...state({ a: 100 }), planCopies: new Map([['p1', 5]]) };
    const plan = planBatch([payAfter('o1', 2), payAfter('o2', 2), payAfter('o3', 1), payAfter('o4', 1)], s, now);
    const statuses = plan.createOrders.map((o) => [o.orderId, o.status, o.paymentDueAt]);
    expect(statuses).toEqual([
      ['o1', 'awaitingFormation', null],
      ['o2', 'awaitingFormation', null],
      ['o3', 'awaitingPayment', '2026-11-26T10:00:00.000Z'],
      ['o4', 'awaitingPayment', '2026-11-26T10:00:00.000Z'],
    ]);
    expect(plan.progress.get('p1')).toEqual({ orders: 4, copies: 6 });
    // Without the campaign's copies read, nothing is assumed formed.
    expect(planBatch([payAfter('o5', 9)], state({ a: 100 }), now).createOrders[0]!.status).toBe('awaitingFormation');
    // A campaign not asking for it (or formed already: the placement leaves payAfter out) never waits.
    expect(planBatch([place('o6', [{ productId: 'a', qty: 1 }], { planId: 'p1' })], state({ a: 100 }), now).createOrders[0]!.status).toBe('awaitingPayment');
  });
});
