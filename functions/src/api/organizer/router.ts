import { Router } from 'express';
import { organizerTokenParams } from '../../contracts/organizer';
import { clientOf, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { organizerCsv, organizerView } from './service';
import { sendCsv } from '../../http/send-csv';

const s = { params: organizerTokenParams };

/** /api/organizer/{token}: the organiser's read-only view of a campaign (no account; the signed link). */
export function organizerRouter() {
  const r = Router();
  r.use(rateLimit({ windowMs: 60_000, limit: 60, name: 'organizer' }), (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store').set('Referrer-Policy', 'no-referrer');
    next();
  });
  r.get('/:token', validate(s), async (req, res) => {
    res.json(await organizerView(validated(req, s).params.token, clientOf(req)));
  });
  r.get('/:token/orders.csv', validate(s), async (req, res) => {
    sendCsv(res, await organizerCsv(validated(req, s).params.token, clientOf(req)));
  });
  return r;
}
