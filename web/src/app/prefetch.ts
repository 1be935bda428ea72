import { PREFETCH_DELAY_MS } from '@/config/ui';
import { LIKELY_NEXT, routeModules } from './route-modules';

/** Warms the likely next pages 1 s after load, when the browser is idle. */
export function prefetchLikelyRoutes(): void {
  const run = () => {
    for (const key of LIKELY_NEXT) void routeModules[key]().catch(() => undefined);
  };
  const start = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
      else run();
    }, PREFETCH_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
