import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { groupBuyingPlanSchema } from '../../../functions/src/contracts/group-buying';
import { ORDER_STATUS_LABELS, orderNoSchema } from '../../../functions/src/contracts/orders';
import { ownerProductFields, productSchema } from '../../../functions/src/contracts/products';
import { bringCovers } from '../covers';
import { LEGACY_STATUS, mapLegacyExport, parseLegacyExport, parseTaipeiTime } from '../mapping';

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
      'group_order/-LegacyPlanSpring/-Nbad1': 'malformed email: "legacy.guest(at)old-shop.example"',
      'group_order/-LegacyPlanSpring/-Nbad2': 'unknown status: "6"',
      'group_order/-LegacyPlanSpring/-Nbad3': 'malformed date: oderDate "2025/02/30 09:00"',
      'group_order/-LegacyPlanSpring/-Nbad4': 'missing field: totalPrice',
      'subscribeList/-Nsub3': 'malformed email: "reader at old shop"',
    });
    expect(plan.read).toEqual({ product: 5, stock: 5, plan: 2, order: 10, member: 2, subscriber: 3 });
  });

  it('writes books and campaigns the contracts accept, with the defaults for missing optional fields', () => {
    for (const p of plan.products) expect(productSchema.safeParse(p).success).toBe(true);
    for (const p of plan.plans) expect(groupBuyingPlanSchema.safeParse(p).success).toBe(true);
    const [a1, a2, a3] = plan.products;
    expect(a1).toMatchObject({ listPrice: 800, salePrice: 720, notice: ['本書依 2024 年法規編寫', '團購另有優惠'], erratum: [{ chapter: '第二章', content: ['第 52 頁「十日」應為「十五日」'] }] });
    expect(a2).toMatchObject({ listPrice: 500, salePrice: 450, content: [], notice: [], erratum: [] });
    expect(a3).toMatchObject({ launched: false, salePrice: 300, content: ['只有一章', '缺號的陣列'] });
    expect(plan.stock).toEqual([{ productId: 'AA00001', qty: 12 }, { productId: 'AA00002', qty: 5 }, { productId: 'AA00003', qty: 0 }, { productId: 'AA00005', qty: 2 }]);
    expect(plan.plans[0]).toMatchObject({ planId: '-LegacyPlanSpring', closingDate: '2025-06-30T15:59:59.000Z', products: [{ productId: 'AA00001', groupPrice: 650 }, { productId: 'AA00002', groupPrice: 450 }] });
  });

  it('keeps old order numbers, reads the misspelt oderDate, and imports an order under two paths once with its member and plan', () => {
    expect(plan.orders.map((o) => [o.orderId, o.status, o.userId, o.planId])).toEqual([
      ['legacy-250605101530123', 'shipped', 'legacyMemberUid0001', null],
      ['legacy-250620083000456', 'awaitingPayment', 'legacyMemberUid0001', null],
      ['legacy-250610120000789', 'preparing', 'legacyMemberUid0001', '-LegacyPlanSpring'],
      ['legacy-250611120000111', 'shipped', 'legacyMemberUid0001', null],
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

describe('what a publisher keeps', () => {
  it('keeps an old order whose line names a book no longer sold, with the line\'s own name and price, and says so', () => {
    const kept = plan.orders.find((o) => o.orderNo === '250611120000111');
    expect(kept).toMatchObject({ status: 'shipped', items: [{ productId: 'AA00077', name: '已經不存在的書', qty: 1, unitPrice: 300, totalPrice: 300 }], totalPrice: 300 });
    expect(plan.notes).toContain("order order/legacyMemberUid0001/-Nord4: kept with the line's own name and price for a book no longer sold: AA00077 「已經不存在的書」 NT$300 × 1");
    // Without a name of its own, such a line cannot be told: refused, saying why.
    const nameless = mapLegacyExport({ order: { u1: { '-N': { orderId: '250611120000112', buyer: 'x', email: 'x@example.com', orderList: [{ productId: 'AA00078', qty: 1, unitPrice: 1 }], totalPrice: 1, oderDate: '2025/06/11', status: '3' } } } }, NOW);
    expect(nameless.refusals).toEqual([expect.objectContaining({ reason: 'missing field: orderList.productName of AA00078 (a book no longer sold)' })]);
  });

  it('writes no internal note into the history the customer reads: the old status is legacy.status', () => {
    for (const o of plan.orders) {
      expect(o.statusHistory).toEqual([{ status: o.status, at: o.createdAt, by: 'import:legacy' }]);
      expect(o.legacy?.status).toMatch(/^[1-5]$/);
    }
  });

  it('imports a book whose cover is a relative file name unlaunched and without a cover, until the cover is brought', () => {
    expect(plan.products.find((p) => p.productId === 'AA00005')).toMatchObject({ imgSrc: '', launched: false });
    expect(plan.covers).toEqual([{ productId: 'AA00005', file: 'book5.jpg', launched: true }]);
    // Addresses and the shop's own paths stay as they are.
    expect(plan.products.find((p) => p.productId === 'AA00001')!.imgSrc).toMatch(/^https:\/\/firebasestorage/);
  });

  it('brings relative covers from --images into the shop\'s image paths, and reports the ones it cannot find', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'legacy-covers-'));
    try {
      const images = path.join(dir, 'old-images');
      const publicDir = path.join(dir, 'public');
      mkdirSync(images);
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2f5d62' } }).jpeg().toFile(path.join(images, 'book5.jpg'));

      const without = mapLegacyExport(fixture, NOW);
      expect(await bringCovers(without, undefined, publicDir, true)).toEqual({ brought: 0, missing: 1 });
      expect(without.notes).toContainEqual(expect.stringMatching(/^book AA00005: its cover "book5\.jpg" is a file name of the old site and no --images folder was given: imported unlaunched, without a cover/));
      const elsewhere = mapLegacyExport(fixture, NOW);
      await bringCovers(elsewhere, path.join(dir, 'nowhere'), publicDir, true);
      expect(elsewhere.notes).toContainEqual(expect.stringContaining('book5.jpg is not in'));
      expect(existsSync(publicDir)).toBe(false);

      const dry = mapLegacyExport(fixture, NOW);
      expect(await bringCovers(dry, images, publicDir, false)).toEqual({ brought: 1, missing: 0 });
      expect(existsSync(publicDir)).toBe(false);

      const applied = mapLegacyExport(fixture, NOW);
      await bringCovers(applied, images, publicDir, true);
      const book = applied.products.find((p) => p.productId === 'AA00005')!;
      expect(book).toMatchObject({ imgSrc: '/images/books/AA00005/cover.jpg', launched: true });
      // The owner's form accepts the path as it is (functions/src/contracts/products.ts).
      expect(ownerProductFields.imgSrc.safeParse(book.imgSrc).success).toBe(true);
      const out = path.join(publicDir, 'images/books/AA00005');
      expect(readdirSync(out).sort()).toEqual(['cover-240.avif', 'cover-240.jpg', 'cover-240.webp', 'cover-480.avif', 'cover-480.jpg', 'cover-480.webp', 'cover-720.avif', 'cover-720.jpg', 'cover-720.webp', 'cover.jpg']);
      expect(await sharp(path.join(out, 'cover.jpg')).metadata()).toMatchObject({ width: 720, height: 1080 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // AVIF encoding of the four sizes takes a few seconds on a busy machine.
  }, 60_000);

  it.each([
    ['', /x\.json is empty; --file should be the old shop's Realtime Database export/],
    ['  \n', /is empty/],
    ['<html>', /x\.json is not JSON; --file should be/],
    ['{}', /x\.json is JSON but not the old shop's export \(an empty object\)/],
    [readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'), /not the old shop's export \(its keys: name, private, description/],
    ['[1, 2]', /holds a JSON array, not an export/],
    ['null', /holds a JSON null, not an export/],
  ])('refuses %j as an export, saying what the file should be', (text, message) => {
    expect(() => parseLegacyExport(text, 'x.json')).toThrow(message);
  });

  it('reads an export', () => {
    expect(parseLegacyExport(JSON.stringify(fixture), 'x.json')).toEqual(fixture);
  });
});
