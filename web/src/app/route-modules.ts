// Every page's code, loaded on demand. The prefetcher warms the likely next ones.
export const routeModules = {
  home: () => import('./routes/home'),
  bookList: () => import('./routes/book-list'),
  bookPage: () => import('./routes/book-page'),
  cart: () => import('./routes/cart'),
  cartSuccess: () => import('./routes/cart-success'),
  contact: () => import('./routes/contact'),
  faq: () => import('./routes/faq'),
  business: () => import('./routes/business'),
  files: () => import('./routes/files'),
  bookFiles: () => import('./routes/book-files'),
  orders: () => import('./routes/orders'),
  orderDetail: () => import('./routes/order-detail'),
  shoppingInfo: () => import('./routes/shopping-info'),
  logIn: () => import('./routes/log-in'),
  signUp: () => import('./routes/sign-up'),
  resetPassword: () => import('./routes/reset-password'),
  authAction: () => import('./routes/auth-action'),
  authActionSuccess: () => import('./routes/auth-action-success'),
  cancelSubscribe: () => import('./routes/cancel-subscribe'),
  stockAlertCancel: () => import('./routes/stock-alert-cancel'),
  organizer: () => import('./routes/organizer'),
  groupPlan: () => import('./routes/group-plan'),
  groupCart: () => import('./routes/group-cart'),
  groupSuccess: () => import('./routes/group-success'),
  cpaSouth: () => import('./routes/cpa-south'),
  onecircle: () => import('./routes/onecircle'),
  admin: () => import('./routes/admin'),
};

/** The routes a visitor most likely opens next from anywhere in the shop. */
export const LIKELY_NEXT: (keyof typeof routeModules)[] = ['bookList', 'bookPage', 'home', 'cart', 'orders'];
