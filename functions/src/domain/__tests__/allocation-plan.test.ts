import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitBatch, planBatch, sumLines, writesOf, type AllocationOp, type ReturnOp } from '../allocation-plan';
import type { OrderDoc } from '../order';
import { place } from './place-fixture';

const now = new Date('2026-11-23T10:00:00.000Z');

const state = (qty: Record<string, number>, orders: OrderDoc[] = [], numbers = ['QY0001', 'QY0002', 'QY0003', 'QY0004', 'QY0005']) => ({
  qty: new Map(Object.entries(qty)),
  orders: new Map(orders.map((o) => [o.orderId, o])),
  freeNumbers: numbers,
});

describe('planBatch', () => {
  it('sells in queue order against the running count and refuses what is left short, naming the book', () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 2 }]), place('o2', [{ productId: 'a', qty: 2 }]), place('o3', [{ productId: 'a', qty: 1 }])], state({ a: 3 }), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['created', 'outOfStock', 'created']);
    expect(plan.results[1]).toEqual({ kind: 'outOfStock', productId: 'a', available: 1, requested: 2 });
    expect(plan.stock.get('a')).toBe(0);
    expect(plan.createOrders.map((o) => o.orderNo)).toEqual(['QY0001', 'QY0002']);
  });

  it('adds up the lines of one book before checking (two lines of 2 need 4)', () => {
    expect(sumLines([{ productId: 'a', qty: 2 }, { productId: 'b', qty: 1 }, { productId: 'a', qty: 2 }])).toEqual([
      { productId: 'a', qty: 4 },
      { productId: 'b', qty: 1 },
    ]);
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 2 }, { productId: 'a', qty: 2 }])], state({ a: 3 }), now);
    expect(plan.results[0]).toMatchObject({ kind: 'outOfStock', requested: 4 });
    expect(plan.stock.size).toBe(0);
  });

  it('takes nothing from any line when one line is short', () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 1 }, { productId: 'b', qty: 5 }])], state({ a: 3, b: 4 }), now);
    expect(plan.results[0]).toMatchObject({ kind: 'outOfStock', productId: 'b' });
    expect(plan.stock.size).toBe(0);
    expect(plan.createOrders).toEqual([]);
  });

  it('answers the same request twice in one batch once created and once replayed; another body under the id is a conflict', () => {
    const a = place('o1', [{ productId: 'a', qty: 1 }]);
    const other = { ...place('o1', [{ productId: 'a', qty: 2 }]), requestHash: 'different' };
    const plan = planBatch([a, a, other], state({ a: 5 }), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['created', 'replayed', 'conflict']);
    expect(plan.stock.get('a')).toBe(4);
  });

  it('dates the order and its payment deadline from the commit time, and writes the placement mail', () => {
    const plan = planBatch([place('o1', [{ productId: 'a', qty: 1 }], { paymentDueDays: 3 })], state({ a: 1 }), now);
    const order = plan.createOrders[0]!;
    expect(order).toMatchObject({ status: 'awaitingPayment', createdAt: now.toISOString(), paymentDueAt: '2026-11-26T10:00:00.000Z' });
    expect(order.statusHistory).toEqual([{ status: 'awaitingPayment', at: now.toISOString(), by: 'member:u1' }]);
    expect(plan.mails.get('o1-placed')).toEqual({ mail: { kind: 'placed' }, order: expect.objectContaining({ orderNo: 'QY0001', status: 'awaitingPayment' }) });
  });

  it('counts a campaign order in the campaign progress and gives it back on cancellation', () => {
    const placed = planBatch([place('g1', [{ productId: 'a', qty: 2 }], { planId: 'plan1' })], state({ a: 5 }), now);
    expect(placed.progress.get('plan1')).toEqual({ orders: 1, copies: 2 });
    const order = placed.createOrders[0]!;
    const back: ReturnOp = { kind: 'return', orderId: 'g1', from: 'awaitingPayment', to: 'cancelledUnpaid', by: 'system:sweep' };
    const returned = planBatch([back], state({ a: 3 }, [order]), now);
    expect(returned.progress.get('plan1')).toEqual({ orders: -1, copies: -2 });
    expect(returned.stock.get('a')).toBe(5);
    expect(returned.movements).toEqual([expect.objectContaining({ productId: 'a', before: 3, after: 5, delta: 2, by: 'system:sweep' })]);
  });

  it('returns stock once: a second return of the same order in the batch is refused', () => {
    const order = planBatch([place('o1', [{ productId: 'a', qty: 2 }])], state({ a: 2 }), now).createOrders[0]!;
    const refund: ReturnOp = { kind: 'return', orderId: 'o1', from: 'awaitingPayment', to: 'refunded', by: 'owner:x' };
    const plan = planBatch([refund, refund], state({ a: 0 }, [order]), now);
    expect(plan.results.map((r) => r.kind)).toEqual(['returned', 'skipped']);
    expect(plan.stock.get('a')).toBe(2);
  });

  it('leaves an order alone that moved since the requester read it, or was paid before the sweep applied', () => {
    const order = { ...planBatch([place('o1', [{ productId: 'a', qty: 1 }])], state({ a: 1 }), now).createOrders[0]!, status: 'preparing' as const };
    const sweep: ReturnOp = { kind: 'return', orderId: 'o1', from: 'awaitingPayment', to: 'refunded', by: 'owner:x' };
    expect(planBatch([sweep], state({ a: 0 }, [order]), now).results[0]).toEqual({ kind: 'skipped', reason: 'stale', status: 'preparing' });
    // The sweep's move applies only to an order overdue at the batch's time: this one is due in 3 days.
    const due: ReturnOp = { kind: 'return', orderId: 'o1', from: 'awaitingPayment', to: 'cancelledUnpaid', role: 'sweep', by: 'system:sweep' };
    const unpaid = { ...order, status: 'awaitingPayment' as const };
    expect(planBatch([due], state({ a: 0 }, [unpaid]), now).results[0]).toMatchObject({ kind: 'skipped', reason: 'stale' });
  });

  it('logs each sale, and names a cancellation by who made it: the owner, or the sweep for an overdue order', () => {
    const placed = planBatch([place('o1', [{ productId: 'a', qty: 2 }]), place('o2', [{ productId: 'a', qty: 1 }])], state({ a: 20 }), now);
    expect(placed.movements.map((m) => [m.before, m.after, m.delta, m.reason, m.seq])).toEqual([
      [20, 18, -2, '訂單 QY0001 售出', 0],
      [18, 17, -1, '訂單 QY0002 售出', 1],
    ]);
    const [o1, o2] = placed.createOrders;
    const owner: ReturnOp = { kind: 'return', orderId: 'o1', from: 'awaitingPayment', to: 'cancelledUnpaid', role: 'owner', by: 'owner:a@example.com' };
    const sweep: ReturnOp = { kind: 'return', orderId: 'o2', from: 'awaitingPayment', to: 'cancelledUnpaid', role: 'sweep', by: 'system:sweep' };
    // The sweep's batch runs after the deadline (the orders are due 3 days after `now`).
    const back = planBatch([owner, sweep], state({ a: 17 }, [o1!, o2!]), new Date(now.getTime() + 4 * 86_400_000));
    expect(back.movements.map((m) => [m.before, m.after, m.reason])).toEqual([
      [17, 19, '訂單 QY0001 店家取消，庫存退回'],
      [19, 20, '訂單 QY0002 逾期未匯款取消，庫存退回'],
    ]);
    // 流團 cancels as the owner, and the log says 流團, not 店家取消.
    const failed: ReturnOp = { ...owner, cancellation: { reason: 'campaignFailed', planId: 'p', decidedAt: now.toISOString() } };
    expect(planBatch([failed], state({ a: 17 }, [o1!]), now).movements.map((m) => m.reason)).toEqual(['訂單 QY0001 流團取消，庫存退回']);
  });

  it('a refund of a shipped order kept out of stock logs the copies without returning them; an unshipped one always returns', () => {
    const order = planBatch([place('o1', [{ productId: 'a', qty: 2 }])], state({ a: 5 }), now).createOrders[0]!;
    const refund = (status: 'shipped' | 'preparing', keepOut: 'damaged' | 'notReturned'): ReturnOp => ({ kind: 'return', orderId: 'o1', from: status, to: 'refunded', by: 'owner:x', keepOut });
    const kept = planBatch([refund('shipped', 'damaged')], state({ a: 3 }, [{ ...order, status: 'shipped' }]), now);
    expect(kept.results[0]).toMatchObject({ kind: 'returned', order: { status: 'refunded' } });
    expect(kept.stock.size).toBe(0);
    expect(kept.movements).toEqual([expect.objectContaining({ before: 3, after: 3, delta: 0, reason: '訂單 QY0001 退款，書已損壞，不退回庫存' })]);
    const lost = planBatch([refund('shipped', 'notReturned')], state({ a: 3 }, [{ ...order, status: 'shipped' }]), now);
    expect(lost.movements[0]!.reason).toBe('訂單 QY0001 退款，書未寄回，不退回庫存');
    const unshipped = planBatch([refund('preparing', 'damaged')], state({ a: 3 }, [{ ...order, status: 'preparing' }]), now);
    expect(unshipped.stock.get('a')).toBe(5);
    expect(unshipped.movements[0]).toMatchObject({ delta: 2, reason: '訂單 QY0001 退款，庫存退回' });
  });

  it("sets the owner's counts and logs each change", () => {
    const plan = planBatch([{ kind: 'setStock', quantities: { a: 10, b: 0 }, by: 'owner:x', reason: '進貨' }], state({ a: 4 }), now);
    expect(plan.results[0]).toEqual({ kind: 'stockSet', changes: [{ productId: 'a', before: 4, after: 10 }, { productId: 'b', before: 0, after: 0 }] });
    expect(plan.movements.map((m) => m.delta)).toEqual([6, 0]);
  });

  it('never oversells and conserves stock, whatever the mix of orders (property)', () => {
    const op = fc.record({ product: fc.constantFrom('a', 'b', 'c'), qty: fc.integer({ min: 1, max: 4 }), second: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.record({ a: fc.nat(20), b: fc.nat(20), c: fc.nat(20) }), (ops, initial) => {
        const batch: AllocationOp[] = ops.map((o, i) =>
          place(`o${i}`, [{ productId: o.product, qty: o.qty }, ...(o.second ? [{ productId: o.second, qty: 1 }] : [])]),
        );
        const numbers = ops.map((_, i) => `QY${String(i).padStart(4, '0')}`);
        const plan = planBatch(batch, state(initial, [], numbers), now);
        for (const id of ['a', 'b', 'c'] as const) {
          const sold = plan.createOrders.flatMap((o) => o.items).filter((it) => it.productId === id).reduce((n, it) => n + it.qty, 0);
          const left = plan.stock.get(id) ?? initial[id];
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left + sold).toBe(initial[id]);
        }
        // The log adds up: each book's movements chain from the count read to the count written.
        for (const id of ['a', 'b', 'c'] as const) {
          const log = plan.movements.filter((m) => m.productId === id);
          let running = initial[id];
          for (const m of log) {
            expect(m.before).toBe(running);
            expect(m.after).toBe(m.before + m.delta);
            running = m.after;
          }
          expect(running).toBe(plan.stock.get(id) ?? initial[id]);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('fitBatch: the 480-write cap of one commit', () => {
  const CAP = 480;
  // A placement of `books` distinct books: 2 (request) + 2 (order, number) + a count and a movement per
  // book + its mail, so 50 of 8 books cost far more than one commit allows.
  const big = (i: number, books = 8) => place(`o${i}`, Array.from({ length: books }, (_, b) => ({ productId: `b${(i + b) % 40}`, qty: 1 })));
  const stock = Object.fromEntries(Array.from({ length: 40 }, (_, b) => [`b${b}`, 1000]));
  const free = (n: number) => Array.from({ length: n }, (_, i) => `QY${String(i).padStart(4, '0')}`);

  it('takes every request when they fit, and exactly the plan planBatch makes', () => {
    const ops = Array.from({ length: 10 }, (_, i) => big(i, 2));
    const { plan, take } = fitBatch(ops, state(stock, [], free(10)), now, CAP);
    expect(take).toBe(10);
    expect(plan).toEqual(planBatch(ops, state(stock, [], free(10)), now));
    expect(writesOf(plan, take)).toBeLessThanOrEqual(CAP);
  });

  it('splits a batch over the cap: halves until it fits, and the taken prefix is decided as it would be alone', () => {
    const ops = Array.from({ length: 50 }, (_, i) => big(i));
    const read = state(stock, [], free(50));
    expect(writesOf(planBatch(ops, read, now), ops.length)).toBeGreaterThan(CAP);
    const { plan, take } = fitBatch(ops, read, now, CAP);
    expect(take).toBeLessThan(50);
    expect(take).toBeGreaterThan(0);
    expect(writesOf(plan, take)).toBeLessThanOrEqual(CAP);
    // The size before the last halving did not fit (it stops at the first size that does).
    expect(writesOf(planBatch(ops.slice(0, Math.min(50, take * 2 + 1)), read, now), Math.min(50, take * 2 + 1))).toBeGreaterThan(CAP);
    expect(plan.results).toEqual(planBatch(ops.slice(0, take), read, now).results);
    expect(plan.results.every((r) => r.kind === 'created')).toBe(true);
    // The rest, planned as the next batch on what this one left, fits too and sells what remains.
    const left = state(Object.fromEntries([...read.qty].map(([id, q]) => [id, plan.stock.get(id) ?? q])), [], free(50).slice(take));
    const next = fitBatch(ops.slice(take), left, now, CAP);
    expect(writesOf(next.plan, next.take)).toBeLessThanOrEqual(CAP);
  });

  it('lets one request through on its own even when it alone is over the cap (Firestore answers it)', () => {
    const huge = place('h', Array.from({ length: 300 }, (_, b) => ({ productId: `x${b}`, qty: 1 })));
    const { take, plan } = fitBatch([huge, big(1)], state(Object.fromEntries(Array.from({ length: 300 }, (_, b) => [`x${b}`, 1]))), now, CAP);
    expect(take).toBe(1);
    expect(writesOf(plan, 1)).toBeGreaterThan(CAP);
  });

  it("counts the caller's writes beside the plan (the allocator's dashboard totals) against the cap", () => {
    // 50 placements of 2 books: 1 + 100 + 100 + 40 counts + 100 movements + 50 mails = 391 fit alone;
    // with 3 totals documents per order beside them they do not.
    const ops = Array.from({ length: 50 }, (_, i) => big(i, 2));
    expect(fitBatch(ops, state(stock, [], free(50)), now, CAP).take).toBe(50);
    const extra = (p: { createOrders: unknown[] }) => p.createOrders.length * 3;
    const { plan, take } = fitBatch(ops, state(stock, [], free(50)), now, CAP, extra);
    expect(take).toBeLessThan(50);
    expect(writesOf(plan, take, extra)).toBeLessThanOrEqual(CAP);
  });

  it('never exceeds the cap with more than one request, whatever the batch (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 50 }), (sizes) => {
        const ops = sizes.map((n, i) => big(i, n));
        const { plan, take } = fitBatch(ops, state(stock, [], free(50)), now, CAP);
        expect(take).toBeGreaterThanOrEqual(1);
        if (take > 1) expect(writesOf(plan, take)).toBeLessThanOrEqual(CAP);
        expect(plan.results).toHaveLength(take);
      }),
      { numRuns: 100 },
    );
  });
});
