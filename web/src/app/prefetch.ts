import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads a page's code when the visitor shows the intent to open it: a link hovered, focused or touched,
 * some 100–300 ms before the click. Nothing is loaded at idle any more: the idle prefetch of five likely
 * pages pulled the cart, the orders, react-hook-form and zod into every first visit and ran them inside
 * the window Lighthouse measures (docs/storefront.md).
 */
export function prefetchOnIntent(routes: RouteObject[]): void {
  const warmed = new Set<string>();
  const warm = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || warmed.has(link.pathname)) return;
    warmed.add(link.pathname);
    // A route whose page is loaded already has no `lazy` (main.tsx, React Router); the others import it
    // once, and the router's own call then finds the module ready.
    for (const { route } of matchRoutes(routes, link.pathname) ?? []) {
      if (typeof route.lazy === 'function') void (route.lazy as () => Promise<unknown>)().catch(() => undefined);
    }
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, warm, { capture: true, passive: true });
}
