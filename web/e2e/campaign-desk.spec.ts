import { seriousViolations } from './support/axe';
import { adminDb, api, createPlan, fixtureBook, HOSTING_URL, newOrderId, shoot as shootTo, signInByCookies, signInWithPassword, uniq, uniqPhone } from './support/shop';
import { waitForMail } from './support/inbox';
import { expect, test, type Page } from './support/test';

// The organiser's half of a campaign's life (issue 27), on a phone: the owner issues a pickup desk link
// (through the API, for speed), the organiser opens it at 360 px and ticks off two pickups (one undone
// and ticked again), an unpaid order cannot be ticked, and the console shows who picked up. A visitor
// signs up for 「截止前提醒我」 on the campaign's page (the address survives a detour, Back and a reload)
// and gets the confirmation in MailDev.
// SCREENSHOTS=1 saves 360 px and 1280 px shots under test-output/desk.

const shoot = (page: Page, name: string) => shootTo(page, 'test-output/desk', name);
const office = { id: 'office', name: '公會辦公室自取', address: '高雄市前金區中正四路 211 號', hours: '週一至週五 9:00–17:00' };

async function campaign(ownerToken: string) {
  const book = await fixtureBook(`測試用：取貨櫃台 ${Date.now().toString(36)}`, 600, { prefix: 'e2e-desk-book', sortOrder: 9300 });
  const planId = uniq('e2eDesk');
  await createPlan(ownerToken, {
    planId,
    title: '南區會員讀書會團購',
    organizer: '南區讀書會',
    closingDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    content: ['本次團購的書將統一送到公會辦公室，請於取貨時間內領取。'],
    products: [{ productId: book, groupPrice: 480 }],
    pickupNotes: '公會辦公室自取',
    pickupPoints: [office],
    postalDelivery: true,
  });
  const order = async (buyer: string, phone: string, pay: boolean, pickup = true) => {
    const o = await api<{ orderId: string; orderNo: string; totalPrice: number }>(`/groupOrder/${planId}/${newOrderId('e2edesk')}`, {
      method: 'PATCH',
      body: {
        items: [{ productId: book, qty: pickup ? 2 : 1 }],
        buyer,
        email: `${uniq('e2e-desk')}@example.com`,
        receiver: { name: buyer, address: pickup ? '' : '高雄市苓雅區四維三路 2 號' },
        phone,
        bankAccountNo: '54321',
        ...(pickup ? { pickupPointId: 'office' } : {}),
      },
    });
    if (pay) await api(`/admin/orders/${o.orderId}/status`, { method: 'POST', idToken: ownerToken, body: { status: 'preparing', bankAccountNo: '54321', amount: o.totalPrice } });
    return o;
  };
  const linPhone = uniqPhone('678');
  const lin = await order('林美華', linPhone, true);
  const chen = await order('陳大文', uniqPhone('111'), true);
  await order('王小明', uniqPhone('666'), false);
  await order('郵寄者', uniqPhone('999'), true, false);
  return { planId, lin, chen, linPhone };
}

test('the organiser ticks off two pickups on a phone, undoes one and ticks it again; the console shows who picked up', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const owner = await signInWithPassword('admin@example.com', 'admin1234');
  const { planId, lin, chen, linPhone } = await campaign(owner.idToken);
  const desk = await api<{ url: string }>(`/admin/plans/${planId}/desk-links`, { method: 'POST', idToken: owner.idToken, body: { holder: '陳召集' } });

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(desk.url);
  const counts = page.locator('.desk__counts');
  await expect(counts).toContainText('已取貨 0');
  await expect(counts).toContainText('待取貨 2'); // paid pickups only: the unpaid order is counted apart
  await expect(counts).toContainText('未付款 1');
  await expect(page.getByText('另有 1 筆郵寄訂單')).toBeVisible();
  // Phones stay masked; the unpaid order cannot be ticked.
  await expect(page.getByTestId('desk-orders')).not.toContainText(linPhone);
  await expect(page.getByRole('button', { name: '王小明 取貨' })).toBeDisabled();
  await expect(page.locator('[data-order]').filter({ hasText: '王小明' })).toContainText('未付款');
  await shoot(page, 'desk-start');

  // By name, then by order number.
  const search = page.getByLabel('搜尋訂單號碼或姓名');
  await search.fill('林美');
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await page.getByRole('button', { name: '林美華 取貨' }).click();
  await expect(page.getByTestId('desk-message')).toContainText(`林美華（${lin.orderNo}）已取貨`);
  await search.fill(chen.orderNo.slice(-4).toLowerCase());
  await page.getByRole('button', { name: '陳大文 取貨' }).click();
  await expect(counts).toContainText('已取貨 2');
  await expect(counts).toContainText('待取貨 0');

  await search.fill('');
  await page.getByRole('button', { name: '已取貨', exact: true }).click();
  await expect(page.locator('[data-order]')).toHaveCount(2);
  await expect(page.locator(`[data-order="${chen.orderNo}"]`)).toContainText('由 陳召集 交付');
  await shoot(page, 'desk-picked');
  // The desk passes axe with ticked, unticked and unpaid orders on it (no serious or critical violations).
  await page.getByRole('button', { name: '全部', exact: true }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '已取貨', exact: true }).click();
  await page.getByRole('button', { name: '復原 陳大文 的取貨' }).click();
  await expect(page.getByTestId('desk-message')).toContainText('已復原');
  await expect(counts).toContainText('已取貨 1');
  await page.getByRole('button', { name: '待取貨', exact: true }).click();
  await page.getByRole('button', { name: '陳大文 取貨' }).click();
  await expect(counts).toContainText('已取貨 2');
  expect((await adminDb().doc(`orders/${chen.orderId}`).get()).get('pickedUp')).toMatchObject({ by: '陳召集' });

  // The owner's console: the campaign's orders say who picked up, and the desk link's log lists the ticks.
  const ownerCtx = await browser.newContext({ baseURL: HOSTING_URL, locale: 'zh-TW', viewport: { width: 360, height: 780 } });
  const op = await ownerCtx.newPage();
  await signInByCookies(ownerCtx, 'admin@example.com', 'admin1234', '店長');
  await op.goto(`/admin/plans/${planId}`);
  const row = op.getByRole('row').filter({ hasText: lin.orderNo });
  await expect(row).toContainText('已取貨');
  await expect(row).toContainText('陳召集');
  const link = op.locator('li[data-kind="desk"]');
  await expect(link).toContainText('取貨櫃台（陳召集）');
  await link.getByText(/紀錄/).click();
  await expect(link.getByTestId('link-log')).toContainText(`復原取貨 ${chen.orderNo}`);
  await shoot(op, 'console-plan');
  await op.goto(`/admin/orders/${lin.orderId}`);
  await expect(op.getByText(/已取貨：.*由 陳召集 於取貨櫃台交付/)).toBeVisible();
  await ownerCtx.close();
});

test('a visitor signs up for 「截止前提醒我」 on an open campaign and gets the confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signInWithPassword('admin@example.com', 'admin1234');
  const { planId } = await campaign(owner.idToken);
  const email = `${uniq('e2e-remind')}@example.com`.toLowerCase();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/ezbuy/${planId}`);
  await expect(page.getByRole('button', { name: '截止前提醒我' })).toBeVisible();
  await shoot(page, 'reminder-form');
  await page.getByLabel('截止前提醒的電子郵件').fill('not-an-email');
  await page.getByRole('button', { name: '截止前提醒我' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '電子郵件格式錯誤' })).toBeVisible();
  await page.getByLabel('截止前提醒的電子郵件').fill(email);
  // A detour and the Back button, then a reload: the address typed is still there (web/src/lib/session-text.ts).
  await page.getByRole('link', { name: '青嶼書房 首頁' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page.getByLabel('截止前提醒的電子郵件')).toHaveValue(email);
  await page.reload();
  await expect(page.getByLabel('截止前提醒的電子郵件')).toHaveValue(email);
  await page.getByRole('button', { name: '截止前提醒我' }).click();
  await expect(page.getByRole('status').filter({ hasText: `截止前 24 小時會寄一封提醒信到 ${email}` })).toBeVisible();
  await shoot(page, 'reminder-signed-up');
  const mail = await waitForMail(email, ['截止前提醒']);
  const cancel = /href="([^"]*\/closeReminder\/cancel\?token=[^"]+)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&');
  await page.goto(new URL(cancel).pathname + new URL(cancel).search);
  await page.getByRole('button', { name: '取消截止前提醒' }).click();
  await expect(page.getByRole('status')).toContainText('已取消');
});
