import { splitVat, type InvoicePeriodQuery, type InvoiceRow, type InvoiceRows } from '../../contracts/invoices';
import { INVOICE_TYPE_LABELS, invoiceOf, type Order } from '../../contracts/orders';
import { formatDateTime } from '../../contracts/format';
import { listOrdersChangedSince, setIssuedInvoice } from '../../data/orders';
import { conflict, notFound } from '../../lib/failure';
import { ERROR_KEYS } from '../../contracts/errors';
import { toCsv, type Cell } from '../../contracts/csv';
import { toXlsx } from '../../lib/xlsx';
import { manualIssuer, type InvoiceIssuer } from './issuer';
import { isPaid, PAID_STATUSES } from '../../domain/order';

/** The shop's issuer: the manual export offline; a provider's adapter would take its place (issuer.ts). */
const issuer: InvoiceIssuer = manualIssuer;

// The owner's invoices (docs/orders.md, "Invoices"): the paid orders of a period as rows, CSV and an
// Excel workbook, and the mark of an issued invoice's number.


/** One export reads at most this many paid orders changed since the period began. */
export const INVOICE_SCAN_LIMIT = 5000;

/** When the order became paid: its first paid status (an imported order may start as shipped). */
export const paidAtOf = (o: Pick<Order, 'statusHistory' | 'createdAt'>) => o.statusHistory.find(isPaid)?.at ?? o.createdAt;

/** A Taiwan calendar day as the UTC instant it starts at. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

export function invoiceRowOf(o: Order): InvoiceRow {
  const inv = invoiceOf(o);
  return {
    orderId: o.orderId,
    orderNo: o.orderNo,
    paidAt: paidAtOf(o),
    type: inv.type,
    carrier: inv.type === 'mobile' || inv.type === 'certificate' ? inv.carrier : '',
    loveCode: inv.type === 'donation' ? inv.loveCode : '',
    buyer: o.buyer || o.receiver.name,
    email: o.email,
    taxId: inv.type === 'company' ? inv.taxId : '',
    title: inv.type === 'company' ? inv.title : '',
    ...splitVat(o.totalPrice),
    total: o.totalPrice,
    issuedInvoice: o.issuedInvoice ?? null,
  };
}

/** GET /api/admin/invoices: the paid orders whose payment falls in the period's Taiwan days, in payment order. */
export async function invoiceRows(q: InvoicePeriodQuery): Promise<InvoiceRows> {
  const from = dayStart(q.from);
  const until = dayStart(q.to, 1);
  const orders = await listOrdersChangedSince(PAID_STATUSES, from, INVOICE_SCAN_LIMIT);
  const rows = orders
    .map(invoiceRowOf)
    .filter((r) => r.paidAt >= from && r.paidAt < until)
    .sort((a, b) => (a.paidAt < b.paidAt ? -1 : a.paidAt > b.paidAt ? 1 : a.orderNo < b.orderNo ? -1 : 1));
  return { issuer: issuer.name, rows, truncated: orders.length >= INVOICE_SCAN_LIMIT };
}

const HEADER = ['付款日期', '訂單號碼', '發票類型', '載具條碼／愛心碼', '買受人', '電子郵件', '統一編號', '發票抬頭', '未稅金額', '稅額', '含稅總額', '發票號碼'] as const;

function cellsOf(r: InvoiceRow): Cell[] {
  return [formatDateTime(r.paidAt), r.orderNo, INVOICE_TYPE_LABELS[r.type], r.carrier || r.loveCode, r.buyer, r.email, r.taxId, r.title, r.untaxed, r.tax, r.total, r.issuedInvoice?.number ?? ''];
}

const fileName = (q: InvoicePeriodQuery, ext: string) => `invoices-${q.from}-${q.to}.${ext}`;

/** GET /api/admin/invoices.csv: one line per order, cells defused (contracts/csv.ts). */
export async function invoicesCsv(q: InvoicePeriodQuery): Promise<{ filename: string; body: string }> {
  const { rows } = await invoiceRows(q);
  return { filename: fileName(q, 'csv'), body: toCsv([[...HEADER], ...rows.map(cellsOf)]) };
}

/**
 * GET /api/admin/invoices.xlsx: the same lines as a workbook, amounts as numbers and every text a string
 * (lib/xlsx.ts), so a buyer's "=..." stays text.
 */
export async function invoicesXlsx(q: InvoicePeriodQuery): Promise<{ filename: string; body: Buffer }> {
  const { rows } = await invoiceRows(q);
  return { filename: fileName(q, 'xlsx'), body: await toXlsx('發票', [[...HEADER], ...rows.map(cellsOf)], [18, 18, 22, 18, 14, 26, 12, 24, 10, 8, 10, 14]) };
}

/** PUT /api/admin/orders/{orderId}/invoice: the issued invoice's number, on a paid order (a second mark replaces it). */
export function markInvoiced(orderId: string, number: string, by: string, now = new Date()): Promise<Order> {
  return setIssuedInvoice(orderId, (doc) => {
    if (!doc) throw notFound(`No order ${orderId}`);
    if (!isPaid(doc)) throw conflict(ERROR_KEYS.invalidTransition, 'Only a paid order gets an invoice', [{ path: 'status', message: '訂單尚未付款（或已取消、退款），不能標記發票' }]);
    return { number, at: now.toISOString(), by };
  });
}
