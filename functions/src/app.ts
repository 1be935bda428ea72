import express, { type Express, type Router } from 'express';
import { jsonBody } from './http/middleware/body';
import { errorHandler, notFoundHandler } from './http/middleware/error-handler';
import { requestLog } from './http/middleware/request-log';
import { securityHeaders } from './http/middleware/security';
import { adminRouter } from './api/admin/router';
import { authRouter } from './api/auth/router';
import { contentRouter } from './api/content/router';
import { groupBuyingRouter } from './api/group-buying/router';
import { memberRouter } from './api/member/router';
import { orderRouter } from './api/orders/router';
import { productsRouter } from './api/products/router';
import { settingsRouter } from './api/settings/router';
import { organizerRouter } from './api/organizer/router';
import { stockAlertsRouter } from './api/stock-alerts/router';
import { stockRouter } from './api/stock/router';

/**
 * Builds the Express app without listening. The same app runs in the Cloud Function (`api`),
 * in the plain Node server (`server.ts`, for benchmarks and debugging) and in the tests.
 */
export interface AppOptions {
  /** Extra routes mounted before the 404 handler (tests use it to prove the error contract). */
  extend?: (api: Router) => void;
}

export function createApp(options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // Behind Firebase Hosting and Google's front end; the rate limiter keys on the client address.
  app.set('trust proxy', true);

  const api = express.Router();
  api.use(requestLog);
  api.use(securityHeaders());
  api.use(jsonBody());

  api.use('/auth', authRouter());
  api.use('/member', memberRouter());
  api.use('/products', productsRouter());
  api.use('/stock', stockRouter());
  api.use('/stockAlerts', stockAlertsRouter());
  api.use('/organizer', organizerRouter());
  api.use('/groupBuying', groupBuyingRouter().plans);
  api.use('/groupOrder', groupBuyingRouter().orders);
  api.use('/order', orderRouter());
  api.use('/settings', settingsRouter());
  api.use('/admin', adminRouter());
  api.use('/', contentRouter());
  options.extend?.(api);

  api.use(notFoundHandler);
  api.use(errorHandler);

  app.use('/api', api);
  // Anything outside /api (the Functions emulator calls the function at its own root) is still the API.
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
