import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupBuyingPlanSchema } from '../../../functions/src/contracts/group-buying';
import { ORDER_STATUS_LABELS, orderNoSchema } from '../../../functions/src/contracts/orders';
import { productSchema } from '../../../functions/src/contracts/products';
import { LEGACY_STATUS, mapLegacyExport, parseTaipeiTime } from '../mapping';

// The hand-written export in the old shop's shape, quirks included (tests/fixtures/legacy-shop-export.json).
const fixture = JSON.parse(readFileSync(new URL('../../../tests/fixtures/legacy-shop-export.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const NOW = '2026-11-26T00:00:00.000Z';
const plan = mapLegacyExport(fixture, NOW);
const reasons = Object.fromEntries(plan.refusals.map((r) => [r.path, r.reason]));

describe('legacy export mapping', () => {
  it("maps the old status strings to the statuses with the old shop's own labels", () => {
    expect(Object.entries(LEGACY_STATUS).map(([k, s]) => [k, ORDER_STATUS_LABELS[s]])).toEqual([
      ['1', '待匯款'],
      ['2', '匯款完成，訂單準備中'],
      ['3', '已發貨'],
      ['4', '未匯款，訂單取消'],
      ['5', '訂單取消，退款完成'],
    ]);
  });

  it.each([
    ['2025/06/05 10:15', '2025-06-05T02:15:00.000Z'],
    ['2025-06-05 10:15:30', '2025-06-05T02:15:30.000Z'],
    ['2025/6/5', '2025-06-04T16:00:00.000Z'],
    ['2025/02/30 09:00', null],
    ['2025/13/01', null],
    ['yesterday', null],
    ['', null],
  ])('reads the Taiwan time %j as %j', (raw, iso) => expect(parseTaipeiTime(raw)).toBe(iso));

  it('refuses each bad record with its reason, and only those', () => {
    expect(reasons).toEqual({
      'products/AA00004': 'missing field: name',
      'stock/AA00099': 'unknown book: AA00099',
      'group_buying/-LegacyPlanBroken': 'missing field: plan.title',
      'users/legacyBadMailUid002': 'malformed email: "not-an-email"',
      'order/legacyMemberUid0001/-Nord4': 'unknown book: AA00077',
      'group_order/-LegacyPlanSpring/-Nbad1': 'malformed email: "legacy.guest(at)old-shop.example"',
      'group_order/-LegacyPlanSpring/-Nbad2': 'unknown status: "6"',
      'group_order/-LegacyPlanSpring/-Nbad3': 'malformed date: oderDate "2025/02/30 09:00"',
      'group_order/-LegacyPlanSpring/-Nbad4': 'missing field: totalPrice',
      'subscribeList/-Nsub3': 'malformed email: "reader at old shop"',
    });
    expect(plan.read).toEqual({ product: 4, stock: 4, plan: 2, order: 10, member: 2, subscriber: 3 });
  });

  it('writes books and campaigns the contracts accept, with the defaults for missing optional fields', () => {
    for (const p of plan.products) expect(productSchema.safeParse(p).success).toBe(true);
    for (const p of plan.plans) expect(groupBuyingPlanSchema.safeParse(p).success).toBe(true);
    const [a1, a2, a3] = plan.products;
    expect(a1).toMatchObject({ listPrice: 800, salePrice: 720, notice: ['本書依 2024 年法規編寫', '團購另有優惠'], erratum: [{ chapter: '第二章', content: ['第 52 頁「十日」應為「十五日」'] }] });
    expect(a2).toMatchObject({ listPrice: 500, salePrice: 450, content: [], notice: [], erratum: [] });
    expect(a3).toMatchObject({ launched: false, salePrice: 300, content: ['只有一章', '缺號的陣列'] });
    expect(plan.stock).toEqual([{ productId: 'AA00001', qty: 12 }, { productId: 'AA00002', qty: 5 }, { productId: 'AA00003', qty: 0 }]);
    expect(plan.plans[0]).toMatchObject({ planId: '-LegacyPlanSpring', closingDate: '2025-06-30T15:59:59.000Z', products: [{ productId: 'AA00001', groupPrice: 650 }, { productId: 'AA00002', groupPrice: 450 }] });
  });

  it('keeps old order numbers, reads the misspelt oderDate, and imports an order under two paths once with its member and plan', () => {
    expect(plan.orders.map((o) => [o.orderId, o.status, o.userId, o.planId])).toEqual([
      ['legacy-250605101530123', 'shipped', 'legacyMemberUid0001', null],
      ['legacy-250620083000456', 'awaitingPayment', 'legacyMemberUid0001', null],
      ['legacy-250610120000789', 'preparing', 'legacyMemberUid0001', '-LegacyPlanSpring'],
      ['legacy-250612090000222', 'cancelledUnpaid', null, '-LegacyPlanSpring'],
      ['legacy-250613090000333', 'preparing', null, '-LegacyPlanSpring'],
    ]);
    for (const o of plan.orders) expect(orderNoSchema.parse(o.orderNo)).toBe(o.orderNo);
    const [shipped, unpaid] = plan.orders;
    expect(shipped).toMatchObject({ createdAt: '2025-06-05T02:15:00.000Z', itemsTotal: 1440, totalPrice: 1500, shippingFee: 60, bankAccountNo: '12345', delivery: { trackingNo: 'RR123456789TW' } });
    // "00000" meant "not given"; missing optional fields get the shop's empty values.
    expect(unpaid).toMatchObject({ bankAccountNo: '', phone: '', taxId: '', remark: '', delivery: null, paymentDueAt: '2025-06-23T00:30:00.000Z' });
    expect(plan.notes).toContain('order 250610120000789 is under both order/legacyMemberUid0001/-Nord3 and group_order/-LegacyPlanSpring/-Ngrp1: imported once');
  });

  it('lower-cases emails and carries the newsletter choice to the member', () => {
    expect(plan.members).toEqual([expect.objectContaining({ userUid: 'legacyMemberUid0001', email: 'legacy.member@old-shop.example', newsletter: false })]);
    expect(plan.subscriptions.map((s) => [s.email, s.status])).toEqual([
      ['legacy.reader@old-shop.example', 'active'],
      ['legacy.quitter@old-shop.example', 'unsubscribed'],
    ]);
  });
});
