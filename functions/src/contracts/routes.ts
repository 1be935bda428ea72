import { AUTH_ROUTES } from './routes/auth';
import { MEMBER_ROUTES } from './routes/member';
import { PRODUCTS_ROUTES } from './routes/products';
import { STOCK_ROUTES } from './routes/stock';
import { GROUP_BUYING_ROUTES } from './routes/group-buying';
import { ORDERS_ROUTES } from './routes/orders';
import { SETTINGS_ROUTES } from './routes/settings';
import { CONTENT_ROUTES } from './routes/content';
import { INQUIRIES_ROUTES } from './routes/inquiries';
import { ADMIN_ROUTES } from './routes/admin';
import { INVOICES_ROUTES } from './routes/invoices';
import { ORGANIZER_ROUTES } from './routes/organizer';
import { STOCK_ALERTS_ROUTES } from './routes/stock-alerts';
import { CLOSE_REMINDERS_ROUTES } from './routes/close-reminders';
import { HEALTH_ROUTES } from './routes/health';
import { OPENAPI_ROUTES } from './routes/openapi';
import type { RouteDecl } from './routes/declare';

export type { Access, LimitDecl, Method, RouteDecl, SuccessDecl } from './routes/declare';

// Every route of the API, declared once: method, path, who may call, the request's schemas, the
// answers' schemas, Cache-Control, rate limits and the documented refusals. From this table
//   - the server mounts its routes (functions/src/http/route.ts applies access, limits, validation and
//     Cache-Control; each api/<resource>/router.ts binds the handlers; the declarations are split by resource in
//     ./routes/<resource>.ts, the same names as the routers),
//   - `npm run openapi` generates the OpenAPI document (functions/src/openapi/document.ts),
//   - the web's API client takes its types (web/src/lib/api-client.ts; type-only, so zod stays out of
//     the browser's first JS),
//   - the hostile corpus takes its routes (tests/hostile/corpus.test.ts),
// and functions/src/openapi/__tests__/routes.test.ts proves that what runs is what is declared here.
export const ROUTES = {
  ...AUTH_ROUTES,
  ...MEMBER_ROUTES,
  ...PRODUCTS_ROUTES,
  ...STOCK_ROUTES,
  ...GROUP_BUYING_ROUTES,
  ...ORDERS_ROUTES,
  ...SETTINGS_ROUTES,
  ...CONTENT_ROUTES,
  ...INQUIRIES_ROUTES,
  ...ADMIN_ROUTES,
  ...INVOICES_ROUTES,
  ...ORGANIZER_ROUTES,
  ...STOCK_ALERTS_ROUTES,
  ...CLOSE_REMINDERS_ROUTES,
  ...HEALTH_ROUTES,
  ...OPENAPI_ROUTES,
} as const satisfies Record<string, RouteDecl>;

/** A declaration with its operationId (the key in ROUTES). */
export type NamedRoute = RouteDecl & { operationId: string };

/** Every declared route, in declaration order, with its operationId. */
export const ROUTE_LIST: readonly NamedRoute[] = Object.entries(ROUTES).map(([operationId, decl]) => ({ operationId, ...(decl as RouteDecl) }));
