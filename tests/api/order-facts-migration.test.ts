import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateOrderFacts } from '../../seed/order-facts';
import { adminDb, uniq } from '../helpers/emulators';
import { doc, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';

// seed/order-facts.ts (npm run migrate:order-facts, docs/orders.md "An order's facts"): orders written
// before the typed `payment` and `cancellation` fields get them from their history, the API answers the
// same before and after, and a second run changes nothing.

let c: OwnerClient;
beforeAll(async () => ({ c } = await ownerSession()));

const FACTS = ['payment', 'cancellation'] as const;

describe('the order-facts migration', () => {
  it('gives old orders the facts their notes told, leaves the answers unchanged, and is safe to repeat', async () => {
    const book = await fixtureBook(c, 10);
    const planId = uniq('mplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 300 }], { minQuantity: 50 }))).status).toBe(201);
    const placed = [];
    for (const qty of [1, 2, 1]) {
      const res = await groupOrder(planId, [{ productId: book, qty }], { email: `${uniq('mig')}@example.com` });
      expect(res.status).toBe(201);
      placed.push(res.body as { orderId: string; totalPrice: number });
    }
    const [, other, own] = placed as [(typeof placed)[0], (typeof placed)[0], (typeof placed)[0]];
    const pay = (o: typeof own, bankAccountNo: string, otherAccount: boolean) => c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo, amount: o.totalPrice, otherAccount });
    expect((await pay(other, '99887', true)).status).toBe(200);
    expect((await pay(own, '54321', false)).status).toBe(200);
    await adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - 120_000).toISOString() });
    expect((await c.post(`/plans/${planId}/outcome`, { outcome: 'failed' })).status).toBe(200);
    expect((await c.post(`/orders/${own.orderId}/status`, { status: 'refunded', note: '流團退款' })).status).toBe(200);

    const ids = placed.map((o) => o.orderId);
    const facts = async () =>
      Promise.all(
        ids.map(async (id) => {
          const d = (await doc(`orders/${id}`))!;
          return Object.fromEntries(FACTS.map((k) => [k, d[k]]));
        }),
      );
    const answers = async () => ({
      plan: (await c.get(`/plans/${planId}`)).body,
      orders: await Promise.all(ids.map(async (id) => (await c.get(`/orders/${id}`)).body)),
      decision: (await c.post(`/plans/${planId}/outcome`, { outcome: 'failed' })).body,
    });
    const written = await facts();
    expect(written).toEqual([
      { payment: undefined, cancellation: { reason: 'campaignFailed', planId, decidedAt: expect.any(String) } },
      { payment: { digits: '99887', amount: other.totalPrice, account: 'other' }, cancellation: undefined },
      { payment: { digits: '54321', amount: own.totalPrice, account: 'order' }, cancellation: { reason: 'owner' } },
    ]);
    expect(written[0]!.cancellation.decidedAt).toBe((await doc(`groupBuyingPlans/${planId}`))!.decision.at);
    const before = await answers();
    expect(before.decision.decision.refundsDue.map((r: { bankDigits: string }) => r.bankDigits).sort()).toEqual(['54321', '99887']);

    // The orders as the code before the typed facts wrote them: the notes only.
    await Promise.all(ids.map((id) => adminDb().doc(`orders/${id}`).update({ payment: FieldValue.delete(), cancellation: FieldValue.delete() })));
    const updateTimes = () => Promise.all(ids.map(async (id) => (await adminDb().doc(`orders/${id}`).get()).updateTime!));
    const stripped = await updateTimes();

    await migrateOrderFacts(adminDb());
    expect(await facts()).toEqual(written);
    expect(await answers()).toEqual(before);

    // Again: the orders that have their facts are not written.
    const once = await updateTimes();
    expect(once.every((t, i) => !t.isEqual(stripped[i]!))).toBe(true);
    await migrateOrderFacts(adminDb());
    const twice = await updateTimes();
    expect(twice.every((t, i) => t.isEqual(once[i]!))).toBe(true);
    expect(await facts()).toEqual(written);
  });
});
