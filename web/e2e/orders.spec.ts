import { expect, test, type Page } from './support/test';
import { waitForMail } from './support/inbox';
import { getAuth } from 'firebase-admin/auth';
import { adminApp, adminDb, createMember, fixtureBook, HOSTING_URL, shoot as shootTo, signInByCookies, signInWithPassword, uniq, waitUntilListed } from './support/shop';

// A member buys two books, follows the order to its success page and into the order list; a second
// member cannot see it; a guest finds it with the lookup form. The books are this test's own
// fixtures, so the demo shop's stock never changes. SCREENSHOTS=1 also saves 360 px and 1280 px shots.

const shoot = (page: Page, name: string) => shootTo(page, 'test-output/screens', name);

/** Types a value the field refuses, sees the refusal's message, then types one it takes. */
async function refusedThenFixed(page: Page, label: string, refused: string, message: string, fixed: string) {
  await page.getByLabel(label).fill(refused);
  await expect(page.getByText(message)).toBeVisible();
  await page.getByLabel(label).fill(fixed);
}

test('a member buys two books, sees the success page and the order; others cannot; a guest looks it up', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const madeAt = Date.now();
  const a = await fixtureBook('測試用：公司登記實務', 880, { qty: 5 });
  const b = await fixtureBook('測試用：營業稅申報手冊', 650, { qty: 5 });
  await waitUntilListed([a, b], madeAt);

  await signInByCookies(page.context(), 'demo@example.com', 'demo1234', '王小明');
  await page.goto('/');
  await page.evaluate(([x, y]) => localStorage.setItem('cart:v1', JSON.stringify([{ productId: x, qty: 1 }, { productId: y, qty: 2 }])), [a, b]);
  await page.goto('/cart');

  await expect(page.getByRole('heading', { name: '購物車', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '測試用：公司登記實務' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByTestId('cart-items-total')).toHaveText('NT$2,180');
  await shoot(page, 'cart');

  // Going below 1 asks first; cancelling keeps the book.
  const first = page.getByRole('group', { name: '測試用：公司登記實務 數量' });
  await first.getByRole('button', { name: '減少一本' }).click();
  const dialog = page.getByRole('alertdialog', { name: '您確定要刪除嗎?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
  await shoot(page, 'cart-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first.getByRole('spinbutton')).toHaveValue('1');

  await page.getByRole('button', { name: '前往結帳' }).click();
  await expect(page.getByRole('heading', { name: '訂購人資訊' })).toBeVisible();
  // Validation as the user types, with the server's rules.
  await page.getByLabel('收件地址').fill('臺南');
  await expect(page.getByText('地址至少 6 個字')).toBeVisible();
  await page.getByLabel('收件人姓名').fill('王小明');
  await page.getByLabel('收件地址').fill('臺南市中西區民族路二段 100 號');
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await shoot(page, 'checkout-buyer');
  await page.getByRole('button', { name: '下一步：發票資訊' }).click();

  await expect(page.getByRole('heading', { name: '發票資訊' })).toBeVisible();
  await page.getByLabel('公司報帳（三聯式）').check();
  await refusedThenFixed(page, '統一編號', '12345678', '統一編號格式錯誤', '24536806');
  await page.getByLabel('發票抬頭').fill('青嶼測試有限公司');
  await page.getByRole('button', { name: '下一步：訂單確認' }).click();

  await expect(page.getByRole('heading', { name: '訂單確認' })).toBeVisible();
  await expect(page.getByText('NT$2,180').first()).toBeVisible();
  // The bank digits are asked here, beside the bank and the amount.
  await expect(page.getByText('0120-0012-3456')).toBeVisible();
  await refusedThenFixed(page, '匯款帳號末 5 碼', '1234', '請填寫匯款帳號末 5 碼', '54321');
  await shoot(page, 'checkout-confirm');
  // A double click still makes one order: the orderId was made once for this checkout.
  await page.getByRole('button', { name: '訂單送出' }).dblclick();

  await expect(page).toHaveURL(/\/cart\/success\/[A-Za-z0-9_-]{16,64}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: '訂單已送出，感謝您的訂購！' })).toBeVisible();
  const orderNo = (await page.getByTestId('order-no').textContent())!.trim();
  expect(orderNo).toMatch(/^QY\d{6}[A-Z0-9]{4}$/);
  await expect(page.getByTestId('order-total')).toHaveText('NT$2,180');
  await expect(page.getByText('0120-0012-3456')).toBeVisible();
  await expect(page.getByText('匯款期限')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await shoot(page, 'success');

  // The confirmation really went out: it is in the inbox, in Chinese, with the bank details and deadline.
  const mail = await waitForMail('demo@example.com', ['訂單成立通知', orderNo]);
  expect(mail.html).toContain('0120-0012-3456');
  expect(mail.text).toContain('NT$2,180');
  expect(mail.text).toMatch(/匯款期限：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（台灣時間）/);
  expect(mail.text).toContain(`/order?orderNo=${orderNo}`);

  // Exactly one order was made (the double click above would have made a second with its own number):
  // of the member's orders, only this one holds the test's own book; and the stock went down once.
  const userId = (await adminDb().doc(`orders/${orderId}`).get()).get('userId') as string;
  const withBook = (await adminDb().collection('orders').where('userId', '==', userId).get()).docs.filter((d) =>
    (d.get('items') as { productId: string }[]).some((i) => i.productId === b),
  );
  expect(withBook.map((d) => d.id)).toEqual([orderId]);
  expect((await adminDb().doc(`stock/${b}`).get()).data()?.qty).toBe(3);

  await page.goto('/order');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText('待匯款');
  await expect(row).toContainText('NT$2,180');
  await shoot(page, 'orders');
  await row.getByRole('link', { name: `查看訂單 ${orderNo} 詳情` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expect(page.getByRole('heading', { name: new RegExp(`訂單詳情 ${orderNo}`) })).toBeVisible();
  await expect(page.getByText('青嶼測試有限公司')).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: '待匯款' }).first()).toBeVisible();
  await shoot(page, 'order-detail');

  // A second member sees neither the order nor its details.
  const stranger = await createMember('路人甲');
  const other = await browser.newContext();
  await signInByCookies(other, stranger.email, stranger.password, '路人甲');
  const otherPage = await other.newPage();
  await otherPage.goto(`/order/${orderId}`);
  await expect(otherPage.getByRole('alert')).toContainText('查無資料');
  await expect(otherPage.getByText('青嶼測試有限公司')).toHaveCount(0);
  await otherPage.goto('/order');
  await expect(otherPage.getByText('目前還沒有訂單')).toBeVisible();
  await expect(otherPage.getByText(orderNo)).toHaveCount(0);
  // The mail's link in a browser signed in to an account the order is not in (placed signed out, or with
  // another address): the lookup by number, filled in, rather than a page that ends at 目前還沒有訂單.
  await otherPage.goto(`/order?orderNo=${orderNo}`);
  await expect(otherPage.getByRole('heading', { name: `查詢訂單 ${orderNo}`, level: 2 })).toBeVisible();
  await expect(otherPage.getByLabel('訂單號碼')).toHaveValue(orderNo);
  await expect(otherPage.getByText('目前還沒有訂單')).toBeVisible();
  await other.close();

  // The buyer, signed in, follows the same link: the order is theirs, one tap away.
  await page.goto(`/order?orderNo=${orderNo}`);
  await page.getByRole('link', { name: `查看訂單 ${orderNo} 詳情` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));

  // A guest follows the mail's 查看訂單 link (the number is filled in) and finds it with the email.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const mailed = new URL(/https?:\/\/\S+\/order\?orderNo=\S+/.exec(mail.text)![0]);
  await guestPage.goto(mailed.pathname + mailed.search);
  await expect(guestPage.getByRole('heading', { name: '非會員查詢', level: 2 })).toBeVisible();
  await expect(guestPage.getByLabel('訂單號碼')).toHaveValue(orderNo);
  await guestPage.getByRole('main').getByRole('textbox', { name: '電子郵件' }).fill('someone-else@example.com');
  await guestPage.getByRole('button', { name: '查詢訂單' }).click();
  await expect(guestPage.getByRole('alert')).toContainText('查無此訂單');
  await guestPage.getByRole('main').getByRole('textbox', { name: '電子郵件' }).fill('demo@example.com');
  await guestPage.getByRole('button', { name: '查詢訂單' }).click();
  await expect(guestPage.getByRole('heading', { name: `訂單 ${orderNo}` })).toBeVisible();
  await expect(guestPage.getByText('待匯款')).toBeVisible();
  await expect(guestPage.getByText('測試用：營業稅申報手冊')).toBeVisible();
  await shoot(guestPage, 'lookup');
  await guest.close();
});

test('the cart keeps quantities within the live stock, and checkout first asks for a verified email', async ({ page }) => {
  const email = `${uniq('e2e-unverified')}@example.com`;
  await getAuth(adminApp()).createUser({ email, password: 'secret123', displayName: '未驗證會員', emailVerified: false });
  const { idToken, refreshToken, localId } = await signInWithPassword(email, 'secret123');
  await page.context().addCookies(
    Object.entries({ idToken, refreshToken, userId: localId, email, emailVerified: 'false', userName: '未驗證會員', signInProvider: 'password', photoUrl: '' }).map(
      ([name, value]) => ({ name, value: encodeURIComponent(value), url: HOSTING_URL }),
    ),
  );
  // The live stock as GET /api/stock reports it (its contract: functions/src/contracts/stock.ts).
  await page.route('**/api/stock', (route) => route.fulfill({ json: { 'company-registration-guide': 2, 'business-tax-handbook': 0 } }));
  let verifyCalls = 0;
  await page.route('**/api/auth/sendEmailVerify', async (route) => {
    verifyCalls++;
    // The member's own token: the one signed in with, or the fresh one the gate fetched on arrival.
    const sent = route.request().postDataJSON() as { idToken: string };
    expect(Object.keys(sent)).toEqual(['idToken']);
    expect(JSON.parse(Buffer.from(sent.idToken.split('.')[1]!, 'base64url').toString('utf8')).user_id).toBe(localId);
    await route.fulfill({ json: { email } });
  });

  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cart:v1', JSON.stringify([{ productId: 'company-registration-guide', qty: 5 }, { productId: 'business-tax-handbook', qty: 1 }])));
  await page.goto('/cart');
  const line = page.getByRole('group', { name: '公司登記實務全攻略 數量' });
  await expect(line.getByRole('spinbutton')).toHaveValue('2');
  await expect(line.getByRole('button', { name: '增加一本' })).toBeDisabled();
  await expect(page.getByText('目前缺貨，請移除此項商品')).toBeVisible();
  await expect(page.getByRole('button', { name: '前往結帳' })).toBeDisabled();

  // Going below 1 asks first; confirming removes the book.
  await page.getByRole('group', { name: '營業稅申報實戰手冊 數量' }).getByRole('button', { name: '減少一本' }).click();
  const dialog = page.getByRole('alertdialog', { name: '您確定要刪除嗎?' });
  await dialog.getByRole('button', { name: '刪除' }).click();
  await expect(page.getByRole('group', { name: '營業稅申報實戰手冊 數量' })).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByRole('button', { name: '前往結帳' }).click();
  await expect(page.getByRole('heading', { name: '請先驗證電子郵件' })).toBeVisible();
  await expect(page.getByLabel('收件人姓名')).toHaveCount(0);
  await page.getByRole('button', { name: '寄送驗證信' }).click();
  await expect(page.getByText('驗證信已寄出')).toBeVisible();
  expect(verifyCalls).toBe(1);
});
