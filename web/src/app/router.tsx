import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type HydrationState, type LoaderFunction, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { q } from '@/lib/data/queries';
import {
  missingRecordError,
  notFoundError,
  redirectIfLoggedIn,
  requireAuthActionMode,
  requireLogin,
  requireNonEmptyQuery,
  requireQuery,
  userIndex,
} from './guards';
import type { headFor, HeadHandle } from './head';
import { BlueLayerLayout } from './layouts/blue-layer-layout';
import { DefaultLayout } from './layouts/default-layout';
import { GroupBuyingLayout } from './layouts/group-buying-layout';
import { routeModules, type routeModuleFiles } from './route-modules';
import { ScrollFrame } from './scroll-frame';

/**
 * What only the `ssr` function reads from the routes (web/src/entry-server.tsx): each page's head tags
 * and its source file. The browser never needs them (the first HTML carries the head, and the boot
 * script preloads the page's files), so they stay out of its first JS (docs/storefront.md).
 */
export interface ServerParts {
  head: ReturnType<typeof headFor>;
  files: typeof routeModuleFiles;
}

/** The error screen: its code and the error catalogue's words load only when a page fails. */
const loadErrorScreen = () => import('./error-screen');
const LazyErrorScreen = lazy(() => loadErrorScreen().then((m) => ({ default: m.ErrorScreen })));
let errorScreen: Awaited<ReturnType<typeof loadErrorScreen>> | undefined;

/** Loads the error screen before an error page rendered by the server is drawn again (main.tsx). */
export async function preloadErrorScreen(): Promise<void> {
  errorScreen = await loadErrorScreen();
}

function RouteError() {
  if (errorScreen) return <errorScreen.ErrorScreen />;
  return (
    <Suspense fallback={null}>
      <LazyErrorScreen />
    </Suspense>
  );
}

/**
 * The pages' loaders: they fill the query cache before a page renders, in the browser on navigation and
 * in the `ssr` function for the first HTML (the same code). Data a page cannot do without (the book, the
 * plan) is awaited and a missing one is the 404 screen; the rest is prefetched and the page shows its
 * own notice if it failed.
 */
function loadersFor(qc: QueryClient) {
  const all = (...p: Promise<unknown>[]) => Promise.all(p).then(() => null);
  const home = () => all(qc.prefetchQuery(q.productSummaries()), qc.prefetchQuery(q.home()));
  const bookList = () => all(qc.prefetchQuery(q.productSummaries()), qc.prefetchQuery(q.stockMap()));
  const book = async ({ params }: LoaderFunctionArgs) => {
    const id = params.productId ?? '';
    const [product] = await Promise.all([qc.ensureQueryData(q.product(id)), qc.prefetchQuery(q.stock(id)), qc.prefetchQuery(q.productPlans(id))]);
    // The API's own answer for a missing record: the error screen's 查無資料.
    if (!product) missingRecordError();
    return null;
  };
  const plan = (fixed?: string) => async ({ params }: LoaderFunctionArgs) => {
    const id = fixed ?? params.planId ?? '';
    if (!(await qc.ensureQueryData(q.plan(id)))) missingRecordError();
    return null;
  };
  const settings = () => all(qc.prefetchQuery(q.settings()));
  const cart = (args: LoaderFunctionArgs) => {
    requireLogin(args);
    return all(qc.prefetchQuery(q.productSummaries()), qc.prefetchQuery(q.stockMap()));
  };
  const files = () => qc.ensureQueryData(q.filesManifest());
  const bookFiles = async ({ params }: LoaderFunctionArgs) => {
    const book = (await qc.ensureQueryData(q.filesManifest())).books.find((b) => b.book === params.book);
    if (!book) notFoundError(`/file/${params.book ?? ''}`);
    return book;
  };
  return { all, home, bookList, book, plan, settings, cart, files, bookFiles };
}

/** The routes, each page with its loader (loadersFor) and its head tags (head.ts). */
export function createRoutes(qc: QueryClient, server?: ServerParts): RouteObject[] {
  const { all, home, bookList, book, plan, settings, cart, files, bookFiles } = loadersFor(qc);
  const head = server?.head;
  /** Loaders run before the lazy module, so guards and data never wait for a page's code. */
  const page = (key: keyof typeof routeModules, loader?: LoaderFunction, headOf?: HeadHandle): Pick<NonIndexRouteObject, 'lazy' | 'loader' | 'handle'> => ({
    lazy: routeModules[key] as NonIndexRouteObject['lazy'],
    ...(loader ? { loader } : {}),
    ...(server ? { handle: { module: server.files[key], ...(headOf ? { head: headOf } : {}) } } : {}),
  });

  return [
    {
      element: <ScrollFrame />,
      // The shop's settings for every page: the footer and the pages state the shipping from them.
      loader: () => all(qc.prefetchQuery(q.settings())),
      errorElement: <RouteError />,
      // The first HTML already holds the page; this shows only if a lazy page is still on its way.
      hydrateFallbackElement: <></>,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            { index: true, ...page('home', home, head?.home) },
            { path: 'bookstore', ...page('bookList', bookList, head?.bookList) },
            { path: 'bookstore/:productId', ...page('bookPage', book, head?.book) },
            { path: 'cart', ...page('cart', cart) },
            { path: 'cart/success/:orderId', ...page('cartSuccess', requireLogin) },
            { path: 'contact', ...page('contact', settings, head?.static('聯絡我們', '/contact')) },
            { path: 'faq', ...page('faq', undefined, head?.static('常見問題', '/faq')) },
            { path: 'business', ...page('business', undefined, head?.static('團購與大量訂購', '/business')) },
            { path: 'file', ...page('files', files, head?.static('檔案下載', '/file')) },
            { path: 'file/:book', ...page('bookFiles', bookFiles, head?.bookFiles) },
            { path: 'order', ...page('orders', undefined, head?.private('訂單查詢', '/order')) },
            { path: 'order/:orderId', ...page('orderDetail', requireLogin) },
            { path: 'shoppingInfo', ...page('shoppingInfo', settings, head?.static('購物須知', '/shoppingInfo')) },
            { path: 'user', loader: userIndex },
            { path: 'user/logIn', ...page('logIn', redirectIfLoggedIn, head?.private('會員登入', '/user/logIn')) },
            { path: 'user/signUp', ...page('signUp', redirectIfLoggedIn, head?.private('會員註冊', '/user/signUp')) },
            { path: 'user/resetPassword', ...page('resetPassword', redirectIfLoggedIn) },
            { path: 'user/authAction', ...page('authAction', requireNonEmptyQuery) },
            { path: 'user/authAction/:modeSuccess', ...page('authActionSuccess', requireAuthActionMode) },
            { path: 'user/line/callback', ...page('lineCallback', undefined, head?.private('LINE 登入', '/user/line/callback')) },
            { path: 'user/profile', ...page('profile', requireLogin, head?.private('會員資料', '/user/profile')) },
            { path: 'admin/*', ...page('admin', requireLogin) },
            { path: 'organizer', ...page('organizer') },
            { path: 'organizer/desk', ...page('organizerDesk') },
          ],
        },
        {
          element: <BlueLayerLayout />,
          children: [
            { path: 'user/cancelSubscribe', ...page('cancelSubscribe') },
            { path: 'stockAlert/cancel', ...page('stockAlertCancel') },
            { path: 'closeReminder/cancel', ...page('closeReminderCancel') },
          ],
        },
        {
          element: <GroupBuyingLayout />,
          children: [
            { path: 'ezbuy/cart', ...page('groupCart', requireQuery('planId')) },
            { path: 'ezbuy/success', ...page('groupSuccess', requireQuery('planId', 'orderId')) },
            { path: 'ezbuy/cpaSouth', ...page('cpaSouth', plan('cpaSouth'), head?.plan('cpaSouth')) },
            { path: 'ezbuy/onecircle', ...page('onecircle', plan('onecircle'), head?.plan('onecircle')) },
            { path: 'ezbuy/:planId', ...page('groupPlan', plan(), head?.plan()) },
          ],
        },
        // The catch-all: no layout, the not-found error.
        { path: '*', ...page('pageNotFound') },
      ],
    },
  ];
}

export function createRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
