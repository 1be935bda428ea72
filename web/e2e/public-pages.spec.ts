import { SHOTS } from './support/shop';
import { expect, test, type Page } from './support/test';
import { PUBLIC_PAGES, settle } from './public-routes';
import { seriousViolations } from './support/axe';
import { watchCsp } from './support/csp';

// Every public route at a 360 px phone and a 1280 px desktop: it renders its heading, logs no
// console errors, never scrolls sideways, passes axe (no serious or critical violations), breaks no
// Content-Security-Policy directive (checked last: the live listeners start after the load), and leaves a
// full-page screenshot for a human to look at (with SCREENSHOTS=1: in CI, encoding 34 full-page PNGs
// nobody looks at cost more than the checks). One load of each page serves every check: loading it
// once for axe and again for the rest cost CI about two minutes.


// Every test here only reads the shop, so the file's tests may share out across the workers: run one after
// another, this file (39 tests, ~130 s) was the last to end, with the other worker idle for ~90 s of CI.
test.describe.configure({ mode: 'parallel' });

const VIEWPORTS = [
  { label: '360', width: 360, height: 780 },
  { label: '1280', width: 1280, height: 900 },
];

/** Collects console errors and uncaught exceptions for the test's page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.label} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    for (const p of PUBLIC_PAGES) {
      test(`${p.path} renders without console errors, sideways scroll, a CSP violation or serious accessibility violations`, async ({ page }) => {
        const errors = watchErrors(page);
        const csp = await watchCsp(page);
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(p.heading);
        await settle(page);
        // Scroll through once so lazy images below the fold are in the screenshot.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await settle(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'horizontal scroll in px').toBeLessThanOrEqual(0);
        await expect(page).toHaveTitle(/青嶼書房/);
        if (SHOTS) await page.screenshot({ path: `test-output/screenshots/${p.name}-${vp.label}.png`, fullPage: true });
        expect(await seriousViolations(page, { detail: true }), 'serious or critical axe violations').toEqual([]);
        expect(await csp(), 'Content-Security-Policy violations').toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('every content page sets its own title and description', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/', '/contact', '/faq', '/business', '/shoppingInfo', '/file', '/file/business-tax-handbook']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(20);
    expect(seen.has(title), `duplicate title ${title}`).toBe(false);
    seen.add(title);
  }
});

test('the phone menu opens, is usable by keyboard and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: '開啟選單' });
  const nav = page.getByRole('navigation', { name: '主選單' });
  await expect(nav).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: '關閉選單' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: '首頁' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: '開啟選單' })).toBeFocused();
  // The shopping submenu and navigation closes the menu.
  await page.getByRole('button', { name: '開啟選單' }).click();
  await nav.getByRole('button', { name: '購物相關' }).click();
  await nav.getByRole('link', { name: '常見問題' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(nav).toBeHidden();
});

test('the home page lists featured books and only open campaigns', async ({ page }) => {
  await page.goto('/');
  const campaigns = page.getByRole('region', { name: '進行中的團購' });
  await expect(campaigns.getByRole('link', { name: /南區會計師公會/ })).toHaveAttribute('href', '/ezbuy/cpaSouth');
  await expect(campaigns.getByText(/一圈讀書會/)).toHaveCount(0);
  const featured = page.getByRole('region', { name: '精選書籍' });
  await expect(featured.getByRole('link', { name: /公司登記實務全攻略/ })).toHaveAttribute('href', '/bookstore/company-registration-guide');
});

test('the files page searches the table and downloads real documents; an unknown book is a 404', async ({ page, request }) => {
  await page.goto('/file');
  await page.getByRole('link', { name: '公司登記實務全攻略' }).click();
  await expect(page).toHaveURL(/\/file\/company-registration-guide$/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(17);
  await expect(page.getByRole('columnheader')).toHaveText(['項次', '附件名稱', '下載']);
  await page.getByLabel('搜尋附件').fill('檢核表');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('搜尋附件').fill('不存在的附件');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('沒有符合');
  await page.getByLabel('搜尋附件').fill('');
  const href = await page.getByRole('link', { name: /下載 有限公司設立登記申請書/ }).getAttribute('href');
  expect(href).toMatch(/^\/files\/company-registration-guide\/01-[a-z-]+\.v[\d-]+\.docx$/);
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
  expect(file.headers()['cache-control']).toContain('immutable');
  // The manifest names the versioned files, so it is revalidated on every visit.
  expect((await request.get('/files/manifest.json')).headers()['cache-control']).toBe('no-cache');

  await page.goto('/file/business-tax-handbook');
  await expect(page.locator('tbody tr')).toHaveCount(13);

  await page.goto('/file/no-such-book');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('找不到這個頁面');
  await expect(page.getByText(/Page not found/)).toHaveCount(0);
});

test('robots.txt and the sitemap are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap:');
  const sitemap = await request.get('/sitemap.xml');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset');
  expect(xml).toContain('/bookstore/company-registration-guide</loc>');
  expect(xml).toContain('/file/business-tax-handbook</loc>');
});
