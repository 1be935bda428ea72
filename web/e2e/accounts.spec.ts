import { expect, test, type BrowserContext, type Page } from './support/test';
import { readFileSync } from 'node:fs';
import { HOSTING_URL, signUpThroughForm, testClientHeaders } from './support/shop';
import { waitForMail } from './support/inbox';

// Member accounts in Chromium against Hosting, the Functions and the Auth emulators: sign-up with the
// verification mail, password reset, Google sign-in through the emulator's chooser, silent token refresh.


const uniqEmail = (p: string) => `${p}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The link in the last account mail of that kind in the inbox (MailDev): the shop sends these mails
 * itself, with the link on the site's /user/authAction (functions/src/api/auth/mail.ts).
 */
async function mailLink(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  const mail = await waitForMail(email, [requestType === 'VERIFY_EMAIL' ? '請驗證您的電子郵件' : '重設密碼']);
  const link = mail.text.match(/https?:\/\/\S+\/user\/authAction\?\S+/)?.[0];
  expect(link, mail.text).toBeDefined();
  const url = new URL(link!);
  expect(url.origin).toBe(new URL(HOSTING_URL).origin);
  return `${url.pathname}${url.search}`;
}

async function apiSignUp(email: string, password: string, userName: string) {
  const res = await fetch(`${HOSTING_URL}/api/auth/signUp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...testClientHeaders() },
    body: JSON.stringify({ email, password, userName }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { idToken: string; refreshToken: string; localId: string };
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('main').getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

const memberMenu = (page: Page) => page.getByTestId('member-menu');

test('sign up, verify the email from the mail, sign in, reload, log out', async ({ page, browser, context }) => {
  const email = uniqEmail('journey');
  await page.goto('/user/signUp');
  await expect(page.getByRole('heading', { name: '會員註冊' })).toBeVisible();

  // Fields validate as the user types, with the server's schemas.
  await page.getByRole('main').getByLabel('電子郵件').fill('not-an-email');
  await expect(page.getByText('電子郵件格式錯誤')).toBeVisible();
  await page.getByLabel('密碼', { exact: true }).fill('short');
  await expect(page.getByText('密碼至少 8 個字元')).toBeVisible();
  await page.getByLabel('確認密碼').fill('different');
  await expect(page.getByText('兩次輸入的密碼不一致')).toBeVisible();

  await signUpThroughForm(page, { name: '旅程測試', email, password: 'journey-pass-1' });
  await expect(page.getByText(`驗證信已寄至 ${email}`)).toBeVisible();
  await expect(memberMenu(page)).toContainText('旅程測試');
  expect(await cookie(context, 'emailVerified')).toBe('false');

  // The mail is opened on another device: no session there.
  const link = await mailLink(email, 'VERIFY_EMAIL');
  const phone = await browser.newContext();
  const mailPage = await phone.newPage();
  await mailPage.goto(link);
  await expect(mailPage.getByRole('heading', { name: '信箱驗證成功' })).toBeVisible();
  await expect(mailPage).toHaveURL(/\/user\/authAction\/verifyEmail-success$/);
  await mailPage.getByRole('link', { name: '前往登入' }).click();
  await expect(mailPage.getByRole('heading', { name: '會員登入' })).toBeVisible();
  await logIn(mailPage, email, 'journey-pass-1');
  await expect(mailPage).toHaveURL(`${HOSTING_URL}/`);
  await expect(memberMenu(mailPage)).toContainText('旅程測試');
  expect(await cookie(phone, 'emailVerified')).toBe('true');
  for (const name of ['userName', 'email', 'photoUrl', 'userId', 'idToken', 'refreshToken', 'signInProvider']) {
    expect((await phone.cookies()).some((c) => c.name === name && c.sameSite === 'Lax' && c.path === '/'), name).toBe(true);
  }
  expect(await cookie(phone, 'signInProvider')).toBe('password');

  await mailPage.reload();
  await expect(memberMenu(mailPage)).toContainText('旅程測試');

  // Signed-in members leave the log-in pages for the home page.
  for (const path of ['/user', '/user/logIn', '/user/signUp']) {
    await mailPage.goto(path);
    await expect(mailPage).toHaveURL(`${HOSTING_URL}/`);
  }

  await memberMenu(mailPage).click();
  await mailPage.getByRole('button', { name: '登出' }).click();
  await expect(mailPage).toHaveURL(/\/user\/logIn$/);
  await expect(mailPage.getByRole('link', { name: '登入／註冊' })).toBeVisible();
  expect((await phone.cookies()).filter((c) => ['idToken', 'refreshToken', 'userId', 'email', 'userName'].includes(c.name))).toEqual([]);
  await phone.close();
});

test('every refusal shows its Chinese message', async ({ page }) => {
  const email = uniqEmail('errors');
  await apiSignUp(email, 'right-pass-1', '錯誤測試');

  await page.goto('/user/signUp');
  await page.getByLabel('姓名').fill('重複註冊');
  await page.getByRole('main').getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill('another-pass');
  await page.getByLabel('確認密碼').fill('another-pass');
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(page.getByText('此電子郵件已經註冊過了')).toBeVisible();

  await page.goto('/user/logIn');
  await logIn(page, email, 'wrong-pass-1');
  // A wrong password and an unknown email read the same: sign-in does not tell who has an account.
  await expect(page.getByText('帳號或密碼錯誤，請重新確認')).toBeVisible();
  await logIn(page, uniqEmail('nobody'), 'wrong-pass-1');
  await expect(page.getByText('帳號或密碼錯誤，請重新確認')).toBeVisible();

  await page.goto('/user/authAction?mode=verifyEmail&oobCode=no-such-code');
  await expect(page.getByText('信件連結已過期或已被使用')).toBeVisible();
  await page.goto('/user/authAction?mode=resetPassword&oobCode=no-such-code');
  await expect(page.getByText('信件連結已過期或已被使用')).toBeVisible();
  await expect(page.getByRole('link', { name: '重新寄送重設密碼信' })).toBeVisible();
});

test('after signing in, go to the redirect target when it is on this site', async ({ page }) => {
  const email = uniqEmail('redirect');
  await apiSignUp(email, 'redirect-pass', '轉址測試');
  await page.goto('/user/logIn?redirect=%2Ffaq%3Fq%3D1');
  await logIn(page, email, 'redirect-pass');
  await expect(page).toHaveURL(`${HOSTING_URL}/faq?q=1`);

  await memberMenu(page).click();
  await page.getByRole('button', { name: '登出' }).click();
  await page.goto('/user/logIn?redirect=%2F%2Fevil.example%2Fx');
  await logIn(page, email, 'redirect-pass');
  await expect(page).toHaveURL(`${HOSTING_URL}/`);
});

test('forgot password: the mail link sets a new password, which then signs in', async ({ page }) => {
  const email = uniqEmail('reset');
  await apiSignUp(email, 'old-password-1', '重設測試');

  await page.goto('/user/logIn');
  await page.getByRole('link', { name: '忘記密碼？' }).click();
  await expect(page.getByRole('heading', { name: '忘記密碼' })).toBeVisible();
  await page.getByRole('main').getByLabel('電子郵件').fill(email);
  await page.getByRole('button', { name: '寄送重設密碼信' }).click();
  await expect(page.getByRole('heading', { name: '重設密碼信已寄出' })).toBeVisible();

  const link = await mailLink(email, 'PASSWORD_RESET');
  await page.goto(link);
  await expect(page.getByText(`請為 ${email} 設定新密碼`)).toBeVisible();
  await page.getByLabel('新密碼', { exact: true }).fill('1234567');
  await expect(page.getByText('密碼至少 8 個字元')).toBeVisible();
  await page.getByLabel('新密碼', { exact: true }).fill('new-password-2');
  await page.getByLabel('確認新密碼').fill('new-password-2');
  await page.getByRole('button', { name: '設定新密碼' }).click();
  await expect(page.getByRole('heading', { name: '密碼已重設' })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/authAction\/resetPassword-success$/);

  await page.getByRole('link', { name: '前往登入' }).click();
  await logIn(page, email, 'old-password-1');
  await expect(page.getByText('帳號或密碼錯誤，請重新確認')).toBeVisible();
  await logIn(page, email, 'new-password-2');
  await expect(memberMenu(page)).toContainText('重設測試');

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('信件連結已過期或已被使用')).toBeVisible();
});

test("Google sign-in through the emulator's chooser, loading the Firebase SDK only on click", async ({ page, context }) => {
  // The SDK's popup flow and the emulator's helper iframe load Google's gapi from the internet, which
  // this machine cannot reach: a shim carries their messages instead (web/e2e/support/gapi-shim.js).
  const shim = readFileSync('web/e2e/support/gapi-shim.js', 'utf8');
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) => route.fulfill({ contentType: 'text/javascript', body: shim }));
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/user/logIn');
  await expect(page.getByRole('button', { name: '使用 Google 帳號登入' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /google-sign-in|firebase/.test(u))).toEqual([]);

  const popupP = page.waitForEvent('popup');
  await page.getByRole('button', { name: '使用 Google 帳號登入' }).click();
  const popup = await popupP;
  await popup.getByText('Add new account').click();
  await popup.getByRole('button', { name: 'Auto-generate user information' }).click();
  await popup.locator('#display-name-input').fill('谷歌會員');
  const email = (await popup.locator('#email-input').inputValue()).toLowerCase();
  await popup.getByRole('button', { name: /Sign in with Google/ }).click();

  await expect(page).toHaveURL(`${HOSTING_URL}/`);
  await expect(memberMenu(page)).toContainText('谷歌會員');
  expect(await cookie(context, 'signInProvider')).toBe('google.com');
  expect(scripts.some((u) => /google-sign-in/.test(u))).toBe(true);

  // The member record was written with the Google account's details.
  const uid = (await cookie(context, 'userId'))!;
  const idToken = (await cookie(context, 'idToken'))!;
  const res = await fetch(`${HOSTING_URL}/api/member/${uid}`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ userUid: uid, userName: '谷歌會員', email, provider: 'google.com', newsletter: false });

  await page.reload();
  await expect(memberMenu(page)).toContainText('谷歌會員');
});

test('an expired ID token is refreshed without the member noticing', async ({ page, context }) => {
  const email = uniqEmail('refresh');
  const tokens = await apiSignUp(email, 'refresh-pass', '續期測試');
  const [header, payload] = tokens.idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, number>;
  const now = Math.floor(Date.now() / 1000);
  const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 3600 })).toString('base64url')}.`;

  // The stale token is refused by the API.
  const before = await fetch(`${HOSTING_URL}/api/member/${tokens.localId}`, { headers: { Authorization: `Bearer ${expired}` } });
  expect(before.status).toBe(401);

  const url = HOSTING_URL;
  await context.addCookies(
    Object.entries({
      idToken: expired,
      refreshToken: tokens.refreshToken,
      userId: tokens.localId,
      userName: encodeURIComponent('續期測試'),
      email: encodeURIComponent(email),
      emailVerified: 'false',
      photoUrl: '',
      signInProvider: 'password',
    }).map(([name, value]) => ({ name, value, url, sameSite: 'Lax' as const })),
  );
  await page.goto('/');
  await expect(memberMenu(page)).toContainText('續期測試');
  await expect.poll(() => cookie(context, 'idToken')).not.toBe(expired);
  const fresh = (await cookie(context, 'idToken'))!;
  const freshClaims = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number; user_id: string };
  expect(freshClaims.exp).toBeGreaterThan(now);
  expect(freshClaims.user_id).toBe(tokens.localId);

  // A member-only call with what the browser now holds succeeds, and the member is still signed in.
  const status = await page.evaluate(async (uid) => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('idToken='))!.slice(8));
    return (await fetch(`/api/member/${uid}`, { headers: { Authorization: `Bearer ${token}` } })).status;
  }, tokens.localId);
  expect(status).toBe(200);
  await page.goto('/user/logIn');
  await expect(page).toHaveURL(`${HOSTING_URL}/`);
});
