import { expect, test, type Page } from './support/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { createMember, fixtureBook, HOSTING_URL, signInByCookies } from './support/shop';

// The book list, the book page, the sold-out state and the live stock count, in Chromium.

const admin = () => getFirestore(getApps()[0] ?? initializeApp({ projectId: 'demo-bookstore' }));

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the book list', () => {
  test('shows the launched books with prices, badges and a working add-to-cart', async ({ page }) => {
    await page.goto('/bookstore');
    await expect(page.getByRole('heading', { level: 1, name: '訂購書籍' })).toBeVisible();
    const cards = page.getByRole('list', { name: '書籍列表' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByText('勞動法規一百問')).toHaveCount(0);

    const guide = cards.filter({ hasText: '公司登記實務全攻略' });
    await expect(guide).toContainText('限時優惠');
    await expect(guide).toContainText('NT$880');
    await expect(guide.locator('del')).toHaveText('NT$980');
    await expect(cards.filter({ hasText: '營業稅申報實戰手冊' })).toContainText('新品');
    const soldOut = cards.filter({ hasText: '商業契約範本與解析' });
    await expect(soldOut).toContainText('缺貨中');
    await expect(soldOut.getByRole('button', { name: /加入購物車/ })).toHaveCount(0);

    // Modern formats with a JPEG fallback; the first row on a phone (two covers) eager and high
    // priority, the rest lazy.
    const imgs = page.locator('.book-grid img');
    for (const i of [0, 1]) {
      await expect(imgs.nth(i)).toHaveAttribute('loading', 'eager');
      await expect(imgs.nth(i)).toHaveAttribute('fetchpriority', 'high');
    }
    await expect(imgs.nth(2)).toHaveAttribute('loading', 'lazy');
    await expect(imgs.first()).toHaveAttribute('width', '720');
    await expect(page.locator('.book-grid picture').first().locator('source[type="image/avif"]')).toHaveAttribute('srcset', /cover-240\.avif 240w/);
    expect(await imgs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.evaluate(() => localStorage.removeItem('cart:v1'));
    await guide.getByRole('button', { name: '將《公司登記實務全攻略》加入購物車' }).click();
    await expect(page.getByText('已加入購物車')).toBeVisible();
    const lines = await page.evaluate(() => JSON.parse(localStorage.getItem('cart:v1') ?? '[]'));
    expect(lines).toEqual([{ productId: 'company-registration-guide', qty: 1 }]);
  });

  test('fits a 360 px phone and is usable by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/bookstore');
    await expect(page.getByRole('list', { name: '書籍列表' })).toBeVisible();
    await noHorizontalScroll(page);
    const link = page.getByRole('link', { name: '營業稅申報實戰手冊' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bookstore\/business-tax-handbook$/);
    await expect(page.getByRole('heading', { level: 1, name: '營業稅申報實戰手冊' })).toBeVisible();
    await noHorizontalScroll(page);
  });
});

test.describe('the book page', () => {
  test('shows the book, its previews, errata, group-buy prices and a capped quantity picker', async ({ page, request }) => {
    await page.goto('/bookstore');
    await page.getByRole('link', { name: '公司登記實務全攻略' }).click();
    await expect(page).toHaveURL(/\/bookstore\/company-registration-guide$/);
    await expect(page.getByRole('heading', { level: 1, name: '公司登記實務全攻略' })).toBeVisible();
    await expect(page).toHaveTitle(/公司登記實務全攻略/);
    const cover = page.getByRole('img', { name: '《公司登記實務全攻略》封面' });
    await expect(cover).toHaveAttribute('fetchpriority', 'high');

    for (const name of ['內頁試閱', '書籍簡介', '詳細資料', '注意事項', '勘誤公告']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('9786269990011')).toBeVisible();

    const errata = page.getByRole('table');
    await expect(errata.getByRole('columnheader')).toHaveText(['章節', '標題', '勘誤內容', '公告日期', '檔案']);
    await expect(errata.getByRole('row')).toHaveCount(3);
    const download = errata.getByRole('link', { name: /下載勘誤檔案/ });
    await expect(download).toHaveAttribute('href', '/files/company-registration-guide/errata-2026-05.pdf');
    const pdf = await request.get('/files/company-registration-guide/errata-2026-05.pdf');
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The gallery: keyboard on the strip, then the buttons.
    const track = page.getByRole('list', { name: /試閱頁面/ });
    await expect(page.locator('.gallery__count')).toHaveText('1 / 3');
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.gallery__count')).toHaveText('2 / 3');
    await page.getByRole('button', { name: '下一頁' }).click();
    await expect(page.locator('.gallery__count')).toHaveText('3 / 3');
    await expect(page.getByRole('button', { name: '下一頁' })).toBeDisabled();
    await page.getByRole('button', { name: '第 1 頁' }).click();
    await expect(page.locator('.gallery__count')).toHaveText('1 / 3');

    // Group-buy prices: whatever plans are open now (the demo's close at set dates).
    const plans = (await (await request.get('/api/products/detail/company-registration-guide/plans')).json()) as { planId: string; title: string }[];
    if (plans.length) {
      const section = page.getByRole('region', { name: '團購優惠' });
      await expect(section).toBeVisible();
      for (const p of plans) await expect(section.getByRole('link', { name: `前往「${p.title}」團購頁` })).toHaveAttribute('href', `/ezbuy/${p.planId}`);
    } else {
      await expect(page.getByRole('heading', { name: '團購優惠' })).toHaveCount(0);
    }

    // The quantity picker is capped at the stock (and 99 per add).
    const stock = Number(await page.getByTestId('stock-qty').textContent());
    expect(stock).toBeGreaterThan(0);
    const qty = page.getByRole('spinbutton', { name: '數量' });
    await expect(qty).toHaveValue('1');
    await expect(page.getByRole('button', { name: '減少數量' })).toBeDisabled();
    await page.getByRole('button', { name: '增加數量' }).click();
    await expect(qty).toHaveValue('2');
    await qty.fill('100000');
    await expect(qty).toHaveValue(String(Math.min(stock, 99)));
    await expect(page.getByRole('button', { name: '增加數量' })).toBeDisabled();
    await qty.fill('2');
    await page.evaluate(() => localStorage.removeItem('cart:v1'));
    await page.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByText('已加入購物車')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart:v1') ?? '[]'))).toEqual([{ productId: 'company-registration-guide', qty: 2 }]);
  });

  test('offers a LINE inquiry instead of the buy button when the book is sold out', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/bookstore/commercial-contracts');
    await expect(page.getByRole('heading', { level: 1, name: '商業契約範本與解析' })).toBeVisible();
    await expect(page.getByTestId('stock-qty')).toHaveText('目前缺貨中');
    await expect(page.getByRole('button', { name: '加入購物車' })).toHaveCount(0);
    const line = page.getByRole('link', { name: /以 LINE 詢問《商業契約範本與解析》/ });
    await expect(line).toHaveAttribute('href', 'https://line.me/R/ti/p/@qingyu-books');
    await expect(line).toHaveAttribute('target', '_blank');
    await noHorizontalScroll(page);
  });

  test('follows the stock count live, without a reload', async ({ page }) => {
    const id = 'company-registration-guide';
    const ref = admin().doc(`stock/${id}`);
    await page.goto(`/bookstore/${id}`);
    const count = page.getByTestId('stock-qty');
    // The first HTML's count may be up to a cache life old; the live one is the stored count. Other specs
    // buy this book meanwhile, so each check compares with the count stored at that moment.
    const showsStored = () => expect(async () => expect(Number(await count.textContent())).toBe(Number((await ref.get()).get('qty')))).toPass({ timeout: 15_000 });
    await showsStored();
    const before = Number(await count.textContent());
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    // increment() leaves any concurrent change by another test intact, and is undone below.
    await ref.update({ qty: FieldValue.increment(-3) });
    try {
      await expect(async () => expect(Number(await count.textContent())).toBeLessThanOrEqual(before - 3)).toPass({ timeout: 15_000 });
      await showsStored();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    } finally {
      await ref.update({ qty: FieldValue.increment(3) });
    }
    await showsStored();
  });

  for (const [name, path] of [
    ['an unknown id', '/bookstore/no-such-book'],
    ['an unlaunched book', '/bookstore/labor-law-qa'],
    ['a malformed id', '/bookstore/a.b'],
  ]) {
    test(`shows the 404 error screen for ${name}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('查無資料');
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByText(/Not Found|No record/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: '返回首頁' })).toBeVisible();
    });
  }
});

test.describe('the cart', () => {
  // The book list is cached (the browser keeps it a minute, the CDN and each Functions worker longer),
  // so right after a launch a shopper can buy a book from its own page while the list the cart reads
  // does not name it yet. The cart must keep that line, not drop it as 已下架.
  test('keeps a book launched a moment ago although the cached book list does not show it yet', async ({ page, context }) => {
    test.setTimeout(90_000);
    const { email, password } = await createMember('新書讀者', 'e2e-cart');
    await signInByCookies(context, email, password, '新書讀者');
    await page.goto('/bookstore');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const id = await fixtureBook('剛上架的新書', 555);
    // The book's own record: fresh once no worker's catalogue predates it (30 s at the most).
    await expect
      .poll(async () => (await fetch(`${HOSTING_URL}/api/products/detail/${id}`)).status, { timeout: 45_000, intervals: [1000] })
      .toBe(200);

    // Into the book page without a reload, as a tap on a link shared in the shop would: the list stays
    // the one loaded above.
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/bookstore/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: '剛上架的新書' })).toBeVisible();
    await page.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByText('已加入購物車')).toBeVisible();
    await page.getByRole('link', { name: /^購物車/ }).click();

    await expect(page.getByRole('link', { name: '剛上架的新書' })).toBeVisible();
    await expect(page.getByText(/已下架/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: '前往結帳' })).toBeEnabled();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart:v1') ?? '[]'))).toEqual([{ productId: id, qty: 1 }]);
  });

  test('says so when a book in the cart is no longer sold, also once the cart is left empty', async ({ page, context }) => {
    const { email, password } = await createMember('下架讀者', 'e2e-cart');
    await signInByCookies(context, email, password, '下架讀者');
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('cart:v1', JSON.stringify([{ productId: 'labor-law-qa', qty: 1 }])));
    await page.goto('/cart');
    await expect(page.getByRole('status').filter({ hasText: '有 1 項商品已下架，已自購物車移除。' })).toBeVisible();
    await expect(page.getByText('購物車是空的。')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart:v1') ?? '[]'))).toEqual([]);
  });
});
