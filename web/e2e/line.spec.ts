import { expect, test } from './support/test';
import { waitForMail } from './support/inbox';
import { shoot } from './support/shop';

// Sign in with LINE in Chromium at 360 px, against the offline LINE stand-in (scripts/lib/line-stand-in.mjs):
// the button, LINE's login and consent pages, back to the shop, the email step and its mail, 會員資料.
// The refusals (state, code, nonce, ID token, cancel) are tests/api/line.test.ts's.

test('a new LINE user on a phone: 使用 LINE 登入, no email shared, the email step, the mail, 會員資料', async ({ page }) => {
  test.setTimeout(120_000);
  const PHONE = { width: 360, height: 740 };
  // With SCREENSHOTS=1 each step is saved at 360 and 1280 px; the journey itself goes on at 360 px.
  const snap = async (name: string) => {
    await shoot(page, 'test-output/screens/line', name);
    await page.setViewportSize(PHONE);
  };
  await page.setViewportSize(PHONE);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lineId = `e2e-${stamp}@line.example.com`;
  const email = `line-e2e-${stamp}@example.com`;

  await page.goto('/user/logIn');
  const button = page.getByRole('button', { name: '使用 LINE 登入' });
  await expect(button).toBeInViewport();
  await snap('1-log-in');
  await button.click();

  // LINE (the stand-in): sign in, then allow without sharing the email.
  await page.getByLabel('電子郵件帳號').fill(lineId);
  await page.getByLabel('密碼').fill('line1234');
  await page.getByRole('button', { name: '登入' }).click();
  await snap('2-line-consent');
  await page.getByLabel(/電子郵件帳號（/).uncheck();
  await page.getByRole('button', { name: '許可' }).click();

  // Back at the shop, signed in, asked for an email.
  await expect(page.getByRole('heading', { name: '請提供電子郵件' })).toBeVisible();
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await snap('3-email-step');
  await page.getByRole('region', { name: '請提供電子郵件' }).getByRole('textbox', { name: '電子郵件' }).fill(email);
  await page.getByRole('button', { name: '寄送驗證信' }).click();
  await expect(page.getByRole('heading', { name: '請到信箱完成驗證' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await waitForMail(email, ['請驗證您的電子郵件']);

  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: '會員資料' })).toBeVisible();
  await expect(page.getByText('這個帳號以 LINE 登入。')).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await snap('4-profile');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
