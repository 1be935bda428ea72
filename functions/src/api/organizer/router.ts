import { ROUTES } from '../../contracts/routes';
import { clientOf } from '../../http/middleware/rate-limit';
import { handle, sent } from '../../http/route';
import { sendCsv } from '../../http/send-export';
import { organizerCsv, organizerView, setPickup } from './service';

/** /api/organizer/{token}: the organiser's read-only view of a campaign (no account; the signed link, never sent on as a referrer). */
export const organizerRoutes = [
  handle(ROUTES.organizerView, async ({ params, req, res }) => {
    res.set('Referrer-Policy', 'no-referrer');
    return organizerView(params.token, clientOf(req));
  }),
  handle(ROUTES.organizerCsv, async ({ params, req, res }) => {
    sendCsv(res.set('Referrer-Policy', 'no-referrer'), await organizerCsv(params.token, clientOf(req)));
    return sent;
  }),
  handle(ROUTES.organizerMarkPickup, async ({ params, req, res }) => {
    res.set('Referrer-Policy', 'no-referrer');
    return setPickup(params.token, params.orderNo, true, clientOf(req));
  }),
  handle(ROUTES.organizerUndoPickup, async ({ params, req, res }) => {
    res.set('Referrer-Policy', 'no-referrer');
    return setPickup(params.token, params.orderNo, false, clientOf(req));
  }),
];
