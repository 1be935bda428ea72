import { expect, hydrated, hydratedLater, test } from './support/test';
import { mailSource, waitForMail } from './support/inbox';
import { adminDb, uniq } from './support/shop';

// Runs inside `firebase emulators:exec`, which sets FIRESTORE_EMULATOR_HOST for the Admin SDK.

// The inquiry forms and the newsletter's unsubscribe link, as a visitor uses them.

test('the contact form refuses empty, over-long and script-laden input, then sends a good inquiry', async ({ page }) => {
  const email = `${uniq('contact')}@example.com`;
  await page.goto('/contact');
  const form = page.getByTestId('inquiry-form-contact');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(form.getByText('請填寫姓名')).toBeVisible();
  await expect(form.getByLabel('姓名')).toBeFocused();
  await expect(form.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('姓名').fill('<script>alert(1)</script>');
  await form.getByLabel('電子郵件').fill('not-an-email');
  await form.getByLabel('詢問內容').fill('字'.repeat(2001));
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(form.getByText('姓名不能包含程式碼或 HTML 標籤')).toBeVisible();
  await expect(form.getByText('電子郵件格式錯誤')).toBeVisible();
  await expect(form.getByText('詢問內容最多 2000 個字')).toBeVisible();
  expect((await adminDb().collection('inquiries').where('email', '==', email).get()).size).toBe(0);

  await form.getByLabel('姓名').fill('陳小姐');
  await form.getByLabel('電子郵件').fill(email);
  await form.getByLabel('聯絡電話').fill('06-234-5678');
  await form.getByLabel('詢問內容').fill('想請問營業稅申報實戰手冊何時再版？');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(page.getByText('我們已收到您的訊息')).toBeVisible();
  const stored = await adminDb().collection('inquiries').where('email', '==', email).get();
  expect(stored.size).toBe(1);
  expect(stored.docs[0]!.data()).toMatchObject({ topic: 'contact', name: '陳小姐', phone: '06-234-5678' });
});

test('the business form asks for the organisation and quantity and stores them', async ({ page }) => {
  const email = `${uniq('biz')}@example.com`;
  await page.goto('/business');
  const form = page.getByTestId('inquiry-form-business');
  await form.getByLabel('姓名').fill('林會計師');
  await form.getByLabel('電子郵件').fill(email);
  await form.getByLabel('單位名稱').fill('南區會計師公會');
  await form.getByLabel('預計數量（本）').fill('0');
  await form.getByLabel('需求說明').fill('年度研習會需要公司登記實務全攻略。');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(form.getByText('數量至少 1 本')).toBeVisible();
  await form.getByLabel('預計數量（本）').fill('40');
  await form.getByRole('button', { name: '送出詢問' }).click();
  await expect(page.getByText('我們已收到您的訊息')).toBeVisible();
  const stored = await adminDb().collection('inquiries').where('email', '==', email).get();
  expect(stored.docs.map((d) => d.data())).toMatchObject([{ topic: 'business', organization: '南區會計師公會', quantity: 40 }]);
});

// The footer's form hydrates only when it nears the viewport or is used (web/src/lib/deferred-hydration.ts),
// so its code is not in the first JS of every page; a keyboard user reaching it first still subscribes.
test('newsletter: the footer form hydrates only when needed; Tab to it, type, Enter subscribes', async ({ page }) => {
  const email = `${uniq('keys')}@example.com`;
  await page.goto('/');
  const form = page.locator('#newsletter');
  const owned = () => form.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
  // The rest of the page is live (hydrated() waited); the form, far below the fold, is the server's HTML.
  await page.waitForTimeout(1_000);
  expect(await owned()).toBe(false);
  await expect(form.getByRole('button', { name: '訂閱' })).toBeAttached();

  // The footer's last link, then Tab: the email box, before its code has necessarily arrived.
  await page.getByRole('navigation', { name: '頁尾選單' }).getByRole('link', { name: '聯絡我們' }).focus();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('電子郵件')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(form.getByText(`訂閱成功！確認信已寄到 ${email}。`)).toBeVisible({ timeout: 20_000 });
  expect(await owned()).toBe(true);
  expect(new URL(page.url()).search).toBe('');
  expect((await adminDb().doc(`subscriptions/${email}`).get()).exists).toBe(true);
});

test('newsletter: sign up in the footer, then unsubscribe by the mailed link, once', async ({ page }) => {
  const email = `${uniq('letter')}@example.com`;
  await page.goto('/faq');
  await hydratedLater(page);
  const footer = page.locator('footer');
  await footer.getByLabel('電子郵件').fill('bad@');
  await footer.getByRole('button', { name: '訂閱' }).click();
  await expect(footer.getByText('電子郵件格式錯誤')).toBeVisible();
  await footer.getByLabel('電子郵件').fill(email);
  await footer.getByRole('button', { name: '訂閱' }).click();
  await expect(footer.getByText(`訂閱成功！確認信已寄到 ${email}。`)).toBeVisible();

  const mails = await adminDb().collection('mail').where('to', '==', email).get();
  expect(mails.size).toBe(1);
  // The mail as delivered: the unsubscribe link in its text, List-Unsubscribe for the mail client's button.
  const mail = await waitForMail(email, ['電子報訂閱成功']);
  expect(await mailSource(mail.id)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const text = mail.text;
  const link = new URL(/https?:\/\/\S+\/user\/cancelSubscribe\?token=\S+/.exec(text)![0]);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('取消訂閱電子報');
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: '確認取消訂閱' }).click();
  await expect(page.getByText('已取消訂閱。')).toBeVisible();
  expect((await adminDb().doc(`subscriptions/${email}`).get()).data()?.status).toBe('unsubscribed');

  // A reload of the page says it is done, instead of asking again (issue 22 item 8).
  await page.reload();
  await expect(page.getByText('已取消訂閱。')).toBeVisible();
  await expect(page.getByRole('button', { name: '確認取消訂閱' })).toHaveCount(0);

  // The same link again in another tab: a clear answer, nothing changes.
  const again = await page.context().newPage();
  await again.goto(link.pathname + link.search);
  await hydrated(again);
  await again.getByRole('button', { name: '確認取消訂閱' }).click();
  await expect(again.getByRole('alert')).toContainText('已經取消過了');
  await expect(again.getByRole('alert')).toContainText('這個取消訂閱連結已經使用過');
  await again.close();

  // A forged link (another address in the payload, the old signature).
  const [, sig] = link.searchParams.get('token')!.split('.');
  const forgedPayload = Buffer.from(JSON.stringify({ e: `${uniq('victim')}@example.com`, v: 1, x: Date.now() + 1e9 })).toString('base64url');
  await page.goto(`/user/cancelSubscribe?token=${forgedPayload}.${sig}`);
  await page.getByRole('button', { name: '確認取消訂閱' }).click();
  await expect(page.getByRole('alert')).toContainText('連結無效');

  // A mangled link never reaches the server.
  await page.goto('/user/cancelSubscribe?token=abc');
  await expect(page.getByRole('alert')).toContainText('連結無效');
  await expect(page.getByRole('button', { name: '確認取消訂閱' })).toHaveCount(0);
});
