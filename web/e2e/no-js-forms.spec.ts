import { expect, test, type Page } from './support/test';
import { adminDb, createPlan, fixtureBook, SHOTS, signInWithPassword, testClientHeaders, uniq } from './support/shop';

// 到貨通知我, 截止前提醒我 and the footer's 訂閱 in a browser without JavaScript (issue 35 item 2): each
// form posts its page, the server signs up (or says why not, beside the field) and the browser lands
// back on the form; nothing typed reaches a URL. The requests carry a client of this spec's own for the
// rate limits (page posts are not /api calls, which support/test.ts marks).

test.use({ javaScriptEnabled: false, extraHTTPHeaders: testClientHeaders() });

const DIR = 'test-output/no-js-forms';
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: false });
};

/** The page's URL holds no address, and lands on `#id`. */
function expectLanded(page: Page, path: string, id: string, email: string) {
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain(email);
  expect(new URL(page.url()).pathname).toBe(path);
  expect(new URL(page.url()).hash).toBe(`#${id}`);
}

for (const width of [360, 1280]) {
  test(`到貨通知我 at ${width} px: a bad address is refused beside the field, a good one signed up`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const name = `無 JS 到貨測試書 ${width}`;
    const book = await fixtureBook(name, 480, { qty: 0, prefix: 'e2e-nojs-book' });
    const email = `${uniq('nojs-alert')}@example.com`.toLowerCase();
    await page.goto(`/bookstore/${book}`);
    const box = page.locator('#stock-alert');
    await expect(box.getByText('目前缺貨中')).toBeVisible();
    await expect(page.getByText('需要啟用 JavaScript')).toHaveCount(0);

    await box.getByLabel('到貨通知的電子郵件').fill('name@example');
    await box.getByRole('button', { name: '到貨通知我' }).click();
    await expect(box.getByRole('alert')).toHaveText('電子郵件格式錯誤');
    await expect(box.getByLabel('到貨通知的電子郵件')).toHaveValue('name@example');
    await expect(box).toBeInViewport();
    await shot(page, `stock-alert-refused-${width}`);

    await box.getByLabel('到貨通知的電子郵件').fill(email);
    await box.getByRole('button', { name: '到貨通知我' }).click();
    await expect(box.getByRole('status')).toHaveText(`已登記到貨通知！《${name}》到貨時會寄一封通知信到您填寫的信箱。`);
    expectLanded(page, `/bookstore/${book}`, 'stock-alert', email);
    await expect(box).toBeInViewport();
    expect((await adminDb().collection('stockAlerts').where('productId', '==', book).get()).docs.map((d) => d.data().email)).toEqual([email]);
    await shot(page, `stock-alert-done-${width}`);
    // A reload asks for the page again (a GET): nothing is sent twice.
    await page.reload();
    await expect(box.getByRole('status')).toContainText('已登記到貨通知！');
  });
}

test('截止前提醒我 at 360 px: signed up from the campaign page, landing back on it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const owner = await signInWithPassword('admin@example.com', 'admin1234');
  const book = await fixtureBook('無 JS 團購測試書', 600, { qty: 20, prefix: 'e2e-nojs-plan-book' });
  const planId = uniq('e2eNojs').replace(/[^A-Za-z0-9_-]/g, '');
  await createPlan(owner.idToken, { planId, title: `無 JS 提醒測試團購 ${Date.now().toString(36)}`, products: [{ productId: book, groupPrice: 500 }] });
  const email = `${uniq('nojs-remind')}@example.com`.toLowerCase();
  await page.goto(`/ezbuy/${planId}`);
  const form = page.locator('#close-reminder');
  await form.getByLabel('截止前提醒的電子郵件').fill(email);
  await form.getByRole('button', { name: '截止前提醒我' }).click();
  // The form's place (#close-reminder) now says it is done.
  await expect(form).toHaveAttribute('role', 'status');
  await expect(form).toContainText('已登記截止前提醒！截止前 24 小時會寄一封提醒信到您填寫的信箱');
  expectLanded(page, `/ezbuy/${planId}`, 'close-reminder', email);
  await expect(form).toBeInViewport();
  expect((await adminDb().collection('closeReminders').where('planId', '==', planId).get()).docs.map((d) => d.data().email)).toEqual([email]);
  await shot(page, 'close-reminder-done-360');
});

test('訂閱 at 360 px: the footer of a page subscribes, and says so where it was typed', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const email = `${uniq('nojs-news')}@example.com`.toLowerCase();
  await page.goto('/faq');
  const footer = page.locator('#newsletter');
  await footer.getByLabel('電子郵件').fill('nobody');
  await footer.getByRole('button', { name: '訂閱' }).click();
  await expect(footer.getByRole('status')).toHaveText('電子郵件格式錯誤');
  await expect(footer.getByLabel('電子郵件')).toHaveValue('nobody');
  await shot(page, 'newsletter-refused-360');
  await footer.getByLabel('電子郵件').fill(email);
  await footer.getByRole('button', { name: '訂閱' }).click();
  await expect(footer.getByRole('status')).toHaveText('訂閱成功！確認信已寄到您填寫的信箱。（已在訂閱名單中的信箱不會重複收到）');
  expectLanded(page, '/faq', 'newsletter', email);
  await expect(footer).toBeInViewport();
  expect((await adminDb().doc(`subscriptions/${email}`).get()).data()?.status).toBe('active');
  await shot(page, 'newsletter-done-360');
});
