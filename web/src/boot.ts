// The only script a rendered page's HTML loads (functions/ssr/template.html, written by
// scripts/finish-web-build.mjs): a few hundred bytes that start the app once the page has painted.
// The HTML already shows the whole page, so its 120+ KiB of JS only hydrates: fetched and run after the
// first paint, it never delays the first or the largest paint, on a phone or in Lighthouse's simulation
// (which counts every script evaluated before the largest paint as on its path). The shell (app.html)
// keeps the ordinary module entry: there, nothing shows without JS.

// The boot script is one file with no imports: a second script fetched before the first paint would sit
// on the largest paint's path, one more round trip on a phone (Lighthouse's simulation counts every
// request that ended before the largest paint; docs/storefront.md). tests/api/storefront-html.test.ts
// checks that the built boot script imports nothing.

/**
 * A page cached from before a deploy names an app that is gone: reloaded once for the new one. Once per
 * app file, so that a file missing for another reason cannot start a loop; the app guards its own chunks
 * (lib/chunk-reload.ts). Without storage, no reload.
 */
function reloadOnce(app: string) {
  try {
    const key = `boot-reload:${app}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    location.reload();
  } catch {
    // Storage refused (a private mode): the page stays as the server rendered it.
  }
}

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

async function start() {
  const app = tag?.dataset.app;
  if (!app) return;
  const preload = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  // The entry's own imports and the page's chunks, fetched in parallel with the entry.
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  try {
    // The libraries (web/vite.config.ts: React DOM, the router, TanStack Query) are evaluated one per
    // task before the app, rather than all in the entry's one long task; they have no side effects
    // that must follow the entry's first imports (which the page chunks have: web/src/main.tsx).
    for (const lib of preload.filter((href) => /\/vendor-[\w-]+\.js$/.test(href))) {
      await import(/* @vite-ignore */ lib);
      await new Promise((resolve) => setTimeout(resolve));
    }
    await import(/* @vite-ignore */ app);
  } catch {
    reloadOnce(app);
  }
}

// A form sent before React owns it would be sent by the browser itself: a GET that puts what was typed
// (an email, a phone number) into the URL, where logs and caches keep it, and a reload that loses it. On
// a slow phone the page is readable and tappable seconds before it has hydrated, so until then the
// submission is held, and sent again (same form, same button) once React owns the form. React marks each
// element it has hydrated with a `__reactProps$…` key (web/e2e/support/test.ts waits on the same mark),
// so a form in a part of the page that hydrates later (a lazy chunk) is covered too.
const HOLD_MS = 30_000;
const held = new WeakSet<HTMLFormElement>();
const owned = (form: HTMLFormElement) => document.documentElement.hasAttribute('data-hydrated') && Object.keys(form).some((k) => k.startsWith('__reactProps$'));

// Text typed before hydration stays on screen, but React's state still holds what the server rendered,
// so the form would send that. Each such field is told to React as an ordinary edit: its value goes back
// to the rendered one through the element's own setter (which React watches), then to the typed text
// through the prototype's (which it does not), and an input event makes React see the difference.
function adoptTyped(form: HTMLFormElement) {
  // The fields one types in (an input, a textarea) have a defaultValue; a box ticked keeps its value.
  for (const el of form.elements as unknown as Iterable<HTMLInputElement>) {
    if (!('defaultValue' in el) || el.value === el.defaultValue) continue;
    const typed = el.value;
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

document.addEventListener(
  'submit',
  (e) => {
    const form = e.target as HTMLFormElement;
    if (owned(form)) return;
    e.preventDefault();
    // A second tap while one is held is the same submission.
    if (held.has(form)) return;
    held.add(form);
    const submitter = e.submitter;
    const until = Date.now() + HOLD_MS;
    const resend = () => {
      if (owned(form)) {
        held.delete(form);
        adoptTyped(form);
        // After React has rendered the adopted values.
        setTimeout(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : null), 0);
      } else if (Date.now() < until) setTimeout(resend, 100);
      else held.delete(form);
    };
    resend();
  },
  true,
);

// Typed before hydration but not sent yet: adopted as soon as the app is live.
new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute('data-hydrated')) return;
  observer.disconnect();
  for (const form of document.forms) if (owned(form) && !held.has(form)) adoptTyped(form);
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });

// The app's scripts are fetched once the page is on the screen: its first paint and its leading pictures
// (the images marked `elementtiming="lead"`: a book's cover, the list's first covers, a campaign's
// banner; web/src/components/book-picture.tsx). Fetched earlier, they share a phone's network with those
// pictures and the main thread with their decode, and Lighthouse's simulation puts every request that
// ended before the largest paint on that paint's path (docs/storefront.md, "The app after the leading
// pictures"). requestAnimationFrame's callback runs before its frame reaches the screen, so "on the
// screen" is the browser's own entries: the paint entry, and an Element Timing entry per picture, both
// made when the frame is presented. Never later than WAIT_MS after this script runs: a slow picture must
// not hold the page's buttons, and a background tab paints only when it is shown.
const WAIT_MS = 2000;

function whenOnScreen(then: () => void) {
  const types = PerformanceObserver.supportedEntryTypes;
  // Every browser of the build's target makes the paint entry; only Chromium has Element Timing (elsewhere no
  // picture is awaited). Without either, WAIT_MS.
  let painted = false;
  const leads = types.includes('element') ? [...document.querySelectorAll<HTMLImageElement>('img[elementtiming="lead"]')] : [];
  const done = new Set<Element>();
  // A picture that failed (complete, but no size) never paints: it is not waited for.
  const check = () => painted && leads.every((img) => done.has(img) || (img.complete && !img.naturalWidth)) && finish();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'first-contentful-paint') painted = true;
      const el = (e as PerformanceEntry & { element?: Element | null }).element;
      if (el) done.add(el);
    }
    check();
  });
  const timer = setTimeout(() => finish(), WAIT_MS);
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  for (const type of ['paint', 'element']) if (types.includes(type)) observer.observe({ type, buffered: true });
}

whenOnScreen(() => void start());
