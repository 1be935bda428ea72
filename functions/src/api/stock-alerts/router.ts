import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import { cancelStockAlert, createStockAlert } from './service';

/** /api/stockAlerts: 到貨通知, for anyone; limited per address and per email. */
export const stockAlertsRoutes = [
  // 200 for a new and a known address alike: the answer does not tell who registered.
  handle(ROUTES.createStockAlert, ({ body }) => createStockAlert(body.productId, body.email)),
  handle(ROUTES.cancelStockAlert, ({ body }) => cancelStockAlert(body.token)),
];
