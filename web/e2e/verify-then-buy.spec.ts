import { expect, test } from './support/test';
import { adminDb, AUTH_HOST, signUpThroughForm, uniq, waitUntilListed } from './support/shop';

// What a new member does: sign up, open the verification mail on another device, come back, press
// 我已完成驗證 and buy at once. The page's ID token was minted before the verification, so the client
// must fetch a fresh one (and the server must not refuse a verified account for an old token).


async function verifyLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/demo-bookstore/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    link = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  // The emulator links to itself; the shop's mail template points at /user/authAction.
  return `/user/authAction${new URL(link!).search}`;
}

test('a new member verifies the email on another device, presses 我已完成驗證 and buys at once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const madeAt = Date.now();
  const productId = uniq('e2e-verify-book');
  await adminDb().doc(`products/${productId}`).set({
    name: '測試用：驗證後購書',
    imgSrc: '/favicon.svg',
    listPrice: 700,
    salePrice: 500,
    launched: true,
    isNew: false,
    sortOrder: 9000,
    bookIntroduction: { primaryColor: '#2f5d62', slogan: '', overview: '', summary: [], detail: [] },
  });
  await adminDb().doc(`stock/${productId}`).set({ qty: 3, updatedAt: new Date().toISOString() });
  await waitUntilListed([productId], madeAt);

  const email = `${uniq('verify')}@example.com`.toLowerCase();
  await page.goto('/user/signUp');
  await signUpThroughForm(page, { name: '驗證測試', email, password: 'verify-pass-1' });

  await page.evaluate((id) => localStorage.setItem('cart:v1', JSON.stringify([{ productId: id, qty: 1 }])), productId);
  await page.goto('/cart');
  await page.getByRole('button', { name: '前往結帳' }).click();
  await expect(page.getByRole('heading', { name: '請先驗證電子郵件' })).toBeVisible();

  // The mail, opened on a phone (another browser context, no session there).
  const phone = await browser.newContext();
  const mailPage = await phone.newPage();
  await mailPage.goto(await verifyLink(email));
  await expect(mailPage.getByRole('heading', { name: '信箱驗證成功' })).toBeVisible();
  await phone.close();

  // Back on the first device, which still holds the unverified token.
  await page.getByRole('button', { name: '我已完成驗證' }).click();
  await expect(page.getByRole('heading', { name: '訂購人資訊' })).toBeVisible();
  await page.getByLabel('收件人姓名').fill('驗證測試');
  await page.getByLabel('收件地址').fill('高雄市前金區中正四路 211 號');
  await page.getByLabel('聯絡電話').fill('07-2345678');
  await page.getByRole('button', { name: '下一步：發票資訊' }).click();
  await expect(page.getByRole('heading', { name: '發票資訊' })).toBeVisible();
  await page.getByRole('button', { name: '下一步：訂單確認' }).click();
  await expect(page.getByRole('heading', { name: '訂單確認' })).toBeVisible();
  await page.getByRole('button', { name: '訂單送出' }).click();

  await expect(page.getByRole('heading', { name: '訂單已送出，感謝您的訂購！' })).toBeVisible();
  await expect(page.getByText('請先完成電子郵件驗證')).toHaveCount(0);
  // The cookie now holds the fresh, verified token; a reload keeps it.
  await page.reload();
  expect((await page.context().cookies()).find((c) => c.name === 'emailVerified')?.value).toBe('true');
  expect((await adminDb().doc(`stock/${productId}`).get()).data()?.qty).toBe(2);
});
