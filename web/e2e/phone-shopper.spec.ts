import { expect, test, type Page } from './support/test';
import { createMember, signInByCookies } from './support/shop';

// What a new shopper on a phone met (issue 22): a page that opened at the previous page's scroll
// position, a checkout emptied by the back button, a field focused under the sticky header. Each test
// is compact and fails on the code before the fix.

const PHONE = { width: 360, height: 740 };
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The sticky header's bottom edge in the viewport. */
const headerBottom = (page: Page) => page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);

test('a new page opens at its top or its #hash; back and forward return to the place', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bookstore');
  const titles = page.getByRole('list', { name: '書籍列表' }).getByRole('heading');
  const last = titles.last().getByRole('link');
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const listY = await scrollY(page);
  expect(listY).toBeGreaterThan(800);
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

  // The cart icon from the foot of a page: the login opens at its top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.cart-button').click();
  await expect(page).toHaveURL(/\/user\/logIn/);
  await expect.poll(() => scrollY(page)).toBe(0);
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
