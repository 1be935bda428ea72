import { expect, test, type BrowserContext, type Page } from './support/test';
import { mkdirSync } from 'node:fs';
import { createMember, signInByCookies, signUpThroughForm, uniq } from './support/shop';

// Defects a new shopper met in Chromium, each proved gone at the width where it showed (360 px phone,
// 1280 px desktop). SCREENSHOTS=1 also saves the screens under test-output/screens.

const SHOTS = process.env.SCREENSHOTS === '1';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };


async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync('test-output/screens', { recursive: true });
  await page.screenshot({ path: `test-output/screens/defects-${name}-${page.viewportSize()?.width}.png` });
}

/** A verified member with that display name, signed in through the session cookies the shop reads. */
async function signedInMember(context: BrowserContext, name: string) {
  const { email, password } = await createMember(name, 'defects');
  await signInByCookies(context, email, password, name);
  return email;
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, selector).not.toBeNull();
  return b!;
};

for (const viewport of [PHONE, DESKTOP]) {
  test(`checkout stepper at ${viewport.width} px: one number per step, only past steps look done, compact`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInMember(page.context(), '步驟測試');
    await page.addInitScript(() => localStorage.setItem('cart:v1', JSON.stringify([{ productId: 'company-registration-guide', qty: 1 }])));
    // The shopping-info page brings its own numbered .steps list; the checkout must not inherit it.
    await page.goto('/shoppingInfo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('.cart-button').click();
    await page.getByRole('button', { name: '前往結帳' }).click();
    const steps = page.getByRole('list', { name: '結帳步驟' });
    await expect(steps).toBeVisible();
    const items = steps.getByRole('listitem');
    await expect(items).toHaveCount(4);

    const look = await items.evaluateAll((lis) =>
      lis.map((li) => ({
        before: getComputedStyle(li, '::before').content,
        marker: getComputedStyle(li).listStyleType,
        state: li.getAttribute('data-state'),
        numBg: getComputedStyle(li.querySelector('.checkout-steps__num')!).backgroundColor,
        text: (li as HTMLElement).innerText.replace(/\s+/g, ''),
      })),
    );
    for (const l of look) {
      expect(l.before === 'none' || l.before === 'normal').toBe(true);
      expect(l.marker).toBe('none');
    }
    expect(look.map((l) => l.state)).toEqual(['current', 'todo', 'todo', 'todo']);
    expect(look.map((l) => l.text)).toEqual(['1訂購人資訊', '2發票資訊', '3訂單確認', '4訂單送出']);
    // The current step's badge is filled; the steps to come are not.
    expect(look[0]!.numBg).not.toBe(look[1]!.numBg);
    expect(look[1]!.numBg).toBe(look[3]!.numBg);
    expect((await steps.boundingBox())!.height).toBeLessThanOrEqual(viewport.width === 360 ? 90 : 60);
    await shot(page, 'steps');

    // After the first step, it shows as done (a tick, and says so to screen readers).
    await page.getByLabel('收件人姓名').fill('王小明');
    await page.getByLabel('收件地址').fill('臺南市中西區民族路二段 100 號');
    await page.getByLabel('聯絡電話').fill('0912-345-678');
    await page.getByRole('button', { name: /下一步/ }).click();
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(items.nth(0)).toHaveAttribute('data-state', 'done');
    await expect(items.nth(0)).toContainText('已完成');
  });
}

test('at 360 px the 已加入購物車 toast leaves the header and its cart button free', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bookstore');
  await page.getByRole('button', { name: /加入購物車/ }).first().click();
  const toast = page.getByRole('alert').filter({ hasText: '已加入購物車' });
  await expect(toast).toBeVisible();
  // While it slides in, it passes under the header, never over it.
  const layers = await page.evaluate(() => [getComputedStyle(document.querySelector('.site-header')!).zIndex, getComputedStyle(document.querySelector('.Toastify__toast-container')!).zIndex].map(Number));
  expect(layers[1]).toBeLessThan(layers[0]!);
  await shot(page, 'toast');
  const header = await box(page, '.site-header');
  // Once it has slid in, it sits below the header.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? -1, { timeout: 5000 }).toBeGreaterThanOrEqual(header.y + header.height - 1);
  // The cart button is what a click there reaches.
  const cart = await box(page, '.cart-button');
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.getAttribute('href'), [cart.x + cart.width / 2, cart.y + cart.height / 2]);
  expect(hit).toBe('/cart');
});

test('at 360 px a six-character member name keeps the header on one row and the member menu on screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const email = await signedInMember(page.context(), '六個字的名字');
  await page.goto('/');
  const toggle = page.getByRole('button', { name: '開啟選單' });
  const member = page.getByTestId('member-menu');
  await expect(member).toBeVisible();
  const [t, m, c] = [await toggle.boundingBox(), await member.boundingBox(), await box(page, '.cart-button')];
  expect(Math.abs(t!.y - c.y)).toBeLessThan(8);
  expect(Math.abs(m!.y - c.y)).toBeLessThan(8);
  expect(t!.x + t!.width).toBeLessThanOrEqual(PHONE.width);

  await member.click();
  const panel = page.locator('.member-menu__panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(email);
  await shot(page, 'member-menu');
  const p = (await panel.boundingBox())!;
  expect(p.x).toBeGreaterThanOrEqual(0);
  expect(p.x + p.width).toBeLessThanOrEqual(PHONE.width);
  const who = (await panel.locator('.member-menu__who').boundingBox())!;
  expect(who.x + who.width).toBeLessThanOrEqual(PHONE.width);
});

test('the 購物相關 drop-down gives focus back on Escape and closes when focus moves past it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: '購物相關' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  const nav = page.getByRole('navigation', { name: '主選單' });
  await expect(nav.getByRole('link', { name: '訂單查詢' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab'); // the three links, then past them
  await expect(nav.getByRole('link', { name: '檔案下載' })).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: '常見問題' })).toBeHidden();
});

test('/ezbuy/cart without a campaign shows the not-found message', async ({ page }) => {
  await page.goto('/ezbuy/cart');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('找不到這個頁面');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('未知錯誤');
  await expect(page.getByText(/Page not found/)).toHaveCount(0);
});

test('pages log no router warning, and an unknown campaign no uncaught error', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  for (const path of ['/', '/faq', '/bookstore']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/ezbuy/no-such-campaign');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  // The API's own 404 still shows as a failed request in the network log; nothing else may appear.
  const unexpected = messages.filter((m) => !/Failed to load resource: .* 404/.test(m));
  expect(unexpected).toEqual([]);
});

test('註冊成功 keeps the email address whole on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // Long enough that it must wrap at 360 px: the test is about where it wraps.
  const email = `${uniq('journey')}-a-long-mailbox-name@bookstore-example-mail.com`;
  await page.goto('/user/signUp');
  await signUpThroughForm(page, { name: '換行測試', email, password: 'wrap-pass-1' });
  const shown = page.getByTestId('email-text');
  await expect(shown).toHaveText(email);
  await shot(page, 'sign-up-done');
  // Where the address wraps, it wraps after "@" or "-", or before a ".", never inside a word.
  const breaks = await shown.evaluate((el) => {
    const text = el.textContent ?? '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: { i: number; top: number }[] = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let k = 0; k < (node.textContent ?? '').length; k++) {
        const r = document.createRange();
        r.setStart(node, k);
        r.setEnd(node, k + 1);
        tops.push({ i: offset + k, top: Math.round(r.getBoundingClientRect().top) });
      }
      offset += (node.textContent ?? '').length;
    }
    const at: string[] = [];
    for (let k = 1; k < tops.length; k++) if (tops[k]!.top > tops[k - 1]!.top + 2) at.push(text.slice(Math.max(0, tops[k]!.i - 1), tops[k]!.i + 1));
    return at;
  });
  expect(breaks.length, 'the address fits one line: nothing was tested').toBeGreaterThan(0);
  for (const pair of breaks) expect(pair[0] === '@' || pair[0] === '-' || pair[1] === '.', `wrapped inside "${pair}"`).toBe(true);
});

test('after a navigation focus is on the new page heading', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '訂購書籍' }).click();
  const heading = page.getByRole('heading', { level: 1, name: '訂購書籍' });
  await expect(heading).toBeFocused();
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '聯絡我們' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
