import { ROUTES } from '../../contracts/routes';
import { handle, sent } from '../../http/route';
import { sendCsv } from '../../http/send-csv';
import { ownerActor } from '../orders/order-status';
import { correctInvoice, invoiceRows, invoicesCsv, invoicesXlsx, markInvoiced, XLSX_TYPE } from './service';

/** The owner's invoices under /api/admin (access `owner`, contracts/routes.ts "Invoices"). */
export const invoiceRoutes = [
  handle(ROUTES.adminInvoices, ({ query }) => invoiceRows(query)),
  handle(ROUTES.adminInvoicesCsv, async ({ query, res }) => {
    sendCsv(res, await invoicesCsv(query));
    return sent;
  }),
  handle(ROUTES.adminInvoicesXlsx, async ({ query, res }) => {
    const { filename, body } = await invoicesXlsx(query);
    res
      .status(200)
      .set('Content-Type', XLSX_TYPE)
      .set('Content-Disposition', `attachment; filename="${filename}"`)
      .send(body);
    return sent;
  }),
  handle(ROUTES.adminMarkInvoice, ({ params, body, user }) => markInvoiced(params.orderId, body.number, ownerActor(user))),
  handle(ROUTES.adminCorrectInvoice, ({ params, body, user }) => correctInvoice(params.orderId, body, ownerActor(user))),
];
