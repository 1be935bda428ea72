import { adminDb, api, createPlan, fixtureBook, newOrderId, signInByCookies, signInWithPassword, SHOTS, uniq, uniqPhone } from './support/shop';
import { waitForMail } from './support/inbox';
import { expect, test, type Page } from './support/test';
import type { Locator } from '@playwright/test';

// The owner half of a campaign's end (issue 27), on a phone: a campaign closed below its threshold,
// the console proposes 流團, the owner confirms it, and sees the refunds due; the public page then says
// 未成團（流團）. With SCREENSHOTS=1, shots at 360 and 1280 px go to test-output/campaign-outcome (they
// are judged by eye before the issue closes).

const PHONE = { width: 360, height: 780 };
const SHOT_DIR = 'test-output/campaign-outcome';

/** The whole page, and the card alone (a full-page shot has the sticky header over the middle). */
async function shots(page: Page, name: string, card?: Locator) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: `${SHOT_DIR}/${name}-${width}.png`, fullPage: true });
    if (card) {
      // The sticky header would sit over the card's top when the card is scrolled to: unstick it for this shot.
      await page.locator('.site-header').evaluate((el) => (el.style.position = 'static'));
      await card.screenshot({ path: `${SHOT_DIR}/${name}-card-${width}.png` });
      await page.locator('.site-header').evaluate((el) => (el.style.position = ''));
    }
  }
  await page.setViewportSize(PHONE);
}

/** A launched campaign with a threshold of 20 copies, three orders (two paid), closed five minutes ago. */
async function closedCampaignBelowThreshold() {
  const owner = await signInWithPassword('admin@example.com', 'admin1234');
  const book = await fixtureBook('流團測試實務書', 900, { qty: 30, prefix: 'e2e-outcome-book', sortOrder: 9300 });
  const planId = uniq('e2eOutcome').replace(/[^A-Za-z0-9_-]/g, '');
  const title = `流團測試團購 ${Date.now().toString(36)}`;
  await createPlan(owner.idToken, { planId, title, closingDate: new Date(Date.now() + 86_400_000).toISOString(), content: ['測試用團購。'], products: [{ productId: book, groupPrice: 700 }], minQuantity: 20, rebatePercent: 10 });
  const buyers = [
    { buyer: '陳美玲', bankAccountNo: '24680', qty: 2, pay: true },
    { buyer: '林志明', bankAccountNo: '13579', qty: 1, pay: true },
    { buyer: '王小華', bankAccountNo: '11223', qty: 3, pay: false },
  ];
  const orders = [];
  for (const b of buyers) {
    const email = `${uniq('e2e-outcome')}@example.com`;
    const o = await api<{ orderId: string; orderNo: string; totalPrice: number }>(`/groupOrder/${planId}/${newOrderId('e2eoutcome')}`, {
      method: 'PATCH',
      body: { items: [{ productId: book, qty: b.qty }], buyer: b.buyer, email, receiver: { name: b.buyer, address: '高雄市前金區中正四路 211 號' }, phone: uniqPhone(), bankAccountNo: b.bankAccountNo },
    });
    if (b.pay) await api(`/admin/orders/${o.orderId}/status`, { method: 'POST', idToken: owner.idToken, body: { status: 'preparing', bankAccountNo: b.bankAccountNo, amount: o.totalPrice } });
    orders.push({ ...o, ...b, email });
  }
  await adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - 5 * 60_000).toISOString() });
  return { planId, title, book, orders };
}

test('the owner confirms 流團 of a campaign below its threshold on a phone and sees the refunds due', async ({ page }) => {
  test.setTimeout(120_000);
  const { planId, title, book, orders } = await closedCampaignBelowThreshold();
  const [paid1, paid2, unpaid] = orders as [(typeof orders)[number], (typeof orders)[number], (typeof orders)[number]];
  const stockBefore = (await adminDb().doc(`stock/${book}`).get()).data()!.qty as number;

  await page.setViewportSize(PHONE);
  await signInByCookies(page.context(), 'admin@example.com', 'admin1234', '店長');
  await page.goto(`/admin/plans/${planId}`);
  await expect(page.getByRole('heading', { name: `【${title}】` })).toBeVisible();
  const card = page.getByRole('region', { name: '成團／流團' });
  await expect(card.getByTestId('outcome-proposal')).toContainText('系統建議：流團');
  await expect(card.getByTestId('outcome-proposal')).toContainText('已訂 6 本／門檻 20 本');
  await expect(card.getByText(`取消 1 筆未付款訂單並退回庫存；2 筆已付款訂單（共 NT$2,100）列入待退款名單`)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'outcome-proposal', card);

  await card.getByLabel(/給買家的說明/).fill('報名人數未達 20 本，本次不開團，造成不便敬請見諒。');
  await card.getByRole('button', { name: '決定流團…' }).click();
  // The confirmation step: nothing is sent until 確定流團.
  const confirm = card.getByRole('group', { name: '確定流團？' });
  await expect(confirm).toBeVisible();
  expect((await adminDb().doc(`groupBuyingPlans/${planId}`).get()).data()!.decision).toBeUndefined();
  await shots(page, 'outcome-confirm', card);
  await confirm.getByRole('button', { name: '確定流團' }).click();

  const record = page.getByRole('region', { name: '活動結果：未成團（流團）' });
  await expect(record).toBeVisible({ timeout: 30_000 });
  await expect(record.getByTestId('outcome-result')).toHaveText('未成團（流團）');
  const refunds = record.getByTestId('refunds-due');
  for (const o of [paid1, paid2]) {
    const row = refunds.getByRole('row').filter({ hasText: o.orderNo });
    await expect(row).toContainText(o.buyer);
    await expect(row).toContainText(o.bankAccountNo);
    await expect(row).toContainText('待退款');
  }
  await expect(refunds.getByRole('row').filter({ hasText: unpaid.orderNo })).toHaveCount(0);
  await expect(record.getByRole('heading', { name: '待退款名單（2 筆，共 NT$2,100）' })).toBeVisible();
  await expect(record.getByTestId('refunds-left')).toContainText('尚待退款 2 筆，共 NT$2,100');
  await record.scrollIntoViewIfNeeded();
  await page.locator('.Toastify__toast').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  await shots(page, 'outcome-refunds-due', record);

  // The treasurer transfers one refund back and ticks it off in the list.
  await refunds.getByRole('button', { name: `標記 ${paid1.orderNo} 已退款` }).click();
  await refunds.getByRole('group', { name: `確定 ${paid1.orderNo} 已退款？` }).getByRole('button', { name: '確定已退款' }).click();
  await expect(refunds.getByRole('row').filter({ hasText: paid1.orderNo })).toContainText('已退款（');
  await expect(record.getByTestId('refunds-left')).toContainText('尚待退款 1 筆，共 NT$700');
  expect((await adminDb().doc(`orders/${paid1.orderId}`).get()).data()!.status).toBe('refunded');
  await page.locator('.Toastify__toast').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  await shots(page, 'outcome-refund-ticked', record);

  // The unpaid order's copies came back once; its buyer and a paid buyer were told.
  // The refunded order's 2 copies came back too (its books never left).
  expect((await adminDb().doc(`stock/${book}`).get()).data()!.qty).toBe(stockBefore + 3 + 2);
  expect((await adminDb().doc(`orders/${unpaid.orderId}`).get()).data()!.status).toBe('cancelledUnpaid');
  await waitForMail(unpaid.email, ['團購未成團，訂單已取消']);
  await waitForMail(paid1.email, ['團購未成團，將為您退款']);
  await waitForMail(paid1.email, ['訂單已取消並完成退款']);

  // The organiser's link says it too, with the refunds still due (no names or digits there).
  const owner = await signInWithPassword('admin@example.com', 'admin1234');
  const link = await api<{ url: string }>(`/admin/plans/${planId}/organizer-links`, { method: 'POST', idToken: owner.idToken, body: {} });
  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: '活動結果：未成團（流團）' })).toBeVisible();
  // A link opened fresh in a tab starts at its top, wherever the previous page was left (scroll-frame.tsx).
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByText('店家尚待退款 1 筆，共 NT$700。')).toBeVisible();
  // Nothing is handed over after 流團: no handover list, no CSV, the reason instead.
  await expect(page.getByTestId('organizer-empty')).toContainText('不交書');
  await expect(page.getByTestId('organizer-orders')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '下載交書名單 CSV' })).toHaveCount(0);
  await shots(page, 'outcome-organizer');
  const desk = await api<{ url: string }>(`/admin/plans/${planId}/desk-links`, { method: 'POST', idToken: owner.idToken, body: { holder: '陳召集' } });
  await page.goto(desk.url);
  await expect(page.getByTestId('desk-failed')).toContainText('未成團（流團），不交書');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await shots(page, 'outcome-desk');

  // The campaign's public page says it plainly.
  await page.goto(`/ezbuy/${planId}`);
  await expect(page.getByRole('heading', { name: '活動截止・未成團（流團）' })).toBeVisible();
  await expect(page.getByText('店家說明：報名人數未達 20 本')).toBeVisible();
  await shots(page, 'outcome-public-page');
});
