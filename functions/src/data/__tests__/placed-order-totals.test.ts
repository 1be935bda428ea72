import { describe, expect, it } from 'vitest';
import { placedOrderTotals } from '../stats';

// The legacy import's totals (seed/legacy/write.ts): what orders placed elsewhere add, written in the
// batch that creates them, must be what the rebuild would count for them: the day and month they were
// placed, and the campaign curve on the day each was placed (not the day of the import).
const order = (status: string, createdAt: string, planId: string | null, qty: number, total: number) => ({
  status,
  createdAt,
  totalPrice: total,
  planId,
  items: [{ productId: 'AA00001', name: '舊站書', qty, totalPrice: total }],
});

describe('placedOrderTotals', () => {
  it('counts each order on its Taiwan day of placement, campaign curves included', () => {
    const totals = placedOrderTotals(
      [
        order('shipped', '2025-06-05T02:15:00.000Z', null, 2, 1500),
        order('preparing', '2025-06-10T16:30:00.000Z', 'plan1', 1, 650), // 00:30 on 06-11 in Taiwan
        order('cancelledUnpaid', '2025-06-12T01:00:00.000Z', 'plan1', 3, 1200),
        { status: 'nonsense', createdAt: 'x' },
      ],
      (n) => n,
    );
    const strip = (path: string) => {
      const { updatedAt: _at, ...rest } = totals.get(path)!;
      return rest;
    };
    expect([...totals.keys()].sort()).toEqual(['statsDays/2025-06-05', 'statsDays/2025-06-11', 'statsDays/2025-06-12', 'statsMonths/2025-06', 'statsPlans/plan1']);
    expect(strip('statsDays/2025-06-11')).toEqual({ n: { preparing: 1 }, amount: { preparing: 650 } });
    expect(strip('statsMonths/2025-06')).toEqual({
      n: { shipped: 1, preparing: 1, cancelledUnpaid: 1 },
      amount: { shipped: 1500, preparing: 650, cancelledUnpaid: 1200 },
      books: { AA00001: { name: '舊站書', paidQty: 3, paidAmount: 2150 } },
    });
    // The cancelled order is not campaign progress; the paid one counts on its own day.
    expect(strip('statsPlans/plan1')).toEqual({ days: { '2025-06-11': { copies: 1, orders: 1 } } });
  });

  it("writes the stock allocator's totals into one shard of each period, the same for the same key", () => {
    const orders = [order('awaitingPayment', '2026-12-03T04:00:00.000Z', 'plan1', 2, 1000)];
    const paths = [...placedOrderTotals(orders, (n) => n, 'order-a').keys()];
    expect(paths).toHaveLength(3);
    const shard = /~(\d)$/.exec(paths[0]!)![1];
    expect(paths.sort()).toEqual([`statsDays/2026-12-03~${shard}`, `statsMonths/2026-12~${shard}`, `statsPlans/plan1~${shard}`]);
    expect([...placedOrderTotals(orders, (n) => n, 'order-a').keys()].sort()).toEqual(paths);
    // Different keys reach more than one shard.
    const shards = new Set(Array.from({ length: 40 }, (_, i) => /~(\d)$/.exec([...placedOrderTotals(orders, (n) => n, `o${i}`).keys()][0]!)![1]));
    expect(shards.size).toBeGreaterThan(1);
  });
});
