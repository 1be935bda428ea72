import type { Request, Response } from 'express';
import { closeRemindersRoutes } from '../api/close-reminders/router';
import { contentRoutes } from '../api/content/router';
import { stockAlertsRoutes } from '../api/stock-alerts/router';
import { ROUTES, type RouteDecl } from '../contracts/routes';
import { refusalText } from '../contracts/errors';
import type { PostedForm, PostedFormName } from '../contracts/storefront';
import { errorBody, statusOf } from '../http/errors';
import { toFailure } from '../http/middleware/error-handler';
import { runRoute } from '../http/route';
import { forbidden, payloadTooLarge } from '../lib/failure';
import { logger } from '../lib/logger';

// The storefront's sign-ups sent without JavaScript (docs/storefront.md, "Where JavaScript is needed"):
// 到貨通知我, 截止前提醒我 and the footer's 訂閱 post their page (application/x-www-form-urlencoded) with
// the fields of their API route's body and a hidden `form`. Each is served by its API route's own
// limits, schema and handler (http/route.ts runRoute): one policy, whichever door the shopper used.

const FORMS: Record<PostedFormName, RouteDecl> = {
  stockAlert: ROUTES.createStockAlert,
  closeReminder: ROUTES.createCloseReminder,
  newsletter: ROUTES.subscribeNewsletter,
};
const BOUND = [...stockAlertsRoutes, ...closeRemindersRoutes, ...contentRoutes];

/** An email and an id or two: anything longer is no form of this shop's. */
const FORM_LIMIT = 4096;

export type FormOutcome =
  /** Not one of these forms (the sign-in, sign-up, lookup forms: they need JavaScript). */
  | { kind: 'other' }
  /** Signed up: where the shopper is sent (Post/Redirect/Get), the page saying so. */
  | { kind: 'done'; location: string }
  /** Refused: the page again with the refusal beside the field, answered with the API's status. */
  | { kind: 'refused'; status: number; posted: PostedForm };

const isForm = (name: string | undefined): name is PostedFormName => !!name && Object.hasOwn(FORMS, name);

/**
 * Serves a form posted to a storefront page. The platform has parsed the body already and kept its
 * bytes (req.rawBody); they are read here as the form's fields, each once (a repeated name: the last).
 * @public loaded lazily by functions/src/ssr/handler.ts (require), which knip cannot follow.
 */
export async function submitForm(req: Request, res: Response): Promise<FormOutcome> {
  if (!req.is('application/x-www-form-urlencoded')) return { kind: 'other' };
  const raw = (req as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
  const { form, ...fields } = Object.fromEntries(new URLSearchParams(raw.subarray(0, FORM_LIMIT).toString('utf8')));
  if (!isForm(form)) return { kind: 'other' };
  const decl = FORMS[form];
  try {
    if (raw.length > FORM_LIMIT) throw payloadTooLarge(FORM_LIMIT);
    // No session rides on these forms, yet another site's page must not make its visitors' browsers
    // sign addresses up from their own networks (each one a fresh per-address limit): the API is out of
    // such a page's reach (JSON only, no CORS), and so is this door (docs/storefront.md).
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') throw forbidden('A form of this shop is sent from its own pages');
    req.body = fields;
    await runRoute(BOUND.find((b) => b.decl === decl)!, req, res);
    const back = new URL(req.originalUrl, 'http://page');
    back.searchParams.set('signedUp', form);
    return { kind: 'done', location: `${back.pathname}${back.search}` };
  } catch (err) {
    const failure = toFailure(err);
    const status = statusOf(failure);
    if (status >= 500) logger.error('storefront form failed', { form, error: err instanceof Error ? err.message : String(err) });
    const error = errorBody(failure);
    return { kind: 'refused', status, posted: { form, email: (fields.email ?? '').slice(0, 254), error, text: refusalText(error) } };
  }
}
