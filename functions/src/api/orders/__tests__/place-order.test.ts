import { describe, expect, it } from 'vitest';
import { orderNoSchema } from '../../../contracts/orders';
import { sampleContact } from '../../../contracts/__tests__/sample-order';
import { newOrderNo } from '../../../data/order-number';
import { placementHash } from '../place-order';

const input = {
  items: [
    { productId: 'b', qty: 2 },
    { productId: 'a', qty: 1 },
  ],
  ...sampleContact,
};

describe('placementHash', () => {
  it('ignores line order and key order', () => {
    const { remark, ...rest } = input;
    const reordered = { remark, ...rest, items: [...input.items].reverse() };
    expect(placementHash({ userId: 'u1', planId: null, input: reordered })).toBe(placementHash({ userId: 'u1', planId: null, input }));
  });
  it('changes with any field, the member or the plan', () => {
    const base = placementHash({ userId: 'u1', planId: null, input });
    expect(placementHash({ userId: 'u2', planId: null, input })).not.toBe(base);
    expect(placementHash({ userId: 'u1', planId: 'cpaSouth', input })).not.toBe(base);
    expect(placementHash({ userId: 'u1', planId: null, input: { ...input, remark: '請盡快' } })).not.toBe(base);
    expect(placementHash({ userId: 'u1', planId: null, input: { ...input, items: [{ productId: 'a', qty: 1 }] } })).not.toBe(base);
  });
});

describe('newOrderNo', () => {
  it('is QY + the Taiwan date + 4 unambiguous characters', () => {
    // 2026-03-14 17:30 UTC is already 3/15 in Taiwan.
    const no = newOrderNo(new Date('2026-03-14T17:30:00Z'));
    expect(no).toMatch(/^QY260315[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    expect(orderNoSchema.parse(no.toLowerCase())).toBe(no);
  });
  it('rarely repeats', () => {
    const now = new Date();
    const seen = new Set(Array.from({ length: 2000 }, () => newOrderNo(now)));
    expect(seen.size).toBeGreaterThan(1990);
  });
});
