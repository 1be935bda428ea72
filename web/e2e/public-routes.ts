import type { Page } from '@playwright/test';

// Every public route of the shop, with the one heading each must show (catch-all included): a route that
// rendered another page (the not-found screen, an error) fails on its heading.
export const PUBLIC_PAGES: { path: string; name: string; heading: RegExp }[] = [
  { path: '/', name: 'home', heading: /實務工作者的/ },
  { path: '/bookstore', name: 'bookstore', heading: /^訂購書籍$/ },
  { path: '/bookstore/company-registration-guide', name: 'book-page', heading: /^公司登記實務全攻略$/ },
  { path: '/contact', name: 'contact', heading: /聯絡我們/ },
  { path: '/faq', name: 'faq', heading: /常見問題/ },
  { path: '/business', name: 'business', heading: /團體與企業採購/ },
  { path: '/shoppingInfo', name: 'shopping-info', heading: /購物須知/ },
  { path: '/file', name: 'files', heading: /檔案下載/ },
  { path: '/file/company-registration-guide', name: 'book-files', heading: /公司登記實務全攻略/ },
  { path: '/order', name: 'order-lookup', heading: /^訂單查詢$/ },
  { path: '/ezbuy/cpaSouth', name: 'ezbuy-cpa-south', heading: /^【南區會計師公會 年度實務書團購】$/ },
  { path: '/ezbuy/onecircle', name: 'ezbuy-onecircle', heading: /^【一圈讀書會 秋季共讀團購】$/ },
  { path: '/user/logIn', name: 'log-in', heading: /^會員登入$/ },
  { path: '/user/signUp', name: 'sign-up', heading: /^會員註冊$/ },
  { path: '/user/resetPassword', name: 'reset-password', heading: /^忘記密碼$/ },
  { path: '/user/cancelSubscribe', name: 'cancel-subscribe', heading: /取消訂閱電子報/ },
  { path: '/no/such/page', name: 'not-found', heading: /找不到這個頁面/ },
];

/**
 * Waits until what the page shows has arrived: the load event, the web fonts, and the images in or near
 * the viewport (a lazy image further down is not loading, so it is not waited for), then two frames.
 * Not Playwright's 'networkidle': a page with a live Firestore listener (stock, campaign progress) keeps
 * a request open for good, so that wait always ran out its whole timeout, twice per page, on every such
 * page of CI's run. Bounded, as before: a page that never settles is checked as it stands.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .evaluate(async () => {
      const near = (img: HTMLImageElement) => {
        const r = img.getBoundingClientRect();
        return r.bottom > -innerHeight && r.top < 2 * innerHeight;
      };
      const pending = Array.from(document.images).filter((img) => !img.complete && near(img));
      await Promise.race([
        Promise.all([document.fonts.ready, ...pending.map((img) => new Promise((r) => { img.addEventListener('load', r, { once: true }); img.addEventListener('error', r, { once: true }); }))]),
        new Promise((r) => setTimeout(r, 4000)),
      ]);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    })
    .catch(() => undefined); // a navigation under way: the test's own expectations say what is missing
}

/**
 * Waits for the network to go quiet (no request for 500 ms), for a test that asserts a request was NOT
 * made: it needs a window, not just a painted page. Bounded: a live listener keeps the network busy.
 */
export async function quietNetwork(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => undefined);
}
