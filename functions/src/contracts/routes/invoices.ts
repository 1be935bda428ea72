import { adminIdParams } from '../admin';
import { correctInvoiceInputSchema, invoicePeriodQuerySchema, invoiceRowsSchema, markInvoiceInputSchema } from '../invoices';
import { orderSchema } from '../orders';
import { K, OWNER, route, type RouteDecl } from './declare';

// Invoices (issue 36): the paid orders' e-invoices to issue, their export and the issued numbers (api/invoices/router.ts). Part of ROUTES (../routes.ts).

export const INVOICES_ROUTES = {
  adminInvoices: route({
    method: 'get',
    path: '/api/admin/invoices',
    tag: 'Owner',
    summary: 'The invoices to issue for a period',
    description: 'Paid orders (preparing, shipped) whose payment falls in the Taiwan days `from`..`to`, one row per order, in payment order: the buyer\'s e-invoice choice, the amounts split at 5 % VAT (prices include it) and the issued number, if marked.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The rows', schema: invoiceRowsSchema } },
  }),
  adminInvoicesCsv: route({
    method: 'get',
    path: '/api/admin/invoices.csv',
    tag: 'Owner',
    summary: 'The invoices to issue for a period, as CSV',
    description: 'The rows of `GET /api/admin/invoices` as UTF-8 CSV with a byte-order mark (opens in Excel); cells a spreadsheet would read as a formula are defused.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
  }),
  adminInvoicesXlsx: route({
    method: 'get',
    path: '/api/admin/invoices.xlsx',
    tag: 'Owner',
    summary: 'The invoices to issue for a period, as an Excel workbook',
    description: 'The rows of `GET /api/admin/invoices` as one worksheet, amounts as numbers.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The workbook', text: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'An .xlsx workbook, as an attachment' } } },
  }),
  adminMarkInvoice: route({
    method: 'put',
    path: '/api/admin/orders/{orderId}/invoice',
    tag: 'Owner',
    summary: "Mark a paid order's invoice as issued",
    description: 'Records the invoice number (2 capital letters and 8 digits) the shop issued, shown on the customer\'s order page; a second mark replaces it. Only a paid order (preparing, shipped): others answer 409 `INVALID_TRANSITION`. A number already recorded on another order answers 409 `ALREADY_EXISTS`.',
    ...OWNER,
    params: adminIdParams.order,
    body: markInvoiceInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition, K.alreadyExists] },
  }),
  adminCorrectInvoice: route({
    method: 'put',
    path: '/api/admin/orders/{orderId}/invoice/correction',
    tag: 'Owner',
    summary: "Record the 作廢 or 折讓 of a refunded order's invoice",
    description: "Records how the issued invoice of a refunded order was undone on the invoice platform: `void` (作廢; `number` is the invoice's own, filled in when omitted) or `allowance` (折讓, with the 折讓單's number), on the Taiwan day `date`; a second record replaces it. Shown in the invoice export and on the customer's order page. An order not refunded, or without an issued invoice, answers 409 `INVALID_TRANSITION`.",
    ...OWNER,
    params: adminIdParams.order,
    body: correctInvoiceInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
} as const satisfies Record<string, RouteDecl>;
