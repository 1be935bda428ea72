// The Functions emulator's stand-in for `minInstances` (functions/src/index.ts). Deployed, `ssr` and `api`
// each keep a warm instance that serves 40 / 80 requests at once. The emulator instead starts a new worker
// process for each concurrent request and loads everything in it (its own runtime, the function, the
// renderer, the Firestore client and channel: about 2 s of CPU each), so 20 visitors right after start
// met 20 cold workers on the same cores, 28 s each (`npm run bench -- cold`, docs/storefront.md). Asking
// for a page and an API answer that many times at once, before the shop is announced, leaves that many
// workers loaded; the emulator reuses idle workers, so the first visitors meet warm ones.

export const WARM_PAGES = 20;
export const WARM_API = 10;
/** A page and an API answer that go through the whole path: the renderer and Firestore, the app and Firestore. */
const PAGE = '/';
const API = '/api/products/simple';
const STAGGER_MS = 150;

/** Loads `pages` ssr workers and `api` api workers of the stack at `base`; resolves with how long it took and how many answered. */
export async function warmWorkers(base, { pages = WARM_PAGES, api = WARM_API } = {}) {
  const t = performance.now();
  const hit = (p) =>
    fetch(`${base}${p}`, { signal: AbortSignal.timeout(120_000) }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
  // Staggered rather than all at once: each request still finds every worker busy (a cold one takes
  // seconds), so each starts one, but the loading is spread instead of 30 processes starting in the same
  // instant (which, on a loaded 2-core machine, ran past Hosting's 60 s proxy timeout).
  const paths = [...Array.from({ length: pages }, () => PAGE), ...Array.from({ length: api }, () => API)];
  const answers = await Promise.all(paths.map(async (p, i) => (await new Promise((r) => setTimeout(r, i * STAGGER_MS)), hit(p))));
  return { seconds: (performance.now() - t) / 1000, ok: answers.filter(Boolean).length, of: answers.length };
}
