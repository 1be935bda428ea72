// The browser tests' `test`: Playwright's, with `page.goto` and `page.reload` waiting until a page the
// `ssr` function rendered has hydrated (web/src/app/app.tsx marks <html data-hydrated>). A rendered
// page is visible and its buttons look ready before its JavaScript has run (web/src/boot.ts starts
// it after the first paint), and a click before hydration does nothing.
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { BrowserContext, Page } from '@playwright/test';

/** Waits for hydration where there is something to hydrate (a rendered page with JavaScript on). */
export async function hydrated(page: Page): Promise<void> {
  // The root's effect marks <html data-hydrated>, but a lazy part of the page (a form in a Suspense
  // boundary, e.g. the campaign's inquiry form) hydrates once its chunk has arrived, possibly later: until
  // then a click submits the form natively. React puts its props on every element it has hydrated, so
  // every form and button carrying them means the whole page is live.
  await page
    .waitForFunction(
      () => {
        if (!document.getElementById('ssr-data')) return true;
        if (!document.documentElement.hasAttribute('data-hydrated')) return false;
        return Array.from(document.querySelectorAll('form, button')).every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined); // the test's own expectations say what is missing
}

export const test = base.extend({
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
