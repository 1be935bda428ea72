import { ROUTES } from '../../contracts/routes';
import { handle, sent } from '../../http/route';
import { sendCsv, sendXlsx } from '../../http/send-export';
import { ownerActor } from '../orders/order-status';
import { correctInvoice, invoiceRows, invoicesCsv, invoicesXlsx, markInvoiced } from './service';

/** The owner's invoices under /api/admin (access `owner`, contracts/routes.ts "Invoices"). */
export const invoiceRoutes = [
  handle(ROUTES.adminInvoices, ({ query }) => invoiceRows(query)),
  handle(ROUTES.adminInvoicesCsv, async ({ query, res }) => {
    sendCsv(res, await invoicesCsv(query));
    return sent;
  }),
  handle(ROUTES.adminInvoicesXlsx, async ({ query, res }) => {
    sendXlsx(res, await invoicesXlsx(query));
    return sent;
  }),
  handle(ROUTES.adminMarkInvoice, ({ params, body, user }) => markInvoiced(params.orderId, body.number, ownerActor(user))),
  handle(ROUTES.adminCorrectInvoice, ({ params, body, user }) => correctInvoice(params.orderId, body, ownerActor(user))),
];
