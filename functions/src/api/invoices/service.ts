import { splitVat, type CorrectInvoiceInput, type InvoicePeriodQuery, type InvoiceRow, type InvoiceRows } from '../../contracts/invoices';
import { INVOICE_CORRECTION_LABELS, INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS, invoiceOf, type Order, type OrderFields, type OrderStatus } from '../../contracts/orders';
import { formatDateTime } from '../../contracts/format';
import { getOrderDoc, listOrdersChangedSince, setInvoiceCorrection, setIssuedInvoice } from '../../data/orders';
import { conflict, notFound } from '../../lib/failure';
import { ERROR_KEYS } from '../../contracts/errors';
import { toCsv, type Cell } from '../../contracts/csv';
import { toXlsx } from '../../lib/xlsx';
import { manualIssuer, type InvoiceIssuer } from './issuer';
import { invoiceStateOf, isPaid, PAID_STATUSES, publicOrder, STATUS } from '../../domain/order';

/** The shop's issuer: the manual export offline; a provider's adapter would take its place (issuer.ts). */
const issuer: InvoiceIssuer = manualIssuer;

// The owner's invoices (docs/orders.md, "Invoices"): the paid orders of a period as rows, CSV and an
// Excel workbook, and the mark of an issued invoice's number.


/** One export reads at most this many paid orders changed since the period began. */
export const INVOICE_SCAN_LIMIT = 5000;

/** When the order became paid: its first paid status (an imported order may start as shipped). */
export const paidAtOf = (o: Pick<OrderFields, 'statusHistory' | 'createdAt'>) => o.statusHistory.find(isPaid)?.at ?? o.createdAt;

/** A Taiwan calendar day as the UTC instant it starts at. */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

export function invoiceRowOf(o: OrderFields): InvoiceRow {
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
    state: invoiceStateOf(o),
    correction: o.invoiceCorrection ?? null,
  };
}

/**
 * The orders of an export: the paid ones, and the refunded ones whose invoice was issued (the owner
 * voids it or gives an allowance, and the export says which). A refunded order never invoiced has none.
 */
const EXPORTED: readonly OrderStatus[] = [...PAID_STATUSES, STATUS.refunded];
const isExported = (o: OrderFields) => isPaid(o) || (o.status === STATUS.refunded && !!o.issuedInvoice);

/** GET /api/admin/invoices: the paid orders whose payment falls in the period's Taiwan days, in payment order. */
export async function invoiceRows(q: InvoicePeriodQuery): Promise<InvoiceRows> {
  const from = dayStart(q.from);
  const until = dayStart(q.to, 1);
  const orders = await listOrdersChangedSince(EXPORTED, from, INVOICE_SCAN_LIMIT);
  const rows = orders
    .filter(isExported)
    .map(invoiceRowOf)
    .filter((r) => r.paidAt >= from && r.paidAt < until)
    .sort((a, b) => (a.paidAt < b.paidAt ? -1 : a.paidAt > b.paidAt ? 1 : a.orderNo < b.orderNo ? -1 : 1));
  return { issuer: issuer.name, rows, truncated: orders.length >= INVOICE_SCAN_LIMIT };
}

const HEADER = ['付款日期', '訂單號碼', '發票類型', '載具條碼／愛心碼', '買受人', '電子郵件', '統一編號', '發票抬頭', '未稅金額', '稅額', '含稅總額', '發票號碼', '發票狀態', '作廢／折讓'] as const;

/** 「折讓 AL-001（2026-11-27）」: the record of a 作廢 or 折讓, in a cell. */
const correctionText = (c: InvoiceRow['correction']) => (c ? `${INVOICE_CORRECTION_LABELS[c.kind]} ${c.number}（${c.date}）` : '');

function cellsOf(r: InvoiceRow): Cell[] {
  return [formatDateTime(r.paidAt), r.orderNo, INVOICE_TYPE_LABELS[r.type], r.carrier || r.loveCode, r.buyer, r.email, r.taxId, r.title, r.untaxed, r.tax, r.total, r.issuedInvoice?.number ?? '', INVOICE_STATE_LABELS[r.state], correctionText(r.correction)];
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
  return { filename: fileName(q, 'xlsx'), body: await toXlsx('發票', [[...HEADER], ...rows.map(cellsOf)], [18, 18, 22, 18, 14, 26, 12, 24, 10, 8, 10, 14, 14, 28]) };
}

/**
 * PUT /api/admin/orders/{orderId}/invoice: the issued invoice's number, on a paid order (a second mark
 * replaces it). A number recorded on another order is refused (its key, data/orders.ts INVOICE_NUMBERS).
 */
export async function markInvoiced(orderId: string, number: string, by: string, now = new Date()): Promise<Order> {
  let holder: string | null = null;
  try {
    const marked = await setIssuedInvoice(orderId, number, (doc, heldBy) => {
      if (!doc) throw notFound(`No order ${orderId}`);
      if (!isPaid(doc)) throw conflict(ERROR_KEYS.invalidTransition, 'Only a paid order gets an invoice', [{ path: 'status', message: '訂單尚未付款（或已取消、退款），不能標記發票' }]);
      if (heldBy) {
        holder = heldBy;
        throw conflict(ERROR_KEYS.alreadyExists, `Invoice ${number} is recorded on order ${heldBy}`);
      }
      return { number, at: now.toISOString(), by };
    });
    return publicOrder(marked);
  } catch (err) {
    if (!holder) throw err;
    // Named by its number, which the owner knows (the id is internal); read outside the transaction.
    const other = await getOrderDoc(holder);
    throw conflict(ERROR_KEYS.alreadyExists, `Invoice ${number} is recorded on another order`, [{ path: 'body.number', message: `發票號碼 ${number} 已記錄在訂單 ${other?.orderNo ?? holder}` }]);
  }
}

/**
 * PUT /api/admin/orders/{orderId}/invoice/correction: the 作廢 or 折讓 of a refunded order's issued
 * invoice, done through the issuer (the manual one answers what the owner recorded), then stored.
 */
export async function correctInvoice(orderId: string, input: CorrectInvoiceInput & { number: string }, by: string, now = new Date()): Promise<Order> {
  const check = (o: Pick<OrderFields, 'status' | 'issuedInvoice'> | null) => {
    if (!o) throw notFound(`No order ${orderId}`);
    if (o.status !== STATUS.refunded || !o.issuedInvoice)
      throw conflict(ERROR_KEYS.invalidTransition, 'Only the issued invoice of a refunded order is voided or given an allowance', [{ path: 'status', message: '只有已開立發票、且已取消退款的訂單需要作廢或折讓' }]);
    return o.issuedInvoice;
  };
  const order = await getOrderDoc(orderId);
  const issued = check(order);
  const done = await issuer.correct({ orderId, invoiceNumber: issued.number, amount: order!.totalPrice, kind: input.kind, number: input.number, date: input.date });
  const corrected = await setInvoiceCorrection(orderId, (doc) => {
    check(doc);
    return { kind: input.kind, number: done.number, date: done.date, at: now.toISOString(), by };
  });
  return publicOrder(corrected);
}
