import { organizerHandoverRowAnswer, organizerTokenParams, organizerViewSchema, pickupParams } from '../organizer';
import { CSV_FILE, K, MINUTE, ok, PRIVATE, routesOf, type RouteDecl } from './declare';

// The organiser's link and pickup desk, with no account (api/organizer/router.ts). Part of ROUTES (../routes.ts).

/** The organiser's routes: public (the signed token in the path decides), never in a shared cache. */
const organizerRoute = routesOf({ tag: 'Organiser', access: 'public', cache: PRIVATE });

/** What the read-only link's view and its CSV share: the token, the refusals, the limit. */
const READ_ONLY_LINK = {
  params: organizerTokenParams,
  errors: { 403: [K.permissionDenied], 404: [K.notFound], 429: [K.tooManyAttempts] },
  limits: [{ name: 'organizer', windowMs: MINUTE, limit: 60 }],
} as const;

/** What the pickup desk's mark and its undo share: the token, the order, the row answered, the refusals, the limit. */
const PICKUP_DESK = {
  params: pickupParams,
  responses: ok("The order's handover row", organizerHandoverRowAnswer),
  errors: { 403: [K.permissionDenied], 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] },
  limits: [{ name: 'organizer-desk', windowMs: MINUTE, limit: 60 }],
} as const;

export const ORGANIZER_ROUTES = {
  organizerView: organizerRoute('get', '/api/organizer/{token}', { ...READ_ONLY_LINK, responses: ok('The view', organizerViewSchema) },
    "The organiser's read-only view of a campaign", 'With the signed link: tallies per book and pickup point and the handover list (phones masked). 404 for an unknown or forged token, 403 once revoked or 30 days after closing. Every call is logged.'),
  organizerCsv: organizerRoute('get', '/api/organizer/{token}/orders.csv', { ...READ_ONLY_LINK, responses: CSV_FILE },
    "The organiser's handover list as CSV", 'The same list as the view, UTF-8 with BOM.'),
  organizerMarkPickup: organizerRoute('put', '/api/organizer/{token}/pickups/{orderNo}', PICKUP_DESK,
    'Mark an order as picked up (pickup desk)',
    "Only with a pickup desk's token (403 for a read-only, revoked or expired link; 404 for a forged one). Only an active, paid order of the campaign collected at a pickup point: 409 `INVALID_TRANSITION` for an unpaid or posted order, 404 for any other. Sets only the order's `pickedUp` (when, and the link's holder); a second mark keeps the first. Logged on the link, done or refused."),
  organizerUndoPickup: organizerRoute('delete', '/api/organizer/{token}/pickups/{orderNo}', PICKUP_DESK,
    'Undo a pickup mark (pickup desk)', 'The same token and order rules as the mark; clears `pickedUp` (nothing when it was not set). Logged on the link.'),
} as const satisfies Record<string, RouteDecl>;
