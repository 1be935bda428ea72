import { PREFETCH_DELAY_MS } from '@/config/ui';
import { LIKELY_NEXT, routeModules } from './route-modules';

/** Warms the likely next pages 1 s after load, when the browser is idle. */
export function prefetchLikelyRoutes(): void {
  // One page per idle period: each import runs the chunk's code, and five at once made one long task
  // on a slow phone (docs/storefront.md).
  const queue = [...LIKELY_NEXT];
  const run = () => {
    const key = queue.shift();
    if (!key) return;
    void routeModules[key]().catch(() => undefined);
    next();
  };
  const next = () => {
    if (!queue.length) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 50);
  };
  const start = () => setTimeout(next, PREFETCH_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
