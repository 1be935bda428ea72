import { organizerHandoverRowAnswer, organizerTokenParams, organizerViewSchema, pickupParams } from '../organizer';
import { K, MINUTE, PRIVATE, route, type RouteDecl } from './declare';

// The organiser's link and pickup desk, with no account (api/organizer/router.ts). Part of ROUTES (../routes.ts).

/** What the pickup desk's mark and its undo share: the token, the order, the row answered, the refusals, the limit. */
const PICKUP_DESK = {
  access: 'public',
  params: pickupParams,
  responses: { 200: { description: 'The order\'s handover row', schema: organizerHandoverRowAnswer } },
  errors: { 403: [K.permissionDenied], 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] },
  cache: PRIVATE,
  limits: [{ name: 'organizer-desk', windowMs: MINUTE, limit: 60 }],
} as const;

export const ORGANIZER_ROUTES = {
  organizerView: route({
    method: 'get',
    path: '/api/organizer/{token}',
    tag: 'Organiser',
    summary: "The organiser's read-only view of a campaign",
    description: 'With the signed link: tallies per book and pickup point and the handover list (phones masked). 404 for an unknown or forged token, 403 once revoked or 30 days after closing. Every call is logged.',
    access: 'public',
    params: organizerTokenParams,
    responses: { 200: { description: 'The view', schema: organizerViewSchema } },
    errors: { 403: [K.permissionDenied], 404: [K.notFound], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'organizer', windowMs: MINUTE, limit: 60 }],
  }),
  organizerCsv: route({
    method: 'get',
    path: '/api/organizer/{token}/orders.csv',
    tag: 'Organiser',
    summary: "The organiser's handover list as CSV",
    description: 'The same list as the view, UTF-8 with BOM.',
    access: 'public',
    params: organizerTokenParams,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
    errors: { 403: [K.permissionDenied], 404: [K.notFound], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'organizer', windowMs: MINUTE, limit: 60 }],
  }),
  organizerMarkPickup: route({
    method: 'put',
    path: '/api/organizer/{token}/pickups/{orderNo}',
    tag: 'Organiser',
    summary: 'Mark an order as picked up (pickup desk)',
    description:
      "Only with a pickup desk's token (403 for a read-only, revoked or expired link; 404 for a forged one). Only an active, paid order of the campaign collected at a pickup point: 409 `INVALID_TRANSITION` for an unpaid or posted order, 404 for any other. Sets only the order's `pickedUp` (when, and the link's holder); a second mark keeps the first. Logged on the link, done or refused.",
    ...PICKUP_DESK,
  }),
  organizerUndoPickup: route({
    method: 'delete',
    path: '/api/organizer/{token}/pickups/{orderNo}',
    tag: 'Organiser',
    summary: 'Undo a pickup mark (pickup desk)',
    description: 'The same token and order rules as the mark; clears `pickedUp` (nothing when it was not set). Logged on the link.',
    ...PICKUP_DESK,
  }),
} as const satisfies Record<string, RouteDecl>;
