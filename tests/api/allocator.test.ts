import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firebase';
import type { PlaceOp } from '../../functions/src/domain/allocation-plan';
import { place } from '../../functions/src/domain/__tests__/place-fixture';
import { allocate, allocatorCommit, LEASE_MS } from '../../functions/src/allocator/stock-allocator';
import { adminDb, seedBook, uniq } from '../helpers/emulators';

// The stock allocator's fault paths (functions/src/allocator/stock-allocator.ts), driven directly: a lease
// held by a process that died, a request whose requester died, and a deadline that comes first. The
// burst tests (./burst.test.ts) drive the same code through Hosting with real process kills.

const LEASE = 'allocLease/stock';

const fixtureBook = (qty: number) => seedBook({ prefix: 'alloc-book', qty, name: '配置測試書', listPrice: 500, salePrice: 400 });

/** A guest's placement of `qty` copies, under a fresh order id (the domain tests' template: place-fixture.ts). */
function placeOp(productId: string, qty = 1): PlaceOp {
  return place(uniq('allocorder').replace(/[^A-Za-z0-9_-]/g, ''), [{ productId, qty }], { userId: null, actor: 'test' });
}

const qtyOf = async (productId: string) => (await adminDb().doc(`stock/${productId}`).get()).data()?.qty as number;
const orderExists = async (orderId: string) => (await adminDb().doc(`orders/${orderId}`).get()).exists;

beforeAll(async () => {
  await db();
});

const realCommit = allocatorCommit.run;

// Other test files share the emulator: never leave a fake lease behind.
afterEach(async () => {
  allocatorCommit.run = realCommit;
  const lease = await adminDb().doc(LEASE).get();
  if (lease.exists && String(lease.data()?.holder).startsWith('dead-process')) await adminDb().doc(LEASE).delete();
});

describe('stock allocator faults', () => {
  it('a deadline that comes before the request is applied withdraws it: "withdrawn", no order, no stock taken, ever', async () => {
    const productId = await fixtureBook(3);
    // A live-looking lease of a process that will never drain.
    await adminDb().doc(LEASE).set({ holder: 'dead-process:0:x', expiresAt: Date.now() + 30_000 });
    const op = placeOp(productId);
    const r = await allocate(op, 1_500);
    expect(r.kind).toBe('withdrawn');
    expect((await adminDb().doc(`allocQueue/place-${op.orderId}`).get()).exists).toBe(false);
    await adminDb().doc(LEASE).delete();
    // Whatever drains next finds nothing of it.
    expect((await allocate(placeOp(productId))).kind).toBe('created');
    expect(await orderExists(op.orderId)).toBe(false);
    expect(await qtyOf(productId)).toBe(2);
  });

  it('a lease left by a process that died is taken over once it expires, and not before', async () => {
    const productId = await fixtureBook(2);
    const expiresAt = Date.now() + 1_000;
    await adminDb().doc(LEASE).set({ holder: 'dead-process:0:y', expiresAt });
    const r = await allocate(placeOp(productId));
    // Taken over: the order is made. Not before the expiry: the batch that made it is dated after it
    // (the same process's clock; the boundary itself is unit-tested in allocator/__tests__/lease.test.ts).
    expect(r.kind).toBe('created');
    expect(Date.parse(r.kind === 'created' ? r.order.createdAt : '')).toBeGreaterThan(expiresAt);
    expect(await qtyOf(productId)).toBe(1);
  });

  it('a request whose requester died is applied by the next allocator, its result kept for a retry', async () => {
    const productId = await fixtureBook(5);
    const orphan = placeOp(productId, 2);
    await adminDb().doc(`allocQueue/place-${orphan.orderId}`).create({ op: orphan, nonce: 'orphan', createdAt: Date.now() - 1_000 });
    expect((await allocate(placeOp(productId))).kind).toBe('created');
    expect(await orderExists(orphan.orderId)).toBe(true);
    expect((await adminDb().doc(`allocResults/place-${orphan.orderId}~orphan`).get()).data()).toMatchObject({ nonce: 'orphan', result: { kind: 'created' } });
    expect(await qtyOf(productId)).toBe(2);
  });

  // The outcome of a batch's commit is unknown: the emulator answers some lost precondition races with
  // UNKNOWN, and in production a DEADLINE_EXCEEDED or UNAVAILABLE may come after the commit applied.
  // The allocator reads what the batch would have written and goes on from there: the buyer gets the
  // order (never an error for an order that lands), the stock is taken once, and the lease is released,
  // so a second buyer waiting on it is not held up for its expiry.
  const injected = (code: number, name: string) => Object.assign(new Error(`${code} ${name}: injected by the test`), { code });
  /** The first commit of a placing batch (more writes than a lease's one) is answered with `code`, after applying it or not. */
  function faultOnce(code: number, name: string, applies: boolean) {
    const fault = { fired: false };
    allocatorCommit.run = async (batch) => {
      const ops = (batch as unknown as { _ops: unknown[] })._ops.length;
      if (fault.fired || ops < 3) return realCommit(batch);
      fault.fired = true;
      if (applies) await realCommit(batch);
      throw injected(code, name);
    };
    return fault;
  }

  for (const c of [
    { code: 4, name: 'DEADLINE_EXCEEDED', applies: true, what: 'a deadline that passes after the commit applied' },
    { code: 2, name: 'UNKNOWN', applies: false, what: 'the emulator’s UNKNOWN for a commit that did not apply' },
  ]) {
    it(`${c.what}: both buyers get their order, the stock is taken once each, and no one waits out the lease`, async () => {
      const productId = await fixtureBook(5);
      const fault = faultOnce(c.code, c.name, c.applies);
      const ops = [placeOp(productId), placeOp(productId, 2)];
      const results = await Promise.all(ops.map((op) => allocate(op)));
      expect(fault.fired).toBe(true);
      expect(results.map((r) => r.kind)).toEqual(['created', 'created']);
      for (const op of ops) expect(await orderExists(op.orderId)).toBe(true);
      for (const op of ops) expect((await adminDb().doc(`allocQueue/place-${op.orderId}`).get()).exists).toBe(false);
      expect(await qtyOf(productId)).toBe(2);
      // The next buyer finds the lease released, not left to lapse (LEASE_MS, 5 s).
      const started = Date.now();
      expect((await allocate(placeOp(productId))).kind).toBe('created');
      expect(Date.now() - started).toBeLessThan(LEASE_MS);
      expect(await qtyOf(productId)).toBe(1);
    });
  }
});
