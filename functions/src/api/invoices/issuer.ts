import type { InvoiceRow } from '../../contracts/invoices';
import type { InvoiceCorrectionKind } from '../../contracts/orders';

// Who issues the shop's e-invoices (docs/orders.md, "Invoices"). Issuing through a value-added provider's
// API (綠界 ECPay, 藍新 ezPay, ...) needs the provider's account and network, out of reach offline; the
// shop ships the manual adapter alone: the owner exports the period's invoices (CSV or Excel), issues
// them on the provider's or the Ministry of Finance's platform, and types each number back
// (PUT /api/admin/orders/{orderId}/invoice). A provider's adapter implements the same interface.

/** What became of one order's invoice: its number when issued now, or null when a person issues it. */
export interface IssueOutcome {
  orderId: string;
  number: string | null;
}

/** A refunded order's issued invoice to void (作廢) or give an allowance (折讓), and what the owner typed of it. */
export interface CorrectionRequest {
  orderId: string;
  /** The issued invoice's number. */
  invoiceNumber: string;
  /** The order's total, the allowance's amount (the shop refunds whole orders). */
  amount: number;
  kind: InvoiceCorrectionKind;
  /** What the owner recorded: the 折讓單's number (empty for a 作廢) and the Taiwan day it was done. */
  number: string;
  date: string;
}

/** The 作廢 or 折讓 as done: its number (the voided invoice's own, or the 折讓單's) and Taiwan day. */
export interface CorrectionOutcome {
  number: string;
  date: string;
}

export interface InvoiceIssuer {
  /** Shown to the owner: how the invoices are issued. */
  readonly name: string;
  /**
   * Issues the invoices of these paid orders (each once: an order with `issuedInvoice` is skipped by the
   * caller). A provider answers each number, which the caller stores as the owner's mark would; the
   * manual adapter answers null for each, and the export files carry the rows instead.
   */
  issue(rows: readonly InvoiceRow[]): Promise<IssueOutcome[]>;
  /**
   * Voids or gives an allowance for a refunded order's issued invoice. A provider does it through its API
   * and answers its own number and day; the manual adapter answers what the owner did on the platform
   * and recorded (a 作廢's number is the invoice's own). The caller stores the outcome on the order.
   */
  correct(request: CorrectionRequest): Promise<CorrectionOutcome>;
}

/** The one adapter offline: nothing is sent anywhere; the owner issues from the export and marks. */
export const manualIssuer: InvoiceIssuer = {
  name: '手動開立（匯出 CSV／Excel，開立後填回發票號碼）',
  issue: (rows) => Promise.resolve(rows.map((r) => ({ orderId: r.orderId, number: null }))),
  correct: (r) => Promise.resolve({ number: r.kind === 'void' ? r.invoiceNumber : r.number, date: r.date }),
};
