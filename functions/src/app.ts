import express, { type Express, type Router } from 'express';
import { BANK_BODY_LIMIT, jsonBody } from './http/middleware/body';
import { deadline } from './http/middleware/deadline';
import { errorHandler, notFoundHandler } from './http/middleware/error-handler';
import { rateLimitSettings, type RateLimitSettings } from './http/middleware/rate-limit';
import { requestId } from './http/middleware/request-id';
import { requestLog } from './http/middleware/request-log';
import { securityHeaders } from './http/middleware/security';
import { adminRouter } from './api/admin/router';
import { authRouter } from './api/auth/router';
import { contentRouter, oneClickUnsubscribeRouter } from './api/content/router';
import { groupBuyingRouter } from './api/group-buying/router';
import { healthRouter } from './api/health/router';
import { openApiDocument } from './api/openapi/router';
import { memberRouter } from './api/member/router';
import { orderRouter } from './api/orders/router';
import { productsRouter } from './api/products/router';
import { settingsAdminRouter, settingsRouter } from './api/settings/router';
import { inquiriesAdminRouter } from './api/inquiries/router';
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
  /** Rate-limit settings over the environment's (tests give their own namespace or scale). */
  rateLimits?: Partial<RateLimitSettings>;
}

export function createApp(options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // Every limiter reads these (http/middleware/rate-limit.ts); req.ip agrees with the limiters'
  // client address: only the hops Google's infrastructure adds are trusted, never the left-most
  // X-Forwarded-For entry a caller can write (docs/limits.md).
  const limits = rateLimitSettings(options.rateLimits);
  app.locals.rateLimits = limits;
  app.set('trust proxy', limits.clientAddress.kind === 'forwarded' ? limits.clientAddress.trustedHops : false);
  app.use(requestId);

  const api = express.Router();
  api.use(requestLog);
  api.use(deadline());
  api.use(securityHeaders());
  // Mail clients' one-click unsubscribe posts a form, not JSON: before the body policy.
  api.use('/', oneClickUnsubscribeRouter());
  // The bank statement calls take a larger body (BANK_BODY_LIMIT); every other route 64 KiB.
  const bankBody = jsonBody(BANK_BODY_LIMIT);
  const body = jsonBody();
  api.use((req, res, next) => (/^\/admin\/bank\/(?:match|confirm)\/?$/.test(req.path) ? bankBody : body)(req, res, next));

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
  api.use('/health', healthRouter());
  api.use('/admin/inquiries', inquiriesAdminRouter());
  api.use('/admin/settings', settingsAdminRouter());
  api.use('/admin', adminRouter());
  api.use('/', contentRouter());
  api.get('/openapi.json', openApiDocument);
  options.extend?.(api);

  api.use(notFoundHandler);
  api.use(errorHandler);

  app.use('/api', api);
  // Anything outside /api (the Functions emulator calls the function at its own root) is still the API.
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
