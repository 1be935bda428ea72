import express, { type Express, type Router } from 'express';
import { jsonBody } from './http/middleware/body';
import { errorHandler, notFoundHandler } from './http/middleware/error-handler';
import { rateLimitSettings, type RateLimitSettings } from './http/middleware/rate-limit';
import { requestId } from './http/middleware/request-id';
import { requestLog } from './http/middleware/request-log';
import { securityHeaders } from './http/middleware/security';
import { adminRoutes } from './api/admin/router';
import { authRoutes } from './api/auth/router';
import { contentRoutes } from './api/content/router';
import { groupBuyingRoutes } from './api/group-buying/router';
import { healthRoutes } from './api/health/router';
import { invoiceRoutes } from './api/invoices/router';
import { openApiRoutes } from './api/openapi/router';
import { memberRoutes } from './api/member/router';
import { orderRoutes } from './api/orders/router';
import { productsRoutes } from './api/products/router';
import { settingsRoutes } from './api/settings/router';
import { inquiriesAdminRoutes } from './api/inquiries/router';
import { organizerRoutes } from './api/organizer/router';
import { stockAlertsRoutes } from './api/stock-alerts/router';
import { closeRemindersRoutes } from './api/close-reminders/router';
import { stockRoutes } from './api/stock/router';
import { mountRoutes } from './http/route';

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
  api.use(securityHeaders());
  // Every route of contracts/routes.ts, each with its own body policy, access, limits, validation and
  // Cache-Control (http/route.ts).
  mountRoutes(api, [
    ...authRoutes,
    ...memberRoutes,
    ...productsRoutes,
    ...stockRoutes,
    ...stockAlertsRoutes,
    ...organizerRoutes,
    ...closeRemindersRoutes,
    ...groupBuyingRoutes,
    ...orderRoutes,
    ...settingsRoutes,
    ...healthRoutes,
    ...inquiriesAdminRoutes,
    ...adminRoutes,
    ...invoiceRoutes,
    ...contentRoutes,
    ...openApiRoutes,
  ]);
  // Anything else (an unknown path, the tests' extra routes) meets the same JSON body policy.
  api.use(jsonBody());
  options.extend?.(api);

  api.use(notFoundHandler);
  api.use(errorHandler);

  app.use('/api', api);
  // Anything outside /api (the Functions emulator calls the function at its own root) is still the API.
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
