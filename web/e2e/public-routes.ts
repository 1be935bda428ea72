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
 * Waits until the page has fetched what it shows. Pages with live Firestore listeners never go
 * network-idle, so the wait is bounded.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => undefined);
}
