import { seriousViolations } from './support/axe';
import { waitForMail } from './support/inbox';
import { api, uniq } from './support/shop';
import { expect, hydrated, test } from './support/test';

// axe on the states a page load alone does not show: the open phone menu, an invalid form, every state
// of the unsubscribe page. Every public page at 360 and 1280 px is checked with axe where it is loaded
// for its other checks (web/e2e/public-pages.spec.ts).

test('the open phone menu and an invalid form pass axe too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/contact');
  await page.getByRole('button', { name: '開啟選單' }).click();
  const group = page.getByRole('navigation', { name: '主選單' }).getByRole('button', { name: '購物相關' });
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  // Checked while open: the menu's panel, its expanded group and its links are what axe must see.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '關閉選單' }).click();
  await page.getByRole('button', { name: '送出詢問' }).click();
  await expect(page.getByText('請填寫姓名')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every state of the unsubscribe page passes axe: asking, done, used again, invalid', async ({ page }) => {
  const email = `${uniq('a11y')}@example.com`;
  await api('/subscriptions', { method: 'POST', body: { email } });
  const mail = await waitForMail(email, ['電子報訂閱成功']);
  const link = new URL(/https?:\/\/\S+\/user\/cancelSubscribe\?token=\S+/.exec(mail.text)![0]);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('button', { name: '確認取消訂閱' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '確認取消訂閱' }).click();
  await expect(page.getByText('已取消訂閱。')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const again = await page.context().newPage();
  await again.goto(link.pathname + link.search);
  await hydrated(again);
  await again.getByRole('button', { name: '確認取消訂閱' }).click();
  await expect(again.getByRole('alert')).toContainText('已經取消過了');
  expect(await seriousViolations(again)).toEqual([]);
  await again.close();

  await page.goto('/user/cancelSubscribe?token=abc');
  await expect(page.getByRole('alert')).toContainText('連結無效');
  expect(await seriousViolations(page)).toEqual([]);
});
