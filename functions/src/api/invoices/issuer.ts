import type { InvoiceRow } from '../../contracts/invoices';

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

export interface InvoiceIssuer {
  /** Shown to the owner: how the invoices are issued. */
  readonly name: string;
  /**
   * Issues the invoices of these paid orders (each once: an order with `issuedInvoice` is skipped by the
   * caller). A provider answers each number, which the caller stores as the owner's mark would; the
   * manual adapter answers null for each, and the export files carry the rows instead.
   */
  issue(rows: readonly InvoiceRow[]): Promise<IssueOutcome[]>;
}

/** The one adapter offline: nothing is sent anywhere; the owner issues from the export and marks. */
export const manualIssuer: InvoiceIssuer = {
  name: '手動開立（匯出 CSV／Excel，開立後填回發票號碼）',
  issue: (rows) => Promise.resolve(rows.map((r) => ({ orderId: r.orderId, number: null }))),
};
