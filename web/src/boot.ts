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

// requestAnimationFrame runs just before the next paint; the timeout, just after it.
requestAnimationFrame(() => setTimeout(() => void start(), 0));
