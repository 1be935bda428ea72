import { Router } from 'express';
import { stockAlertCancelSchema, stockAlertInputSchema } from '../../contracts/stock-alerts';
import { bodyEmail, rateLimit } from '../../http/middleware/rate-limit';
import { validate, validated } from '../../http/middleware/validate';
import { cancelStockAlert, createStockAlert } from './service';

const s = { create: { body: stockAlertInputSchema }, cancel: { body: stockAlertCancelSchema } };

/** /api/stockAlerts: 到貨通知, for anyone; limited per address and per email. */
export function stockAlertsRouter() {
  const r = Router();
  r.post(
    '/',
    rateLimit({ windowMs: 10 * 60_000, limit: 10, name: 'stock-alert-ip' }),
    rateLimit({ windowMs: 60 * 60_000, limit: 10, name: 'stock-alert-email', key: bodyEmail }),
    validate(s.create),
    async (req, res) => {
      const { productId, email } = validated(req, s.create).body;
      // 200 for a new and a known address alike: the answer does not tell who registered.
      res.json(await createStockAlert(productId, email));
    },
  );
  r.post('/cancel', validate(s.cancel), async (req, res) => {
    res.json(await cancelStockAlert(validated(req, s.cancel).body.token));
  });
  return r;
}
