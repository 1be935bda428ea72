import { expect, test, type Page } from './support/test';
import { readFileSync } from 'node:fs';
import { waitForMail } from './support/inbox';
import { adminDb, api, fixtureBook, newOrderId, shoot as shootTo, signInByCookies, signInWithPassword as signIn, uniq } from './support/shop';

// The shop owner's console (docs/admin.md). The owner confirms a payment and ships; the member then sees
// 已發貨 with the tracking link in /order. The owner creates a campaign and exports its CSV. A member
// is refused /admin. Sign-in writes the session cookies directly (no login page). Books and plans are
// this test's own fixtures. SCREENSHOTS=1 also saves 360 px and 1280 px shots of the console pages.

const shoot = (page: Page, name: string) => shootTo(page, 'test-output/admin', name);


/** The owner signs in, opens one of the console's lists (its heading shown, shot as `shot`) and follows its link to a new record's form. */
async function ownerOpensNewForm(page: Page, list: { path: string; heading: string; shot: string; newLink: string }) {
  await signInByCookies(page.context(), 'admin@example.com', 'admin1234', '店長');
  await page.goto(list.path);
  await expect(page.getByRole('heading', { name: list.heading })).toBeVisible();
  await shoot(page, list.shot);
  await page.getByRole('link', { name: list.newLink }).click();
}

test('a member is refused the console with the 403 error screen', async ({ page }) => {
  await signInByCookies(page.context(), 'demo@example.com', 'demo1234', '王小明');
  await page.goto('/admin/orders');
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await expect(page.getByText('Permission denied')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('權限不足');
  await expect(page.getByRole('navigation', { name: '後台功能' })).toHaveCount(0);
});

test('the owner confirms a payment and ships; the member sees 已發貨 with the tracking link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const book = await fixtureBook('測試用：後台出貨實務', 880);
  const member = await signIn('demo@example.com', 'demo1234');
  const order = await api<{ orderId: string; orderNo: string; totalPrice: number }>(`/order/${member.localId}/${newOrderId('e2eadmin')}`, {
    method: 'PATCH',
    idToken: member.idToken,
    body: { items: [{ productId: book, qty: 2 }], receiver: { name: '王小明', address: '臺南市中西區民族路二段 100 號' }, phone: '0912-345-678', bankAccountNo: '24680' },
  });

  await signInByCookies(page.context(), 'admin@example.com', 'admin1234', '店長');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: '店長後台', level: 1 })).toBeVisible();

  // The orders table finds it by number.
  await page.getByLabel('搜尋', { exact: true }).fill(order.orderNo);
  await page.getByRole('button', { name: '查詢' }).click();
  await expect(page.getByRole('link', { name: order.orderNo })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toContainText('待匯款');
  await shoot(page, 'orders');

  // The payments queue lists it with the amount and the digits.
  await page.getByRole('link', { name: '待確認匯款' }).click();
  const row = page.getByRole('row').filter({ hasText: order.orderNo });
  await expect(row).toContainText('NT$1,760');
  await expect(row).toContainText('24680');
  await shoot(page, 'payments');
  await row.getByRole('link', { name: `核對 ${order.orderNo} 的匯款` }).click();

  await expect(page.getByRole('heading', { name: `訂單 ${order.orderNo}` })).toBeVisible();
  // The buyer's digits stay out of sight until the owner has typed the bank's (issue 35).
  await expect(page.getByRole('region', { name: '訂購資料' })).toContainText('確認收款時核對');
  await expect(page.getByRole('region', { name: '訂購資料' })).not.toContainText('24680');
  // A mismatch is refused and explained.
  await page.getByLabel('匯款帳號末五碼').fill('11111');
  await expect(page.getByTestId('digits-check')).toContainText('顧客填寫的末五碼是 24680');
  await page.getByLabel('入帳金額（NT$）').fill('1760');
  await page.getByRole('button', { name: '確認收款' }).click();
  // Said without giving the order's digits away (issue 23; tests/api/owner-day-one.test.ts checks the body).
  await expect(page.getByText(/帳號末五碼與訂單填寫的不符/).first()).toBeVisible();
  await shoot(page, 'order-mismatch');

  // Full-width digits, as a Chinese keyboard types them, are the same digits (issue 35).
  await page.getByLabel('匯款帳號末五碼').fill('２４６８０');
  await expect(page.getByTestId('digits-check')).toHaveText('與顧客填寫的末五碼相符。');
  await page.getByRole('button', { name: '確認收款' }).click();
  const head = page.locator('.admin-head');
  await expect(head).toContainText('匯款完成，訂單準備中');
  await expect(page.getByRole('heading', { name: '出貨' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '確認收款' })).toHaveCount(0);

  const trackingNo = `RR${Date.now().toString().slice(-9)}TW`;
  const trackingUrl = `https://postserv.post.gov.tw/pstmail/main_mail.html?targetTxt=${trackingNo}`;
  await page.getByLabel('貨件編號').fill(trackingNo);
  await page.getByLabel('貨件查詢連結').fill(trackingUrl);
  await page.getByRole('button', { name: '標記已發貨' }).click();
  await expect(head).toContainText('已發貨');
  await expect(page.getByRole('link', { name: '查詢貨件' })).toHaveAttribute('href', trackingUrl);
  const history = page.getByRole('list').filter({ hasText: '店長 admin@example.com' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await shoot(page, 'order-shipped');

  // The customer's mails reached the inbox: the payment confirmed, then the parcel with its tracking link.
  const paidMail = await waitForMail('demo@example.com', ['已收到您的匯款', order.orderNo]);
  expect(paidMail.text).toContain(`NT$${order.totalPrice.toLocaleString('en-US')}`);
  const shippedMail = await waitForMail('demo@example.com', ['您的訂單已出貨', order.orderNo]);
  expect(shippedMail.text).toContain(trackingNo);
  expect(shippedMail.html).toContain(`href="${trackingUrl}"`);

  // The member, in a fresh browser context.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInByCookies(memberContext, 'demo@example.com', 'demo1234', '王小明');
  await memberPage.goto('/order');
  const mine = memberPage.getByRole('row').filter({ hasText: order.orderNo });
  await expect(mine).toContainText('已發貨');
  await mine.getByRole('link', { name: `查看訂單 ${order.orderNo} 詳情` }).click();
  await expect(memberPage.getByText('已發貨').first()).toBeVisible();
  await expect(memberPage.getByRole('link', { name: trackingNo })).toHaveAttribute('href', trackingUrl);
  await memberContext.close();
});

test('the owner creates a campaign, sees its orders and exports the CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `測試團購 ${Date.now().toString(36)}`;
  const bookName = `測試用：團購用書 ${Date.now().toString(36)}`;
  const book = await fixtureBook(bookName, 900, { qty: 20 });
  const planId = uniq('e2ePlan').replace(/[^A-Za-z0-9_-]/g, '');

  await ownerOpensNewForm(page, { path: '/admin/plans', heading: '團購活動', shot: 'plans', newLink: '新增團購活動' });

  await page.getByLabel('活動編號').fill(planId);
  await page.getByLabel('活動名稱').fill(title);
  await page.getByLabel('主辦單位').fill('測試會計師公會');
  await page.getByLabel('成團門檻').fill('3');
  await page.getByLabel('每筆最少本數').fill('2');
  await page.getByRole('combobox', { name: /^書籍/ }).selectOption({ label: bookName });
  await page.getByLabel('團購價（NT$）').fill('700');
  await page.getByLabel('每單上限').fill('5');
  await page.getByLabel('上架（開放下單）').check();
  await page.getByLabel('活動說明').fill('第一段說明\n第二段說明');
  await page.getByLabel('取貨／配送說明').fill('公會辦公室自取');
  await shoot(page, 'plan-form');
  await page.getByRole('button', { name: '建立活動' }).click();

  await expect(page.getByRole('heading', { name: `【${title}】` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/plans/${planId}$`));
  await expect(page.getByText('還沒有人下單。')).toBeVisible();

  // A buyer orders on the campaign (a guest group order through the public API).
  const placed = await api<{ orderNo: string }>(`/groupOrder/${planId}/${newOrderId('e2eadmin')}`, {
    method: 'PATCH',
    body: {
      items: [{ productId: book, qty: 2 }],
      buyer: '陳團購',
      email: 'e2e-group@example.com',
      receiver: { name: '陳團購', address: '高雄市前金區中正四路 211 號' },
      phone: '07-123-4567',
      bankAccountNo: '13579',
    },
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: '活動訂單（1）' })).toBeVisible();
  await expect(page.getByRole('link', { name: placed.orderNo })).toBeVisible();
  await expect(page.locator('.admin-progress')).toContainText('2 / 3 本');
  await shoot(page, 'plan');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: '匯出訂單 CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${planId}-orders.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('訂單號碼,訂單日期,訂單狀態,訂購人');
  expect(text).toContain(placed.orderNo);
  expect(text).toContain(`${book},${bookName},2,1400`);
  // A posted order counts under 郵寄, never under its address (issue 24).
  expect(text).toContain('郵寄,1,2,2,1400');

  // Back on the list, the new plan shows with its progress; editing keeps the fields.
  await page.getByRole('link', { name: '編輯活動' }).click();
  await expect(page.getByLabel('活動名稱')).toHaveValue(title);
  await expect(page.getByLabel('活動編號')).toBeDisabled();
  await expect(page.getByLabel('每筆最少本數')).toHaveValue('2');
  // The book is chosen in its select (it showed 請選擇 when the form started before the book list).
  await expect(page.getByRole('combobox', { name: /^書籍/ })).toHaveValue(book);
});

test('the owner adds a book, sets its stock with a reason, launches and hides it', async ({ page }) => {
  test.setTimeout(90_000);
  const productId = uniq('e2e-new-book');
  await ownerOpensNewForm(page, { path: '/admin/products', heading: '書籍與庫存', shot: 'products', newLink: '新增書籍' });
  await page.getByLabel('書籍編號').fill(productId);
  await page.getByLabel('書名').fill('測試用：新書上架');
  await page.getByLabel('作者').fill('測試作者');
  await page.getByLabel('定價（NT$）').fill('1200');
  await page.getByLabel('售價（NT$）').fill('-1');
  await page.getByRole('button', { name: '建立書籍' }).click();
  // Beside the field, before anything is sent (the server's schema, in the browser).
  await expect(page.locator('.field', { hasText: '售價（NT$）' }).locator('.field__error')).toHaveText('價格不能是負數');
  await page.getByLabel('售價（NT$）').fill('990');
  await page.getByLabel('封面圖片').fill('/images/books/test.jpg');
  await page.getByRole('button', { name: '新增勘誤' }).click();
  await page.getByLabel('章節').fill('第二章');
  await page.getByLabel('標題', { exact: true }).fill('表格數字更正');
  // A new erratum is dated today; without a date it is refused beside the field.
  await page.getByLabel('公告日期').fill('');
  await page.getByRole('button', { name: '建立書籍' }).click();
  await expect(page.locator('.field', { hasText: '公告日期' }).locator('.field__error')).toHaveText('請填寫日期，格式為 YYYY-MM-DD');
  await page.getByLabel('公告日期').fill('2026-04-01');
  await shoot(page, 'product-form');
  await page.getByRole('button', { name: '建立書籍' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}$`));
  await expect(page.getByTestId('stock-qty')).toHaveText('0');

  await page.getByLabel('新的庫存數量').fill('25');
  await page.getByLabel('原因').fill('首刷到貨');
  await page.getByRole('button', { name: '設定庫存' }).click();
  await expect(page.getByTestId('stock-qty')).toHaveText('25');
  await expect(page.getByRole('table', { name: /庫存異動紀錄/ })).toContainText('首刷到貨');
  await expect(page.getByRole('table', { name: /庫存異動紀錄/ })).toContainText('+25');
  await shoot(page, 'product-stock');

  await page.getByRole('link', { name: '← 返回書籍列表' }).click();
  const row = page.getByRole('row').filter({ hasText: '測試用：新書上架' });
  await expect(row).toContainText('已隱藏');
  await row.getByRole('button', { name: '上架「測試用：新書上架」' }).click();
  await expect(row).toContainText('上架中');
  await row.getByRole('button', { name: '隱藏「測試用：新書上架」' }).click();
  await expect(row).toContainText('已隱藏');
  const stored = (await adminDb().doc(`products/${productId}`).get()).data();
  expect(stored?.launched).toBe(false);
});
