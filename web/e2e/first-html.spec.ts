import { expect, test, type BrowserContext } from './support/test';
import { quietNetwork, settle } from './public-routes';
import { watchCsp } from './support/csp';
import { SHOTS, uniq } from './support/shop';

// The storefront's first HTML (rendered by the ssr function): readable and styled with JavaScript off,
// hydrated without a mismatch or a second fetch of what it already holds, and no page breaks the
// Content-Security-Policy.

const money = (n: number) => new Intl.NumberFormat('zh-TW', { style: 'currency', currency: 'TWD', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(n);

interface Summary {
  productId: string;
  name: string;
  salePrice: number;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  test('the home page, the book list, a book and a campaign show their content, styled', async ({ page, request }) => {
    const books = (await (await request.get('/api/products/simple')).json()) as Summary[];
    const book = books[0]!;

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('實務工作者的');
    await expect(page.getByText(book.name).first()).toBeVisible();

    await page.goto('/bookstore');
    await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
    // The demo shop's books: other tests launch books of their own (ids e2e-…) while this one runs, and
    // each Functions worker's catalogue (30 s) lists them at its own moment.
    for (const b of books.filter((x) => !x.productId.startsWith('e2e-'))) await expect(page.getByRole('heading', { level: 2, name: b.name })).toBeVisible();

    await page.goto(`/bookstore/${book.productId}`);
    await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
    await expect(page.locator('.book-hero').getByText(money(book.salePrice)).first()).toBeVisible();
    // The page's own stylesheet came with the HTML: the hero is laid out by catalogue.css.
    expect(await page.locator('.book-hero').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    await expect(page.getByText('需要啟用 JavaScript')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: 'test-output/first-html/book-360-nojs.png', fullPage: true });

    await page.goto('/ezbuy/cpaSouth');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('【');
    await expect(page.getByText(/優惠期間：即日起 - \d{4}年/)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: 'test-output/first-html/cpa-south-360-nojs.png', fullPage: true });
  });

  test('the login, sign-up and order lookup pages show their form, styled, and say the form needs JavaScript; the ☰ opens the menu', async ({ page }) => {
    const forms = [
      { path: '/user/logIn?redirect=%2Fcart', h1: '會員登入', fields: ['電子郵件', '密碼'], submit: '登入', shot: 'log-in' },
      { path: '/user/signUp', h1: '會員註冊', fields: ['姓名', '電子郵件', '密碼', '確認密碼'], submit: '註冊', shot: 'sign-up' },
      { path: '/order', h1: '訂單查詢', fields: ['訂單號碼', '電子郵件'], submit: '查詢訂單', shot: 'order' },
    ];
    for (const f of forms) {
      await page.goto(f.path);
      const main = page.locator('main');
      await expect(main.getByRole('heading', { level: 1, name: f.h1 })).toBeVisible();
      for (const label of f.fields) await expect(main.getByLabel(label, { exact: true }).and(main.locator('input:not([type=radio])'))).toBeVisible();
      await expect(main.getByText(/需要啟用 JavaScript/)).toBeVisible();
      await expect(main.getByRole('button', { name: f.submit, exact: true })).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `test-output/first-html/${f.shot}-360-nojs.png`, fullPage: true });
    }
    // The phone's ☰ opens the menu without JavaScript too (issue 22 item 8).
    const nav = page.getByRole('navigation', { name: '主選單' });
    await expect(nav).toBeHidden();
    await page.getByRole('link', { name: '開啟選單' }).click();
    await expect(nav.getByRole('link', { name: '訂購書籍' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '購物須知' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: 'test-output/first-html/menu-360-nojs.png' });
  });
});

// Every public page is checked against the Content-Security-Policy where it is loaded for its other checks
// (public-pages.spec.ts); here, the pages that are not in that list.
test('the carts do not break the Content-Security-Policy', async ({ page }) => {
  const violations = await watchCsp(page);
  const seen: string[] = [];
  for (const p of ['/cart', '/ezbuy/cart?planId=cpaSouth']) {
    await page.goto(p);
    await settle(page);
    for (const v of await violations()) seen.push(`${p}: ${v}`);
  }
  expect(seen).toEqual([]);
});

test('a rendered page hydrates without a mismatch, without fetching what it holds, and then works', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const api: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) api.push(u.pathname);
  });

  await page.goto('/bookstore/company-registration-guide');
  await quietNetwork(page);
  expect(errors).toEqual([]);
  // The book and its plans came in the HTML's query cache (the stock count is read again: it moves).
  expect(api.filter((p) => p.startsWith('/api/products/detail'))).toEqual([]);

  // Hydrated: the buttons answer.
  await page.getByRole('button', { name: '加入購物車' }).first().click();
  await expect(page.getByText('已加入購物車')).toBeVisible();

  // Client navigation reads through the same cache: the book list asks for the catalogue once.
  await page.getByRole('link', { name: '訂購書籍' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
  await page.goto('/');
  await settle(page);
  api.length = 0;
  await page.getByRole('link', { name: /全部書籍/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
  await quietNetwork(page);
  expect(api.filter((p) => p === '/api/products/simple')).toEqual([]);
  expect(errors).toEqual([]);
});

test('a page that names an app file gone since a deploy reloads once for the new one, and never loops', async ({ page }) => {
  // The deploy is played by the network: the page's app entry answers 404, as Hosting does for a file of
  // an older release. The boot script reloads once (web/src/boot.ts reloadOnce); the page after the
  // reload names the same file here (the CDN would name the new one), and is left as the server rendered it.
  let entries = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => {
    entries++;
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/bookstore');
  await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
  // Time for a third load, if one were coming (the boot script waits at most 2 s for the paint).
  await page.waitForTimeout(3_000);
  expect(loads).toBe(2);
  expect(entries).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
});

test('the book list looks the same whichever page loaded first (the home page’s styles do not restyle it)', async ({ browser }) => {
  const coverBox = async (javaScriptEnabled: boolean, via: string) => {
    const ctx = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 780 } });
    const page = await ctx.newPage();
    await page.goto(via);
    if (via !== '/bookstore') {
      // Client navigation from the home page: its stylesheet (content.css) stays in the document.
      await page.getByRole('link', { name: /全部書籍/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
    }
    const box = await page.locator('.book-grid .book-card__cover').first().boundingBox();
    await ctx.close();
    return box;
  };
  const first = await coverBox(false, '/bookstore');
  const afterHome = await coverBox(true, '/');
  expect(afterHome?.height).toBeCloseTo(first?.height ?? 0, 0);
  expect(afterHome?.width).toBeCloseTo(first?.width ?? 0, 0);
});

// On a slow phone the rendered page is tappable seconds before its JavaScript has run. A form sent then
// must not go out as the browser's own GET (the email in the URL, the page reloaded), and text typed
// then must be what the app sends: web/src/boot.ts.

/** A rendered page with its app held back until `release()`; every navigation and subscription request is recorded. */
async function beforeHydration(context: BrowserContext, path = '/bookstore', h1 = '訂購書籍') {
  const page = await context.newPage(); // the plain page.goto, which does not wait for hydration
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/vendor-react-dom-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  const navigations: string[] = [];
  const subscriptions: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  page.on('request', (req) => req.method() === 'POST' && req.url().includes('/api/subscriptions') && subscriptions.push(req.url()));
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  const footer = page.locator('footer');
  return { page, footer, release, navigations, subscriptions, email: `${uniq('early')}@example.com` };
}

test('a form sent before the page has hydrated is held, then sent by the app, with nothing in the URL', async ({ context }) => {
  const { page, footer, release, navigations, subscriptions, email } = await beforeHydration(context);
  await footer.getByLabel('電子郵件').fill(email);
  await footer.getByRole('button', { name: '訂閱' }).click();
  await footer.getByRole('button', { name: '訂閱' }).click(); // an impatient second tap

  release();
  await expect(footer.getByText(`訂閱成功！確認信已寄到 ${email}。`)).toBeVisible({ timeout: 20_000 });
  // The router's own history updates count as navigations too; none may carry a query or leave the page.
  expect(navigations.map((u) => new URL(u).pathname + new URL(u).search).filter((p) => p !== '/bookstore')).toEqual([]);
  expect(subscriptions).toHaveLength(1);
  await page.close();
});

test('text typed before the page has hydrated is what the app sends afterwards', async ({ context }) => {
  const { page, footer, release, navigations, email } = await beforeHydration(context);
  await footer.getByLabel('電子郵件').fill(email);

  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 20_000 });
  await footer.getByRole('button', { name: '訂閱' }).click();
  await expect(footer.getByText(`訂閱成功！確認信已寄到 ${email}。`)).toBeVisible();
  // The router's own history updates count as navigations too; none may carry a query or leave the page.
  expect(navigations.map((u) => new URL(u).pathname + new URL(u).search).filter((p) => p !== '/bookstore')).toEqual([]);
  await page.close();
});

test('the login typed and sent before the page has hydrated signs in once the app is live; a member who opens it again goes home', async ({ context }) => {
  const { page, release, navigations } = await beforeHydration(context, '/user/logIn?redirect=%2Forder', '會員登入');
  const signIns: string[] = [];
  page.on('request', (req) => req.method() === 'POST' && req.url().includes('/api/auth/signIn') && signIns.push(req.postData() ?? ''));
  const main = page.locator('main');
  await main.getByLabel('電子郵件', { exact: true }).fill('demo@example.com');
  await main.getByLabel('密碼', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: '登入', exact: true }).click();

  release();
  await expect(page).toHaveURL(/\/order$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: '訂單查詢' })).toBeVisible();
  expect(signIns).toHaveLength(1);
  expect(JSON.parse(signIns[0]!)).toMatchObject({ email: 'demo@example.com' });
  // Nothing typed ever reached a URL.
  expect(navigations.filter((u) => /demo|password|email=/.test(u))).toEqual([]);

  // The server renders the login for everyone; the member's browser leaves it once hydrated.
  await page.goto('/user/logIn');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await page.close();
});
