// The browser tests' `test`: Playwright's, with `page.goto` and `page.reload` waiting until a page the
// `ssr` function rendered has hydrated (web/src/app/app.tsx marks <html data-hydrated>). A rendered
// page is visible and its buttons look ready before its JavaScript has run (web/src/boot.ts starts
// it after the first paint), and a click before hydration does nothing.
import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { HOSTING_URL, testClientHeaders } from './shop';

export { expect } from '@playwright/test';
export type { BrowserContext, Page } from '@playwright/test';

/** Waits for hydration where there is something to hydrate (a rendered page with JavaScript on). */
export async function hydrated(page: Page): Promise<void> {
  // The root's effect marks <html data-hydrated>, but a lazy part of the page (a form in a Suspense
  // boundary, e.g. the campaign's inquiry form) hydrates once its chunk has arrived, possibly later: until
  // then a click submits the form natively. React puts its props on every element it has hydrated, so
  // every form and button carrying them means the whole page is live. A part marked `data-hydrates="later"`
  // (the footer's newsletter form) hydrates only when it nears the viewport or is used
  // (web/src/lib/deferred-hydration.ts): a test that uses it waits with hydratedLater().
  await page
    .waitForFunction(
      () => {
        if (!document.getElementById('ssr-data')) return true;
        if (!document.documentElement.hasAttribute('data-hydrated')) return false;
        return Array.from(document.querySelectorAll('form, button'))
          .filter((el) => !el.closest('[data-hydrates="later"]'))
          .every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined); // the test's own expectations say what is missing
}

/**
 * Scrolls to a part that hydrates late (`data-hydrates="later"`, e.g. the footer's `#newsletter`) and waits
 * until React owns it, as hydrated() does for the rest of the page.
 */
export async function hydratedLater(page: Page, selector = '#newsletter'): Promise<void> {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page
    .waitForFunction(
      (sel) => {
        const el = document.querySelector(sel);
        return !!el && [el, ...Array.from(el.querySelectorAll('button'))].every((e) => Object.keys(e).some((k) => k.startsWith('__reactProps$')));
      },
      selector,
      { timeout: 20_000 },
    )
    .catch(() => undefined); // the test's own expectations say what is missing
}

const asClient = new WeakSet<BrowserContext>();

/**
 * Every call the context's pages make to the shop's API counts as one rate-limit client of the
 * context's own (support/shop.ts testClientHeaders): the SPA's requests, which the test cannot give a
 * header itself. Only same-origin /api calls carry it, so no cross-origin request (the Auth and
 * Firestore emulators) gains a header that would need a CORS preflight.
 */
async function asTestClient(context: BrowserContext): Promise<void> {
  const headers = testClientHeaders();
  if (asClient.has(context) || !Object.keys(headers).length) return;
  asClient.add(context);
  const origin = new URL(HOSTING_URL).origin;
  await context.route(
    (url) => url.origin === origin && url.pathname.startsWith('/api/'),
    (route) => route.continue({ headers: { ...route.request().headers(), ...headers } }),
  );
}

export const test = base.extend<object, { browser: Browser }>({
  // The contexts a test opens itself (a second device, a guest) are clients of their own too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await asTestClient(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await asTestClient(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const res = await goto(...args);
        await hydrated(page);
        return res;
      };
      page.reload = async (...args) => {
        const res = await reload(...args);
        await hydrated(page);
        return res;
      };
    }
    await use(page);
  },
});
