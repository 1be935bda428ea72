// The only script a rendered page's HTML loads (functions/ssr/template.html, written by
// scripts/finish-web-build.mjs): a few hundred bytes that start the app once the page has painted.
// The HTML already shows the whole page, so its 120+ KiB of JS only hydrates: fetched and run after the
// first paint, it never delays the first or the largest paint, on a phone or in Lighthouse's simulation
// (which counts every script evaluated before the largest paint as on its path). The shell (app.html)
// keeps the ordinary module entry: there, nothing shows without JS.

// The boot script is one file with no imports: a second script fetched before the first paint would sit
// on the largest paint's path, one more round trip on a phone (Lighthouse's simulation counts every
// request that ended before the largest paint; docs/storefront.md). So the reload after a deploy is
// written out here, with the same key and guard as lib/chunk-reload.ts (config/ui.ts RELOAD_GUARD_MS),
// which the app uses; tests/api/storefront-html.test.ts checks that the built boot script imports nothing.
const RELOAD_KEY = 'chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;
function reloadOnceForChunkError() {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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
      await nextTask();
    }
    await import(/* @vite-ignore */ app);
  } catch {
    // A page cached from before a deploy names files that are gone: reload once for the new ones.
    reloadOnceForChunkError();
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
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea')) {
    if (el.value === el.defaultValue) continue;
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
// made when the frame is presented. Never later than LEAD_WAIT_MS after the first paint (a slow picture
// must not hold the page's buttons) nor FIRST_PAINT_WAIT_MS in all (a background tab paints when shown).
const FIRST_PAINT_WAIT_MS = 1000;
const LEAD_WAIT_MS = 1500;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const supports = (type: string) => typeof PerformanceObserver !== 'undefined' && !!PerformanceObserver.supportedEntryTypes?.includes(type);

/** Resolves once an entry of `type` (those before the call included) passes `seen`. */
function observed(type: string, seen: (e: PerformanceEntry) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(seen)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

/** Resolves when every picture has painted (an Element Timing entry) or failed (it never paints). */
function painted(pictures: HTMLImageElement[]): Promise<void> {
  return new Promise((resolve) => {
    const done = new Set<Element>(pictures.filter((img) => img.complete && !img.naturalWidth));
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = (e as PerformanceEntry & { element?: Element | null }).element;
        if (el) done.add(el);
      }
      check();
    });
    const check = () => {
      if (!pictures.every((img) => done.has(img))) return;
      observer.disconnect();
      resolve();
    };
    for (const img of pictures) img.addEventListener('error', () => (done.add(img), check()), { once: true });
    observer.observe({ type: 'element', buffered: true });
    check();
  });
}

async function whenOnScreen() {
  const firstPaint = supports('paint') ? observed('paint', (e) => e.name === 'first-contentful-paint') : frame().then(frame);
  await Promise.race([firstPaint, delay(FIRST_PAINT_WAIT_MS)]);
  const leads = [...document.querySelectorAll<HTMLImageElement>('img[elementtiming="lead"]')];
  if (leads.length && supports('element')) await Promise.race([painted(leads), delay(LEAD_WAIT_MS)]);
}

void whenOnScreen().then(start);
