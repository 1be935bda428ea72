// The only script a rendered page's HTML loads (functions/ssr/template.html, written by
// scripts/finish-web-build.mjs): a few hundred bytes that start the app once the page has painted.
// The HTML already shows the whole page, so its 120+ KiB of JS only hydrates: fetched and run after the
// first paint, it never delays the first or the largest paint, on a phone or in Lighthouse's simulation
// (which counts every script evaluated before the largest paint as on its path). The shell (app.html)
// keeps the ordinary module entry: there, nothing shows without JS.
import { reloadOnceForChunkError } from './lib/chunk-reload';

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

// requestAnimationFrame runs just before the next paint; the timeout, just after it.
requestAnimationFrame(() => setTimeout(() => void start(), 0));
