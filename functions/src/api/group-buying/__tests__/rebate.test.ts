import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders';
import { paidFromDigits } from '../../../domain/order';
import { planRebate } from '../rebate';

// 團主回饋 (docs/group-buying.md, "The organiser's rebate") and the digits a refund goes back to.

const order = (orderId: string, status: Order['status'], itemsTotal: number) => ({ orderId, status, itemsTotal }) as Order;

describe('planRebate', () => {
  it('floors each paid order in whole NT$ and sums them; unpaid, cancelled and refunded orders carry none', () => {
    const orders = [order('a', 'preparing', 666), order('b', 'shipped', 333), order('c', 'awaitingPayment', 9999), order('d', 'refunded', 5000), order('e', 'cancelledUnpaid', 700)];
    expect(planRebate({ rebatePercent: 12.5 }, orders)).toEqual({ percent: 12.5, paidOrders: 2, paidBooksTotal: 999, amount: 124, perOrder: { a: 83, b: 41 } });
  });

  it('is exact in tenths of a percent, carries none without a percentage or after 流團', () => {
    expect(planRebate({ rebatePercent: 12.3 }, [order('a', 'preparing', 1000)])?.amount).toBe(123);
    expect(planRebate({ rebatePercent: 0.1 }, [order('a', 'preparing', 999)])?.amount).toBe(0);
    expect(planRebate({ rebatePercent: 100 }, [order('a', 'preparing', 999)])?.amount).toBe(999);
    expect(planRebate({}, [order('a', 'preparing', 1000)])).toBeNull();
    const failed = { outcome: 'failed' } as NonNullable<Parameters<typeof planRebate>[0]['decision']>;
    expect(planRebate({ rebatePercent: 10, decision: failed }, [order('a', 'preparing', 1000)])).toMatchObject({ amount: 0, paidOrders: 0 });
  });
});

describe('paidFromDigits', () => {
  it('is the digits the payment was confirmed with, else the order\'s', () => {
    expect(paidFromDigits({ bankAccountNo: '54321', payment: { digits: '99887', amount: 700, account: 'other' } })).toBe('99887');
    expect(paidFromDigits({ bankAccountNo: '54321' })).toBe('54321');
  });
});
