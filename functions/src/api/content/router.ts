import { ROUTES } from '../../contracts/routes';
import { publicSettings } from '../settings/public-settings';
import { clientOf } from '../../http/middleware/rate-limit';
import { handle } from '../../http/route';
import { homeContent } from './open-campaigns';
import { submitInquiry, subscribeNewsletter, unsubscribeNewsletter } from './service';

/**
 * The public pages' reads, inquiries and newsletter subscriptions. The submissions are limited per
 * client address after validation (declared in contracts/routes.ts).
 */
export const contentRoutes = [
  handle(ROUTES.getContentSettings, () => publicSettings()),
  handle(ROUTES.getHomeContent, () => homeContent()),
  handle(ROUTES.createInquiry, ({ body, req }) => submitInquiry(body, { ip: clientOf(req), userAgent: req.get('user-agent') ?? null })),
  handle(ROUTES.subscribeNewsletter, ({ body }) => subscribeNewsletter(body.email)),
  handle(ROUTES.unsubscribeNewsletter, ({ body }) => unsubscribeNewsletter(body.token)),
  // The newsletter's List-Unsubscribe address (functions/src/api/content/mail.ts): a mail client's own
  // unsubscribe button POSTs here with the form body `List-Unsubscribe=One-Click` (RFC 8058). The route
  // never reads that body (`ignoresBody`), so the JSON-only body policy does not refuse it with 415;
  // the signed token in the query is the whole request.
  handle(ROUTES.unsubscribeNewsletterOneClick, ({ query }) => unsubscribeNewsletter(query.token)),
];
