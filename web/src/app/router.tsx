import { createBrowserRouter, type LoaderFunction, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import {
  redirectIfLoggedIn,
  requireAuthActionMode,
  requireLogin,
  requireNonEmptyQuery,
  requireQuery,
  userIndex,
} from './guards';
import { BlueLayerLayout } from './layouts/blue-layer-layout';
import { DefaultLayout } from './layouts/default-layout';
import { GroupBuyingLayout } from './layouts/group-buying-layout';
import { routeModules as m } from './route-modules';
import { PageNotFound } from './routes/page-not-found';

/** Loaders run before the lazy module, so guards never wait for a page's code. */
const page = (load: () => Promise<unknown>, loader?: LoaderFunction): Pick<NonIndexRouteObject, 'lazy' | 'loader'> => ({
  lazy: load as NonIndexRouteObject['lazy'],
  ...(loader ? { loader } : {}),
});

/**
 * What the root shows while the first route's code loads: nothing, as before, but declared, so that
 * React Router does not warn about a missing HydrateFallback on every page load.
 */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    HydrateFallback: InitialLoad,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          { index: true, ...page(m.home) },
          { path: 'bookstore', ...page(m.bookList) },
          { path: 'bookstore/:productId', ...page(m.bookPage) },
          { path: 'cart', ...page(m.cart, requireLogin) },
          { path: 'cart/success/:orderId', ...page(m.cartSuccess, requireLogin) },
          { path: 'contact', ...page(m.contact) },
          { path: 'faq', ...page(m.faq) },
          { path: 'business', ...page(m.business) },
          { path: 'file', ...page(m.files) },
          { path: 'file/:book', ...page(m.bookFiles) },
          { path: 'order', ...page(m.orders) },
          { path: 'order/:orderId', ...page(m.orderDetail, requireLogin) },
          { path: 'shoppingInfo', ...page(m.shoppingInfo) },
          { path: 'user', loader: userIndex },
          { path: 'user/logIn', ...page(m.logIn, redirectIfLoggedIn) },
          { path: 'user/signUp', ...page(m.signUp, redirectIfLoggedIn) },
          { path: 'user/resetPassword', ...page(m.resetPassword, redirectIfLoggedIn) },
          { path: 'user/authAction', ...page(m.authAction, requireNonEmptyQuery) },
          { path: 'user/authAction/:modeSuccess', ...page(m.authActionSuccess, requireAuthActionMode) },
          { path: 'admin/*', ...page(m.admin, requireLogin) },
          { path: 'organizer', ...page(m.organizer) },
        ],
      },
      {
        element: <BlueLayerLayout />,
        children: [
          { path: 'user/cancelSubscribe', ...page(m.cancelSubscribe) },
          { path: 'stockAlert/cancel', ...page(m.stockAlertCancel) },
        ],
      },
      {
        element: <GroupBuyingLayout />,
        children: [
          { path: 'ezbuy/cart', ...page(m.groupCart, requireQuery('planId')) },
          { path: 'ezbuy/success', ...page(m.groupSuccess, requireQuery('planId', 'orderId')) },
          { path: 'ezbuy/cpaSouth', ...page(m.cpaSouth) },
          { path: 'ezbuy/onecircle', ...page(m.onecircle) },
          { path: 'ezbuy/:planId', ...page(m.groupPlan) },
        ],
      },
      // The catch-all: no layout, the not-found error.
      { path: '*', element: <PageNotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
