import { expect, test, type Page } from './support/test';
import { waitForMail } from './support/inbox';
import { adminDb, api, HOSTING_URL, SHOTS, uniq, uniqPhone } from './support/shop';

// Group buying as a new visitor meets it, in Chromium. Journeys that change stock beyond one copy
// of a well-stocked demo book use their own fixture plan and book.

const SHOT_DIR = 'test-output/group';
// The Admin SDK reaches the emulators through FIRESTORE_EMULATOR_HOST (set by emulators:exec).
const phone = { width: 360, height: 760 };

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'no horizontal scrolling').toBeLessThanOrEqual(client);
}

/** With SCREENSHOTS=1: a full-page screenshot with the lazy images loaded. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOT_DIR}/${name}.png`, fullPage: true });
}

async function fixturePlan(opts: { qty: number; minQuantity?: number; payAfterFormed?: boolean }) {
  const db = adminDb();
  const productId = uniq('e2e-book');
  const planId = uniq('e2e-plan');
  const now = new Date().toISOString();
  await db.doc(`products/${productId}`).set({
    name: '團購測試實務書',
    subtitle: '瀏覽器測試用',
    imgSrc: '/favicon.svg',
    listPrice: 900,
    salePrice: 850,
    launched: true,
    sortOrder: 999,
    isNew: false,
    bookIntroduction: { primaryColor: '#2f5d62', slogan: '測試用標語', overview: '這是一本測試用的書。', summary: [], detail: [] },
  });
  await db.doc(`stock/${productId}`).set({ qty: opts.qty, updatedAt: now });
  await db.doc(`groupBuyingPlans/${planId}`).set({
    title: '瀏覽器測試團購',
    organizer: '測試協會',
    closingDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '/images/banner/tax-season-pc.jpg', mobile: '/images/banner/tax-season-mobile.jpg' },
    content: ['測試團購說明。'],
    products: [{ productId, groupPrice: 700, maxPerOrder: 5 }],
    ...(opts.minQuantity ? { minQuantity: opts.minQuantity } : {}),
    ...(opts.payAfterFormed ? { payAfterFormed: true } : {}),
    pickupNotes: '郵寄到府。',
    paymentNotes: '3 日內匯款。',
  });
  await db.doc(`planProgress/${planId}`).set({ orders: 0, copies: 0, minQuantity: opts.minQuantity ?? null, updatedAt: now });
  return { planId, productId };
}

/** Fills the buyer's details; the email and phone are this test's own (5 group orders a day each, docs/limits.md). */
async function fillBuyer(page: Page, scope = page.locator('body')): Promise<{ email: string }> {
  const email = `${uniq('meiling')}@example.com`.toLowerCase();
  await scope.getByLabel('訂購人姓名').fill('陳美玲');
  await scope.getByLabel('電子郵件').fill(email);
  await scope.getByLabel('聯絡電話').fill(uniqPhone('678'));
  await expect(scope.getByLabel('收件人姓名')).toHaveValue('陳美玲');
  await scope.getByLabel('收件地址').fill('高雄市前金區中正四路 211 號');
  return { email };
}

test('a guest joins cpaSouth from its landing page to its success page at 360 px', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/ezbuy/cpaSouth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('【南區會計師公會 年度實務書團購】');
  await expect(page.getByText('優惠期間：即日起 - 2027年3月31日')).toBeVisible();
  await expect(page.getByTestId('plan-progress')).toContainText('成團門檻 30 本');
  const card = page.getByRole('article', { name: '公司登記實務全攻略' });
  await expect(card.getByText('優惠價')).toBeVisible();
  await expect(card.getByText('定價')).toBeVisible();
  await expect(card.getByText('庫存：>100')).toBeVisible();
  await noHorizontalScroll(page);
  await shot(page, 'cpa-south-360');

  await card.getByRole('button', { name: /^增加/ }).click();
  await card.getByRole('button', { name: '前往結帳' }).click();
  const form = page.locator('#order-form');
  await expect(form).toBeInViewport();
  await expect(form.getByTestId('cart-total')).toHaveText('NT$780');

  // Validated as the user types, with the shared schema's messages.
  await form.getByLabel('電子郵件').fill('meiling@');
  await form.getByLabel('電子郵件').blur();
  await expect(form.getByText('電子郵件格式錯誤')).toBeVisible();
  await form.getByRole('button', { name: '下一步' }).click();
  await expect(form.getByRole('heading', { name: '訂購人資訊' })).toBeVisible();

  const { email } = await fillBuyer(page, form);
  await expect(form.getByText('電子郵件格式錯誤')).toHaveCount(0);
  await shot(page, 'cpa-south-form-360');
  await form.getByRole('button', { name: '下一步' }).click();
  await expect(form.getByRole('heading', { name: '發票資訊' })).toBeVisible();
  await form.getByRole('button', { name: '下一步' }).click();
  await expect(form.getByRole('heading', { name: '訂單確認' })).toBeVisible();
  await expect(form.getByText('高雄市前金區中正四路 211 號')).toBeVisible();
  await noHorizontalScroll(page);
  await form.getByRole('button', { name: '訂單送出' }).click();

  await expect(page).toHaveURL(/\/ezbuy\/success\?planId=cpaSouth&orderId=[A-Za-z0-9_-]{16,64}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('訂單已送出');
  await expect(page.getByTestId('order-no')).toHaveText(/^QY\d{6}[2-9A-Z]{4}$/);
  await expect(page.getByTestId('order-total')).toHaveText('NT$780');
  await expect(page.getByTestId('bank-details')).toContainText('臺灣銀行');
  await expect(page.getByTestId('bank-details')).toContainText('0120-0012-3456');
  await expect(page.getByTestId('payment-due')).toContainText('（3 天內）');
  await noHorizontalScroll(page);
  await shot(page, 'success-360');

  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const stored = (await adminDb().doc(`orders/${orderId}`).get()).data();
  expect(stored).toMatchObject({ planId: 'cpaSouth', userId: null, buyer: '陳美玲', totalPrice: 780, status: 'awaitingPayment' });
  // The guest's confirmation is in the inbox with the bank details.
  const mail = await waitForMail(email, ['訂單成立通知', stored!.orderNo as string]);
  expect(mail.html).toContain('0120-0012-3456');
  expect(mail.text).toContain('您填寫的收件資料（由訂購人輸入，本店未經核對）');

  await page.getByRole('link', { name: '返回訂購頁' }).click();
  await expect(page).toHaveURL(/\/ezbuy\/cpaSouth$/);
  await expect(page.getByTestId('plan-progress')).toBeVisible();
});

test('the closed onecircle page shows 活動截止 and takes an inquiry', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/ezbuy/onecircle');
  await expect(page.getByRole('heading', { name: '活動截止' })).toBeVisible();
  await expect(page.getByRole('button', { name: '加入購物車' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '活動洽詢' })).toBeVisible();
  const form = page.getByTestId('inquiry-form-campaign');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(form.getByText('請填寫姓名')).toBeVisible();
  const email = `${uniq('inq')}@example.com`.toLowerCase();
  await form.getByLabel('姓名').fill('黃志豪');
  await form.getByLabel('電子郵件').fill(email);
  await form.getByLabel('單位名稱').fill('一圈讀書會');
  await form.getByLabel('預計數量（本）').fill('15');
  await form.getByLabel('詢問內容').fill('請問下一季共讀團購什麼時候開團？讀書會約 15 人想一起訂。');
  await noHorizontalScroll(page);
  await shot(page, 'onecircle-360');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(page.getByRole('heading', { name: '感謝您的詢問' })).toBeVisible();
  const saved = await adminDb().collection('inquiries').where('email', '==', email).get();
  expect(saved.size).toBe(1);
  expect(saved.docs[0]!.data()).toMatchObject({ topic: 'campaign', planId: 'onecircle', name: '黃志豪', organization: '一圈讀書會', quantity: 15 });
});

test('the progress on the plan page moves when another order lands', async ({ page }) => {
  const { planId, productId } = await fixturePlan({ qty: 50, minQuantity: 10 });
  await page.goto(`/ezbuy/${planId}`);
  const progress = page.getByTestId('plan-progress');
  await expect(progress).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('progress-orders')).toHaveText('0');
  await expect(page.getByTestId('progress-goal')).toHaveText('成團門檻 10 本，還差 10 本');

  // Someone else orders, elsewhere.
  const orderId = `e2e-${uniq('live')}`.replace(/[^A-Za-z0-9_-]/g, '');
  const res = await fetch(`${HOSTING_URL}/api/groupOrder/${planId}/${orderId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      items: [{ productId, qty: 3 }],
      buyer: '林小華',
      email: 'hua@example.com',
      receiver: { name: '林小華', address: '臺中市西區民權路 100 號' },
      phone: '04-2222-3333',
      bankAccountNo: '00000',
    }),
  });
  expect(res.status).toBe(201);
  await expect(page.getByTestId('progress-orders')).toHaveText('1');
  await expect(page.getByTestId('progress-copies')).toHaveText('3');
  await expect(page.getByTestId('progress-goal')).toHaveText('成團門檻 10 本，還差 7 本');
  await shot(page, 'plan-live-1280');
});

test('a pay-after-成團 campaign says so on its page, and its success page asks for no payment until 成團', async ({ page }) => {
  const { planId, productId } = await fixturePlan({ qty: 20, minQuantity: 10, payAfterFormed: true });
  await page.setViewportSize(phone);
  await page.goto(`/ezbuy/${planId}`);
  await expect(page.getByTestId('pay-after')).toContainText('成團後才收款');
  const orderId = `e2e-${uniq('wait')}`.replace(/[^A-Za-z0-9_-]/g, '');
  const res = await fetch(`${HOSTING_URL}/api/groupOrder/${planId}/${orderId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId, qty: 2 }], buyer: '林小華', email: 'hua@example.com', receiver: { name: '林小華', address: '臺中市西區民權路 100 號' }, phone: '04-2222-3333' }),
  });
  expect(res.status).toBe(201);
  await page.goto(`/ezbuy/success?planId=${planId}&orderId=${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('等待成團，尚不需匯款');
  await expect(page.getByTestId('formation-note')).toContainText('目前不需匯款');
  await expect(page.getByTestId('bank-details')).toHaveCount(0);
  await noHorizontalScroll(page);
  await shot(page, 'pay-after-success-360');
});

test('the plan page cart goes to the group cart, which checks out without a login', async ({ page }) => {
  const { planId } = await fixturePlan({ qty: 3 });
  await page.setViewportSize(phone);
  await page.goto(`/ezbuy/${planId}`);
  const card = page.locator('.gb-book').first();
  await expect(card.getByText('庫存：3')).toBeVisible();
  // The picker stops at min(stock, maxPerOrder) = 3.
  const plus = card.getByRole('button', { name: /^增加/ });
  for (let i = 0; i < 3; i++) await plus.click();
  await expect(plus).toBeDisabled();
  await card.getByRole('button', { name: '加入購物車' }).click();
  await expect(card.getByText('購物車已有 3 本')).toBeVisible();
  await page.getByRole('region', { name: '團購購物車' }).getByRole('link', { name: '前往結帳' }).click();
  await expect(page).toHaveURL(new RegExp(`/ezbuy/cart\\?planId=${planId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('團購購物車');
  await expect(page.getByTestId('cart-total')).toHaveText('NT$2,100');
  await shot(page, 'group-cart-360');
  await fillBuyer(page);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('公司報帳（三聯式）').check();
  await page.getByLabel('統一編號').fill('12345678');
  await page.getByLabel('統一編號').blur();
  await expect(page.getByText('統一編號格式錯誤')).toBeVisible();
  await page.getByLabel('統一編號').fill('24536806');
  await page.getByLabel('發票抬頭').fill('青嶼出版有限公司');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '訂單送出' }).click();
  await expect(page).toHaveURL(/\/ezbuy\/success\?/);
  await expect(page.getByTestId('order-total')).toHaveText('NT$2,100');
  await page.getByRole('link', { name: '返回訂購頁' }).click();
  await expect(page.locator('.gb-book').first().getByText('已售完')).toBeVisible();
});

test('unknown plans and malformed or missing planId and orderId show the 404 screen', async ({ page }) => {
  for (const path of [
    '/ezbuy/noSuchPlan',
    '/ezbuy/cart?planId=noSuchPlan',
    '/ezbuy/cart?planId=bad.id',
    '/ezbuy/cart',
    '/ezbuy/success?planId=cpaSouth',
    '/ezbuy/success?planId=cpaSouth&orderId=short',
    '/ezbuy/success?planId=cpa%2FSouth&orderId=g-0123456789abcdef',
    '/ezbuy/success?planId=cpaSouth&orderId=g-0123456789abcdef0123',
  ]) {
    await page.goto(path);
    await expect(page.getByText('404', { exact: true }), path).toBeVisible();
    await expect(page.getByRole('button', { name: '返回首頁' })).toBeVisible();
  }
});

test('the plan and success pages at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ezbuy/cpaSouth');
  await expect(page.getByTestId('plan-progress')).toBeVisible();
  await shot(page, 'cpa-south-1280');
  await page.goto('/ezbuy/onecircle');
  await expect(page.getByRole('heading', { name: '活動截止' })).toBeVisible();
  await shot(page, 'onecircle-1280');
  await page.goto('/ezbuy/taxSeason2027');
  await expect(page.locator('.gb-book').first()).toBeVisible();
  await shot(page, 'tax-season-1280');

  // The success page of an order placed a moment ago (a guest's, with its own contact for the per-contact limits).
  const orderId = uniq('e2ewide').replace(/[^A-Za-z0-9_-]/g, '') + Math.random().toString(36).slice(2, 8);
  const placed = await api<{ orderNo: string; totalPrice: number }>(`/groupOrder/cpaSouth/${orderId}`, {
    method: 'PATCH',
    body: {
      items: [{ productId: 'business-tax-handbook', qty: 1 }],
      buyer: '王寬螢',
      email: `${uniq('wide')}@example.com`,
      receiver: { name: '王寬螢', address: '臺北市中正區重慶南路一段 122 號' },
      phone: uniqPhone(),
    },
  });
  await page.goto(`/ezbuy/success?planId=cpaSouth&orderId=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('訂單已送出');
  await expect(page.getByTestId('order-no')).toHaveText(placed.orderNo);
  await expect(page.getByTestId('order-total')).toHaveText(`NT$${placed.totalPrice.toLocaleString('en-US')}`);
  await expect(page.getByTestId('bank-details')).toContainText('臺灣銀行');
  await expect(page.getByTestId('payment-due')).toContainText('（3 天內）');
  await shot(page, 'success-1280');
});
