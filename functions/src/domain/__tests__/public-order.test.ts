import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../contracts/orders';
import type { ROUTES } from '../../contracts/routes';
import type { Handler } from '../../http/route';
import { createOrder, publicOrder, type OrderDoc, type StoredOnlyFields } from '../order';
import { place } from './place-fixture';

// A stored order reaches an answer only through publicOrder (functions/src/domain/order.ts), which drops
// what only the server reads; the compiler refuses an answer made without it (contracts/common.ts,
// StoredDocument and Answer). tests/api/public-fields.test.ts checks the API's answers themselves.

/**
 * Every field only the server reads, each one set: the type is Required<StoredOnlyFields>, so a field
 * added there does not compile here until it is given a value, and then the tests below check it too.
 */
const STORED_ONLY: Required<StoredOnlyFields> = {
  requestHash: 'hash-o1',
  legacy: { path: 'orders/171122080000123', status: '3', isClosed: true, isFromGroup: false, files: ['a.pdf'] },
  emailKey: 'a@example.com',
  phoneKey: '0912345678',
  payment: { digits: '54321', amount: 200, account: 'other' },
  cancellation: { reason: 'campaignFailed', planId: 'p1', decidedAt: '2026-11-24T10:00:00.000Z' },
  statsCounted: true,
};

const stored = (): OrderDoc => ({ ...createOrder(place('o1', [{ productId: 'a', qty: 2 }]).template, 'QY261123ABCD', new Date('2026-11-23T10:00:00.000Z')), ...STORED_ONLY });

describe('publicOrder', () => {
  it('drops every stored-only field and keeps the rest of the order as stored', () => {
    const doc = stored();
    const shown = publicOrder(doc);
    for (const field of Object.keys(STORED_ONLY)) expect(shown, field).not.toHaveProperty(field);
    const rest = Object.fromEntries(Object.entries(doc).filter(([k]) => !(k in STORED_ONLY)));
    expect(shown).toEqual(rest);
  });

  it('answers nothing beyond the contract: the answer passes the Order schema with unknown fields refused', () => {
    expect(orderSchema.strict().safeParse(publicOrder(stored())).error?.issues).toBeUndefined();
    // The same check refuses a stored order, so it could fail.
    expect(orderSchema.strict().safeParse(stored()).success).toBe(false);
  });

  it('answers only the contract\'s fields: one a path writes without declaring it stays in the document', () => {
    const doc = { ...stored(), groupOutcome: 'thresholdNotMet' as const, groupOutcomeAt: '2026-11-24T10:00:00.000Z', writtenByAnotherPath: 1 };
    const shown = publicOrder(doc);
    expect(shown).not.toHaveProperty('writtenByAnotherPath');
    expect(shown).toMatchObject({ groupOutcome: 'thresholdNotMet', groupOutcomeAt: '2026-11-24T10:00:00.000Z' });
    expect(orderSchema.strict().safeParse(shown).error?.issues).toBeUndefined();
  });

  it('gives an order stored before issue 36 its invoice', () => {
    const { invoice: _none, ...old } = stored();
    expect(publicOrder(old as OrderDoc).invoice).toEqual({ type: 'email' });
  });

  it('is the only way: a stored order is no Order, in a list or a handler\'s answer (checked by the typecheck)', () => {
    const doc = stored();
    // @ts-expect-error an OrderDoc is not an Order (contracts/common.ts StoredDocument)
    const asOrder: Order = doc;
    // @ts-expect-error nor an element of a list of them
    const inList: Order[] = [doc];
    // @ts-expect-error nor a handler's answer (functions/src/http/route.ts Handler)
    const answered: Handler<typeof ROUTES.getMemberOrder> = async () => doc;
    // @ts-expect-error nor anywhere inside one: a page of the owner's orders
    const paged: Handler<typeof ROUTES.adminListOrders> = async () => ({ orders: [doc], nextCursor: null, searchTruncated: false });
    const mapped: Handler<typeof ROUTES.adminListOrders> = async () => ({ orders: [publicOrder(doc)], nextCursor: null, searchTruncated: false });
    expect([asOrder, inList, answered, paged, mapped]).toHaveLength(5);
  });
});
