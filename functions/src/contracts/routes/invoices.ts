import { adminIdParams } from '../admin';
import { correctInvoiceInputSchema, invoicePeriodQuerySchema, invoiceRowsSchema, markInvoiceInputSchema } from '../invoices';
import { orderSchema } from '../orders';
import { CSV_FILE, K, ok, ownerRoute, XLSX_FILE, type RouteDecl } from './declare';

// Invoices (issue 36): the paid orders' e-invoices to issue, their export and the issued numbers (api/invoices/router.ts). Part of ROUTES (../routes.ts).

export const INVOICES_ROUTES = {
  adminInvoices: ownerRoute('get', '/api/admin/invoices', { query: invoicePeriodQuerySchema, responses: ok('The rows', invoiceRowsSchema) },
    'The invoices to issue for a period', 'Paid orders (preparing, shipped) whose payment falls in the Taiwan days `from`..`to`, one row per order, in payment order: the buyer\'s e-invoice choice, the amounts split at 5 % VAT (prices include it) and the issued number, if marked.'),
  adminInvoicesCsv: ownerRoute('get', '/api/admin/invoices.csv', { query: invoicePeriodQuerySchema, responses: CSV_FILE },
    'The invoices to issue for a period, as CSV', 'The rows of `GET /api/admin/invoices` as UTF-8 CSV with a byte-order mark (opens in Excel); cells a spreadsheet would read as a formula are defused.'),
  adminInvoicesXlsx: ownerRoute('get', '/api/admin/invoices.xlsx', { query: invoicePeriodQuerySchema, responses: XLSX_FILE },
    'The invoices to issue for a period, as an Excel workbook', 'The rows of `GET /api/admin/invoices` as one worksheet, amounts as numbers.'),
  adminMarkInvoice: ownerRoute('put', '/api/admin/orders/{orderId}/invoice', { params: adminIdParams.order, body: markInvoiceInputSchema, responses: ok('The order', orderSchema), errors: { 404: [K.notFound], 409: [K.invalidTransition, K.alreadyExists] } },
    "Mark a paid order's invoice as issued", 'Records the invoice number (2 capital letters and 8 digits) the shop issued, shown on the customer\'s order page; a second mark replaces it. Only a paid order (preparing, shipped): others answer 409 `INVALID_TRANSITION`. A number already recorded on another order answers 409 `ALREADY_EXISTS`.'),
  adminCorrectInvoice: ownerRoute('put', '/api/admin/orders/{orderId}/invoice/correction', { params: adminIdParams.order, body: correctInvoiceInputSchema, responses: ok('The order', orderSchema), errors: { 404: [K.notFound], 409: [K.invalidTransition] } },
    "Record the 作廢 or 折讓 of a refunded order's invoice", "Records how the issued invoice of a refunded order was undone on the invoice platform: `void` (作廢; `number` is the invoice's own, filled in when omitted) or `allowance` (折讓, with the 折讓單's number), on the Taiwan day `date`; a second record replaces it. Shown in the invoice export and on the customer's order page. An order not refunded, or without an issued invoice, answers 409 `INVALID_TRANSITION`."),
} as const satisfies Record<string, RouteDecl>;
