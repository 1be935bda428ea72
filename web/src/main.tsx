import './lib/zod-jitless';
import type { PostedForm } from '@contracts/storefront';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { App } from './app/app';
import { env } from '@/config/env';
import { createQueryClient } from '@/lib/data/queries';
import { prefetchOnIntent } from './app/prefetch';
import { createRouter, createRoutes, preloadErrorScreen } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { reportCaughtError } from './app/route-errors';
import { installChunkReload } from './lib/chunk-reload';
import { holdDeferredParts, wakeDeferredParts } from './lib/deferred-hydration';
import { logout, setNavigator } from './lib/logout';
import './styles/global.css';

interface SsrData {
  router: HydrationState;
  queries: DehydratedState;
  /** A sign-up posted without JavaScript and refused (web/src/lib/posted-form.ts). */
  posted?: PostedForm;
}

/** The page's own code, loaded before hydrating so that the first render matches the server's HTML. */
async function loadMatchedModules(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = (await route.lazy()) as Partial<RouteObject>;
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

async function start() {
  installChunkReload();
  const queryClient = createQueryClient();
  const ssrScript = document.getElementById('ssr-data');
  const ssr = ssrScript?.textContent ? (JSON.parse(ssrScript.textContent) as SsrData) : null;
  if (ssr) hydrate(queryClient, ssr.queries);
  const routes = createRoutes(queryClient);
  if (ssr) await loadMatchedModules(routes);
  // A not-found or error page from the server is drawn again without data (functions/src/ssr/handler.ts):
  // its screen's code first, so the page does not go blank while it loads (app/router.tsx).
  else if (document.querySelector('#root .error-screen')) await preloadErrorScreen();
  const router = createRouter(routes, ssr?.router);
  setNavigator((to) => void router.navigate(to));
  setUnauthorizedHandler(logout);
  const root = document.getElementById('root')!;
  const app = <App router={router} queryClient={queryClient} posted={ssr?.posted ?? null} />;
  // The first HTML of the public pages comes from the `ssr` function; the others get the bare shell.
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of one long
  // task over the whole page (the page is already painted and readable): a tap during hydration is
  // handled at once, and a phone's Total Blocking Time drops (docs/storefront.md, measured).
  if (ssr) {
    // The parts hydrated when needed (the footer's newsletter form, lib/deferred-hydration.ts) wait, but not
    // past the router's first change: React could render that only by hydrating them first.
    holdDeferredParts();
    const stop = router.subscribe(() => {
      stop();
      wakeDeferredParts();
    });
    startTransition(() => void hydrateRoot(root, app, { onCaughtError: reportCaughtError }));
  } else createRoot(root, { onCaughtError: reportCaughtError }).render(app);
  prefetchOnIntent(routes);
  // Tag Manager's loader only when the build names a container (lib/tag-manager.ts): most builds (every
  // local and test build) have none, and its code was 0.2 KiB brotli of every page's entry.
  if (env.gtmId) window.addEventListener('load', () => void import('./lib/tag-manager').then((m) => m.loadTagManager()), { once: true });
}

void start();
