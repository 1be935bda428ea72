import { invoicePeriodQuerySchema, type InvoicePeriodQuery, type InvoiceRows } from '@contracts/invoices';
import { INVOICE_CORRECTION_LABELS, INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS, type Order } from '@contracts/orders';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, taiwanDay } from '@contracts/format';
import { useState } from 'react';
import { Thead } from '@/components/thead';
import { Field } from '@/components/field';
import { downloadInvoices } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { useResource } from '../lib/use-resource';
import { InvoiceMark } from './invoice-mark';
import { BuyerCell, OrderNoCell } from './tables';
import { BusyButton, FormErrors, Loaded, PageHead, ReloadButton } from './ui';

// 發票 (issue 36): the paid orders of a period whose invoices the shop issues, as a table, CSV and
// Excel, and the number of each issued invoice typed back (docs/orders.md, "Invoices").

/** This Taiwan month so far. */
const thisMonth = (): InvoicePeriodQuery => {
  const today = taiwanDay(Date.now());
  return { from: `${today.slice(0, 8)}01`, to: today };
};

export default function InvoicesPage() {
  const [period, setPeriod] = useState(thisMonth);
  const [draft, setDraft] = useState(period);
  const valid = invoicePeriodQuerySchema.safeParse(draft);
  const rows = useResource('GET /api/admin/invoices', { query: period });
  const download = useOwnerAction('匯出失敗，請稍後再試');
  const save = (next: InvoiceRows) => rows.set(next);
  const marked = (o: Order) => {
    if (rows.data) save({ ...rows.data, rows: rows.data.rows.map((r) => (r.orderId === o.orderId ? { ...r, issuedInvoice: o.issuedInvoice ?? null } : r)) });
  };
  return (
    <div>
      <PageHead title="發票">
        <ReloadButton resource={rows} />
      </PageHead>
      <p className="muted">列出付款日期在期間內、已付款（準備中、已發貨）的訂單，以及已開立發票後退款、需作廢或折讓的訂單，每筆一行；金額含 5% 營業稅。匯出後於加值中心或財政部平台開立，再填回發票號碼。</p>
      <form
        className="admin-invoice-period"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid.success) setPeriod(valid.data);
        }}
      >
        <Field label="付款日期起" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <Field label="付款日期迄" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} error={valid.success ? undefined : valid.error.issues[0]?.message} />
        <button type="submit" className="btn btn--primary" disabled={!valid.success}>
          查詢
        </button>
      </form>
      <div className="admin-actions">
        <BusyButton busy={download.busy} type="button" className="btn btn--ghost" onClick={() => void download.run(() => downloadInvoices(period, 'csv'))}>
          下載 CSV
        </BusyButton>
        <BusyButton busy={download.busy} type="button" className="btn btn--ghost" onClick={() => void download.run(() => downloadInvoices(period, 'xlsx'))}>
          下載 Excel
        </BusyButton>
      </div>
      <FormErrors error={download.error} />
      <Loaded resource={rows}>
        {(data) =>
          data.rows.length === 0 ? (
            <p className="admin-empty">這段期間沒有已付款的訂單。</p>
          ) : (
            <>
              <p className="admin-sub">
                開立方式：{data.issuer}
                {data.truncated ? '；訂單過多，請縮短期間' : ''}
              </p>
              <InvoiceTable rows={data.rows} onMarked={marked} />
            </>
          )
        }
      </Loaded>
    </div>
  );
}

function InvoiceTable({ rows, onMarked }: { rows: InvoiceRows['rows']; onMarked: (o: Order) => void }) {
  return (
    <table className="stacked-table admin-table">
      <caption className="visually-hidden">待開立發票</caption>
      <Thead columns={['訂單號碼', '付款日期', '發票', '買受人', { label: '含稅總額', num: true }, '發票號碼']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.orderId}>
            <OrderNoCell order={r} />
            <td data-label="付款日期">{formatDateTime(r.paidAt)}</td>
            <td data-label="發票">
              {INVOICE_TYPE_LABELS[r.type]}
              <span className="admin-sub admin-mono">{r.carrier || r.loveCode || (r.taxId ? `${r.taxId} ${r.title}` : '')}</span>
            </td>
            <BuyerCell label="買受人" name={r.buyer} contact={r.email} />
            <td data-label="含稅總額" className="num">
              {formatMoney(r.total)}
              <span className="admin-sub">
                未稅 {formatMoney(r.untaxed)}・稅 {formatMoney(r.tax)}
              </span>
            </td>
            <td data-label="發票號碼">
              {r.state === 'notIssued' || r.state === 'issued' ? (
                <InvoiceMark order={r} onChange={onMarked} />
              ) : (
                <>
                  <span className="admin-mono">{r.issuedInvoice?.number}</span>{' '}
                  <strong className={r.state === 'toCorrect' ? 'admin-warn' : undefined}>{INVOICE_STATE_LABELS[r.state]}</strong>
                  <span className="admin-sub">
                    {r.correction ? `${INVOICE_CORRECTION_LABELS[r.correction.kind]} ${r.correction.number}（${r.correction.date}）` : <Link to={`/admin/orders/${r.orderId}#o-invoice`}>訂單已退款：請作廢或折讓，並記錄</Link>}
                  </span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
