import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { PUBLIC_PAGES, settle } from './public-routes';

// axe on every public page, at a phone and a desktop width: no serious or critical violations.

for (const width of [360, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const p of PUBLIC_PAGES) {
      test(`${p.path} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(p.heading);
        await settle(page);
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const bad = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
        expect(bad).toEqual([]);
      });
    }
  });
}

test('the open phone menu, an invalid form and the unsubscribe states pass axe too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/contact');
  await page.getByRole('button', { name: '開啟選單' }).click();
  await page.getByRole('navigation', { name: '主選單' }).getByRole('button', { name: '購物相關' }).click();
  await page.getByRole('button', { name: '關閉選單' }).click();
  await page.getByRole('button', { name: '送出詢問' }).click();
  await expect(page.getByText('請填寫姓名')).toBeVisible();
  for (const scope of ['body']) {
    const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }
});
