import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../contracts/orders';
import { pickupChange } from '../order';

// The pickup desk's rule (docs/group-buying.md, "The organiser's pickup desk"): only an active, paid
// pickup order of the desk's campaign; marking twice keeps the first mark; undo clears.

const office = { id: 'office', name: '公會辦公室自取', address: '高雄市', hours: '' };
const order = (status: OrderStatus, extra: Partial<Parameters<typeof pickupChange>[0]> = {}) => ({ planId: 'p1', status, pickup: office, pickedUp: null, ...extra });
const mark = { at: '2026-11-26T03:00:00.000Z', by: '陳召集' };

describe('pickupChange', () => {
  it('marks only paid pickup orders of the campaign, and refuses the rest with a reason', () => {
    const outcomes = Object.fromEntries(ORDER_STATUSES.map((s) => [s, pickupChange(order(s), 'p1', mark)]));
    expect(outcomes.preparing).toEqual({ pickedUp: mark, changed: true });
    expect(outcomes.shipped).toEqual({ pickedUp: mark, changed: true });
    expect(outcomes.awaitingPayment).toEqual({ refusal: 'unpaid' });
    expect(outcomes.cancelledUnpaid).toEqual({ refusal: 'notFound' });
    expect(outcomes.refunded).toEqual({ refusal: 'notFound' });
    // Whatever other statuses the order's life has (e.g. waiting for 成團): never handed over unpaid.
    for (const s of ORDER_STATUSES) if (s !== 'preparing' && s !== 'shipped') expect(outcomes[s]).toHaveProperty('refusal');
    expect(pickupChange(order('preparing', { pickup: null }), 'p1', mark)).toEqual({ refusal: 'postal' });
    expect(pickupChange(order('preparing'), 'other', mark)).toEqual({ refusal: 'notFound' });
  });

  it('hands nothing over after 流團, and still lets a mark made before it be undone', () => {
    expect(pickupChange(order('preparing'), 'p1', mark, true)).toEqual({ refusal: 'failed' });
    const first = { at: '2026-11-26T02:00:00.000Z', by: '王小姐' };
    expect(pickupChange(order('preparing', { pickedUp: first }), 'p1', null, true)).toEqual({ pickedUp: null, changed: true });
  });

  it('keeps the first mark, undoes a mark, and an undo of nothing changes nothing', () => {
    const first = { at: '2026-11-26T02:00:00.000Z', by: '王小姐' };
    expect(pickupChange(order('preparing', { pickedUp: first }), 'p1', mark)).toEqual({ pickedUp: first, changed: false });
    expect(pickupChange(order('preparing', { pickedUp: first }), 'p1', null)).toEqual({ pickedUp: null, changed: true });
    expect(pickupChange(order('preparing'), 'p1', null)).toEqual({ pickedUp: null, changed: false });
    // A marked order that is no longer paid can still be undone, never marked again.
    expect(pickupChange(order('awaitingPayment', { pickedUp: first }), 'p1', null)).toEqual({ pickedUp: null, changed: true });
  });
});
