import { expect, hydrated, test, type Page } from './support/test';
import { waitForMail } from './support/inbox';
import { adminDb, createMember, fixtureBook, HOSTING_URL, shoot, signInByCookies, signUpThroughForm, uniq, waitUntilListed } from './support/shop';

// What a new shopper on a phone met (issue 22): a page that opened at the previous page's scroll
// position, a checkout emptied by the back button, a field focused under the sticky header. Each test
// is compact and fails on the code before the fix.

const PHONE = { width: 360, height: 740 };
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The sticky header's bottom edge in the viewport. */
const headerBottom = (page: Page) => page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);

test('a new page opens at its top or its #hash, a fresh load too; back, forward and reload return to the place', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bookstore');
  // A demo book low in the list (books other tests launch meanwhile come after it, never before).
  const last = page.getByRole('heading').locator('a[href="/bookstore/practice-trilogy-set"]');
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const listY = await scrollY(page);
  expect(listY).toBeGreaterThan(600);
  await last.click();
  await expect(page).toHaveURL(/\/bookstore\/[^/]+$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/bookstore$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(listY - 5);
  expect(await scrollY(page)).toBeLessThan(listY + 5);
  await page.goForward();
  await expect.poll(() => scrollY(page)).toBe(0);

  // A sold-out book's 缺貨・詢問到貨 lands on the 到貨通知 form, below the header, not on the specs.
  await page.goBack();
  await page.getByRole('link', { name: /商業契約.*缺貨中/ }).click();
  await expect(page).toHaveURL(/#stock-alert$/);
  const form = page.locator('#stock-alert');
  await expect(form).toBeInViewport();
  await expect.poll(async () => (await form.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
  // 目前缺貨中 above the form too (issue 35 item 1).
  expect((await page.getByTestId('stock-qty').boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));

  // The cart icon from the foot of a page: the login opens at its top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.cart-button').click();
  await expect(page).toHaveURL(/\/user\/logIn/);
  await expect.poll(() => scrollY(page)).toBe(0);

  // A page loaded fresh in this tab (a link from a mail or LINE, an address typed in) starts at its top,
  // however far down the last fresh page was left; a reload returns to the place (scroll-frame.tsx).
  await page.goto('/bookstore');
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(800);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(800);
  await page.goto('/organizer/desk?token=x.y');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
});

test('the shop checkout keeps its draft through back, forward and reload; the first wrong field shows below the header', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const { email, password } = await createMember('草稿測試', 'draft');
  await signInByCookies(page.context(), email, password, '草稿測試');
  await page.addInitScript(() => localStorage.setItem('cart:v1', JSON.stringify([{ productId: 'company-registration-guide', qty: 1 }])));
  await page.goto('/faq');
  await page.locator('.cart-button').click();
  await page.getByRole('button', { name: '前往結帳' }).click();

  // 下一步 from the foot of the form with the address empty: the address is focused, in view.
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: /下一步/ }).click();
  const address = page.getByLabel('收件地址');
  await expect(address).toBeFocused();
  expect((await address.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));

  await address.fill('臺南市中西區民族路二段 100 號');
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.getByLabel('公司報帳（三聯式）').check();
  await page.getByLabel('發票抬頭').fill('青嶼測試有限公司');

  for (const leave of [() => page.goBack(), () => page.reload()]) {
    await leave();
    if (!page.url().endsWith('/cart')) await page.goForward();
    await expect(page.getByLabel('發票抬頭')).toHaveValue('青嶼測試有限公司');
  }
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(page.getByLabel('收件地址')).toHaveValue('臺南市中西區民族路二段 100 號');
  await expect(page.getByLabel('聯絡電話')).toHaveValue('0912-345-678');
  await expect(page.getByLabel('收件人姓名')).toHaveValue('草稿測試');
});

test('the group checkout keeps its draft when the buyer leaves and comes back', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem('groupCart:v1', JSON.stringify({ cpaSouth: [{ productId: 'company-registration-guide', qty: 1 }] })));
  await page.goto('/ezbuy/cart?planId=cpaSouth');
  await page.getByLabel('訂購人姓名').fill('陳美玲');
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await page.getByRole('link', { name: '購物須知' }).click();
  await expect(page).toHaveURL(/\/shoppingInfo$/);
  await page.goBack();
  await expect(page.getByLabel('訂購人姓名')).toHaveValue('陳美玲');
  await expect(page.getByLabel('聯絡電話')).toHaveValue('0912-345-678');
});

test('a new shopper on a phone: scrolled list, book, cart, sign-up, the mail, back to the cart, checkout back and forth, the order found in /order', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const madeAt = Date.now();
  const title = '測試用：新手上路實務';
  // Last in the list (sortOrder), so the list must be scrolled to reach it.
  const book = await fixtureBook(title, 720, { qty: 5, sortOrder: 99_999, prefix: 'journey' });
  await waitUntilListed([book], madeAt);
  const email = `${uniq('journey')}@example.com`;
  // With SCREENSHOTS=1 each step is saved at 360 and 1280 px; the journey itself goes on at 360 px.
  const snap = async (p: Page, name: string) => {
    await shoot(p, 'test-output/screens/journey', name);
    await p.setViewportSize(PHONE);
  };

  await page.setViewportSize(PHONE);
  await page.goto('/bookstore');
  const link = page.getByRole('heading', { name: title }).locator(`a[href="/bookstore/${book}"]`);
  await link.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(500);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();
  await expect(page.getByText('NT$720').first()).toBeInViewport();
  await snap(page, '1-book');
  await page.getByRole('main').getByRole('button', { name: '加入購物車', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The cart asks for an account, and says why.
  await page.locator('.cart-button').click();
  await expect(page).toHaveURL(/\/user\/logIn\?redirect=%2Fcart$/);
  await expect(page.getByRole('note')).toContainText('結帳需要會員帳號');
  await expect(page.getByRole('note')).toContainText('團購不需要帳號');
  await snap(page, '2-login');
  await page.getByRole('link', { name: '立即註冊' }).click();
  await signUpThroughForm(page, { name: '林新手', email, password: 'journey-pass-1' });

  // The verification mail reaches the inbox in Chinese; its link is the shop's own page.
  const mail = await waitForMail(email, ['請驗證您的電子郵件']);
  const verify = mail.text.match(/https?:\/\/\S+\/user\/authAction\?\S+/)?.[0];
  expect(verify, mail.text).toBeDefined();
  await page.goto(verify!);
  await expect(page.getByRole('heading', { name: '信箱驗證成功' })).toBeVisible();
  await snap(page, '3-verified');
  await page.getByRole('link', { name: '回到購物車結帳' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main')).toContainText(title);

  await page.getByRole('button', { name: '前往結帳' }).click();
  await page.getByLabel('收件地址').fill('臺南市中西區民族路二段 100 號');
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await snap(page, '4-checkout');
  await page.getByRole('button', { name: /下一步/ }).click();
  // The e-invoice to a mobile barcode (issue 36): refused at the field until it has its form, upper-cased.
  await page.getByLabel('手機條碼載具').check();
  await page.getByLabel('手機條碼', { exact: true }).fill('/abc12');
  await page.getByRole('button', { name: /下一步/ }).click();
  await expect(page.getByText('手機條碼格式錯誤')).toBeVisible();
  await page.getByLabel('手機條碼', { exact: true }).fill('/abc+123');
  await snap(page, '4b-invoice');
  await page.getByRole('button', { name: /下一步/ }).click();
  await expect(page.getByRole('heading', { name: '訂單確認' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('手機條碼載具 /ABC+123');
  // The browser's back and forward in the middle of the checkout keep every field.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/cart$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: '訂單確認' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('臺南市中西區民族路二段 100 號');
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(page.getByLabel('手機條碼', { exact: true })).toHaveValue('/abc+123');
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(page.getByLabel('收件人姓名')).toHaveValue('林新手');
  await expect(page.getByLabel('收件地址')).toHaveValue('臺南市中西區民族路二段 100 號');
  await expect(page.getByLabel('聯絡電話')).toHaveValue('0912-345-678');
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.getByRole('button', { name: /下一步/ }).click();
  // The bank digits are asked here, with the bank and the amount; they may follow later.
  const bank = page.getByRole('region', { name: '匯款資訊' });
  await expect(bank).toContainText('NT$720');
  await expect(bank).toContainText('0120-0012-3456');
  await snap(page, '5-confirm');
  await page.getByRole('button', { name: '訂單送出' }).click();
  await expect(page.getByRole('heading', { name: '訂單已送出，感謝您的訂購！' })).toBeVisible();
  const orderNo = (await page.getByTestId('order-no').textContent())!.trim();
  // The digits were not given: the buyer gives them on the order page after the transfer (issue 35 item 3).
  await expect(page.getByTestId('bank-digits-note')).toContainText('匯款後，請到訂單詳情填寫匯款帳號末 5 碼');
  await snap(page, '6-success');
  // The member's order page says how the invoice goes (and that it is issued once paid).
  await page.getByRole('link', { name: '查看訂單詳情' }).click();
  await expect(page.getByRole('main')).toContainText('手機條碼載具 /ABC+123');
  await expect(page.getByRole('main')).toContainText('尚未開立（付款後開立）');
  await snap(page, '6b-order');
  // The list of the member's orders fits the phone (a hidden caption stuck out: issue 35 item 6).
  await page.goto('/order');
  await expect(page.getByRole('main').getByText(orderNo).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Placed: the draft is gone.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);

  // As a guest (another browser), the lookup shows how to pay and takes the bank digits.
  const guest = await browser.newContext({ viewport: PHONE });
  const other = await guest.newPage();
  await other.goto(`${HOSTING_URL}/order?orderNo=${orderNo}`);
  await hydrated(other);
  // The email typo hint is on the lookup too (issue 35 item 7).
  await other.getByRole('main').getByRole('textbox', { name: '電子郵件' }).fill('name@gmial.com');
  await expect(other.getByText('您是不是要輸入 name@gmail.com？')).toBeVisible();
  await other.getByRole('main').getByRole('textbox', { name: '電子郵件' }).fill(email);
  await other.getByRole('button', { name: '查詢訂單' }).click();
  const found = other.getByRole('region', { name: '匯款資訊' });
  await expect(found).toContainText('0120-0012-3456');
  await expect(found).toContainText('NT$720');
  await expect(found).toContainText('匯款期限');
  await expect(other.getByText('取貨方式：郵寄到訂購時填寫的地址')).toBeVisible();
  await found.getByLabel('匯款帳號末 5 碼').fill('24680');
  await found.getByRole('button', { name: '送出末 5 碼' }).click();
  await expect(found.getByRole('status')).toHaveText('已收到匯款帳號末 5 碼，謝謝！');
  await snap(other, '7-lookup');
  const stored = await adminDb().collection('orders').where('orderNo', '==', orderNo).get();
  expect(stored.docs[0]!.data().bankAccountNo).toBe('24680');
  await guest.close();
});

test('the shop says one thing about shipping, everywhere, from its setting', async ({ page }) => {
  for (const path of ['/', '/bookstore', '/faq', '/shoppingInfo']) {
    await page.goto(path);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text, path).toContain('臺灣全區（含離島）郵寄免運');
    expect(text, path).not.toMatch(/本島免運|本島及離島/);
  }
});

test('smaller things seen on a phone: 團購 in the menu, taps of 24 px, 2.5 copies, a mistyped domain, an opaque header', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bookstore/company-registration-guide');
  // Tap targets on the book page, the login and a campaign's footer are at least 24 × 24 CSS px.
  const small = async (selector: string) =>
    page.locator(selector).evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getBoundingClientRect()).filter((r) => r.height < 24 || r.width < 24).map((r) => `${Math.round(r.width)}×${Math.round(r.height)}`));
  expect(await small('.breadcrumb a')).toEqual([]);
  // The header hides nothing behind it.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).backgroundColor)).toBe('rgb(255, 255, 255)');
  // 2.5 copies is not 0 (nor 1): the whole copies.
  const qty = page.getByRole('main').getByRole('spinbutton');
  await qty.fill('2.5');
  await expect(qty).toHaveValue('2');

  await page.getByRole('button', { name: '開啟選單' }).click();
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '團購' }).click();
  await expect(page).toHaveURL(/\/#campaigns$/);
  // From the home page itself (the same path, a new #hash) the menu closes too (issue 35 item 1).
  await page.goto('/');
  await page.getByRole('button', { name: '開啟選單' }).click();
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '團購' }).click();
  await expect(page).toHaveURL(/\/#campaigns$/);
  await expect(page.getByRole('button', { name: '開啟選單' })).toHaveAttribute('aria-expanded', 'false');

  await page.goto('/user/logIn');
  expect(await small('.account-card a')).toEqual([]);
  await page.goto('/user/signUp');
  await page.getByRole('main').getByLabel('電子郵件').fill('name@gmial.con');
  await expect(page.getByText('您是不是要輸入 name@gmail.com？')).toBeVisible();
  await page.getByRole('button', { name: '改用這個' }).click();
  await expect(page.getByRole('main').getByLabel('電子郵件')).toHaveValue('name@gmail.com');

  await page.goto('/ezbuy/cpaSouth');
  expect(await small('.group-footer a')).toEqual([]);
});

test('without JavaScript the book page says plainly that the cart needs it, and nothing of the sign-ups that work without it', async ({ request }) => {
  // Asserted on the first HTML: Chromium with scripts switched off by Playwright still parses <noscript>
  // as text, where a browser without JavaScript renders it.
  const html = await (await request.get('/bookstore/company-registration-guide')).text();
  expect(html).toMatch(/<noscript><p class="needs-js buy-box__nojs">加入購物車與結帳需要啟用 JavaScript/);
  // 到貨通知我 (a sold-out book) and the footer's 訂閱 post their page and are answered by the server
  // (web/e2e/no-js-forms.spec.ts): no note says they need JavaScript (issue 35 item 2).
  const soldOut = await (await request.get('/bookstore/commercial-contracts')).text();
  expect(soldOut).toMatch(/<form id="newsletter"[^>]*action="#newsletter" method="post"/);
  expect(soldOut).toMatch(/<input type="hidden" name="form" value="stockAlert"\/>/);
  expect(soldOut).not.toMatch(/「到貨通知我」需要啟用|訂閱需要啟用/);
  expect(soldOut).toMatch(/<form class="stock-alert"[^>]*action="#stock-alert" method="post">/);
  // A sold-out book has no cart, so its page carries no note at all.
  expect(soldOut).not.toMatch(/<noscript>/);
});
