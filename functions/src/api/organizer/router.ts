import { Router } from 'express';
import { organizerTokenParams } from '../../contracts/organizer';
import { clientOf, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { organizerCsv, organizerView } from './service';

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
    const { filename, body } = await organizerCsv(validated(req, s).params.token, clientOf(req));
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .send(body);
  });
  return r;
}
