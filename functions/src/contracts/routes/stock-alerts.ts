import { stockAlertAnswerSchema, stockAlertCancelSchema, stockAlertInputSchema } from '../stock-alerts';
import { emailSignUp, K, signedCancel, type RouteDecl } from './declare';

// 到貨通知: a mail when a book is back (api/stock-alerts/router.ts). Part of ROUTES (../routes.ts).

export const STOCK_ALERTS_ROUTES = {
  createStockAlert: emailSignUp({ path: '/api/stockAlerts', tag: 'Catalogue', limitName: 'stock-alert', conflict: K.inStock, body: stockAlertInputSchema, answer: { description: 'The alert waits (registered now or before)', schema: stockAlertAnswerSchema } },
    '到貨通知 on a sold-out book', 'One alert per email and book; a new one is confirmed by a mail with its cancel link (bound to that registration, valid 180 days). A new and a known address both answer 200 alike. 409 `IN_STOCK` when the book has stock; rate-limited per address and per email.'),
  cancelStockAlert: signedCancel({ path: '/api/stockAlerts/cancel', tag: 'Catalogue', body: stockAlertCancelSchema, answer: { description: 'The alert', schema: stockAlertAnswerSchema } },
    'Cancel a 到貨通知', 'With the signed token of the alert mail\'s link.'),
} as const satisfies Record<string, RouteDecl>;
