import type { OrganizerView } from '@contracts/organizer';
import { describeError } from '@contracts/errors';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/page-status';
import { apiUrl, isApiError } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-client';
import { CAMPAIGN_OUTCOME_LABELS, formatDateTime, formatMoney } from '@contracts/format';
import { useDocumentMeta } from '@/lib/use-document-title';
import { Thead } from '@/components/thead';

/**
 * /organizer?token=…: the association organiser's read-only view of one campaign (no account). It wears
 * the console's styles (features/admin/admin.css), which its route module brings.
 */
export function OrganizerStatsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Every view is logged for the owner (contracts/routes.ts, organizerView): asked once per visit.
  const r = useQuery({ ...apiQuery('GET /api/organizer/{token}', { params: { token } }), retry: false, staleTime: Infinity });
  const stopped = isApiError(r.error) && (r.error.statusCode === 403 || r.error.statusCode === 404 || r.error.statusCode === 400);
  const error = r.error ? (stopped ? '這個連結已停用、已過期或不正確，請向店家索取新的連結。' : isApiError(r.error) ? describeError(r.error.statusCode, r.error.statusMessage) : '載入失敗，請稍後再試') : undefined;
  const state = { view: r.data, error };
  useDocumentMeta(state.view ? `${state.view.title}：召集人統計` : '召集人統計', '團購活動的唯讀統計。');

  if (state.error) return <section className="admin organizer"><h1 className="admin__title">召集人統計</h1><p className="admin-alert" role="alert">{state.error}</p></section>;
  if (!state.view) return <Spinner label="載入中…" />;
  return <OrganizerStats v={state.view} token={token} />;
}

/** The campaign's totals per book and per pickup point, and who collects what. */
function OrganizerStats({ v, token }: { v: OrganizerView; token: string }) {
  // After 流團 nothing is handed over: the server sends no list, and the page says why instead.
  const failed = v.decision?.outcome === 'failed';
  return (
    <section className="admin organizer" aria-labelledby="org-title">
      <h1 id="org-title" className="admin__title">
        【{v.title}】召集人統計
      </h1>
      <p className="admin-sub">
        {v.organizer}・截止 {formatDateTime(v.closingDate)}・此連結有效至 {formatDateTime(v.expiresAt)}・唯讀
      </p>
      {failed ? null : (
        <p>
          <a className="btn btn--ghost btn--small" href={apiUrl('GET /api/organizer/{token}/orders.csv', { params: { token } })} download>
            下載交書名單 CSV
          </a>
        </p>
      )}
      <OutcomeAndRebate v={v} />
      {failed ? (
        <section className="admin-card" aria-labelledby="org-list">
          <h2 id="org-list">交書名單</h2>
          <p data-testid="organizer-empty">這個團購未成團（流團），不交書；已付款的訂單由書店直接退款給買家。</p>
        </section>
      ) : (
        <TotalsAndList v={v} />
      )}
    </section>
  );
}

/** What each book and pickup point adds up to, and the handover list. */
function TotalsAndList({ v }: { v: OrganizerView }) {
  return (
    <>
      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="org-books">
          <h2 id="org-books">各書統計</h2>
          {/* No orders yet: say so, rather than show an empty card. */}
          {v.bookTotals.length === 0 ? <p className="muted">還沒有人下單。</p> : null}
          <ul className="admin-list" hidden={v.bookTotals.length === 0}>
            {v.bookTotals.map((b) => (
              <li key={b.productId}>
                <strong>{b.name}</strong> {b.qty} 本・{formatMoney(b.amount)}
              </li>
            ))}
          </ul>
        </section>
        <section className="admin-card" aria-labelledby="org-pickups">
          <h2 id="org-pickups">各取貨地點</h2>
          {v.pickupTotals.length === 0 ? <p className="muted">還沒有人下單。</p> : null}
          <ul className="admin-list" data-testid="organizer-pickups" hidden={v.pickupTotals.length === 0}>
            {v.pickupTotals.map((p) => (
              <li key={p.pickup}>
                <strong>{p.pickup}</strong> {p.orders} 筆・{p.copies} 本
              </li>
            ))}
          </ul>
        </section>
      </div>
      <OrdersList orders={v.orders} withRebate={v.rebate !== null} />
    </>
  );
}

/** The owner's 成團 / 流團 and 團主回饋, when there is either (issue 27). */
function OutcomeAndRebate({ v }: { v: OrganizerView }) {
  const d = v.decision;
  const r = v.rebate;
  if (!d && !r) return null;
  return (
    <div className="admin-grid">
      {d ? (
        <section className="admin-card" aria-labelledby="org-outcome">
          <h2 id="org-outcome">活動結果：{CAMPAIGN_OUTCOME_LABELS[d.outcome]}</h2>
          <p className="admin-sub">店家於 {formatDateTime(d.at)} 決定</p>
          {d.note ? <p>店家說明：{d.note}</p> : null}
          {d.outcome === 'failed' ? (
            <p>
              已取消未付款訂單 {d.cancelled} 筆；{d.refundsDue ? `店家尚待退款 ${d.refundsDue} 筆，共 ${formatMoney(d.refundsTotal)}。` : '已付款的訂單都已退款。'}
            </p>
          ) : (
            <p>店家已寄信通知每位買家取書或寄送方式。</p>
          )}
        </section>
      ) : null}
      {r ? (
        <section className="admin-card" aria-labelledby="org-rebate">
          <h2 id="org-rebate">團主回饋 {r.percent}%</h2>
          {d?.outcome === 'failed' ? (
            <p data-testid="organizer-rebate">流團：已付款的款項全數退還，不計回饋。</p>
          ) : (
            <>
              <p data-testid="organizer-rebate">
                已付款 {r.paidOrders} 筆・書款 {formatMoney(r.paidBooksTotal)}・回饋 <strong>{formatMoney(r.amount)}</strong>
              </p>
              <p className="admin-sub">依已付款訂單的書款（不含運費）計算，每筆無條件捨去至元。</p>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** 交書名單: each order's buyer, books, pickup point and payment. */
function OrdersList({ orders, withRebate }: { orders: OrganizerView['orders']; withRebate: boolean }) {
  return (
    <section className="admin-card" aria-labelledby="org-list">
      <h2 id="org-list">交書名單（{orders.length}）</h2>
      {orders.length === 0 ? <p className="muted" data-testid="organizer-empty">還沒有人下單，有訂單後會列在這裡。</p> : null}
      <table className="stacked-table admin-table" data-testid="organizer-orders" hidden={orders.length === 0}>
        <Thead columns={['訂購人', '電話', '書籍與數量', '取貨地點', '付款', '取貨', ...(withRebate ? [{ label: '回饋', num: true }] : [])]} />
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNo}>
              <td data-label="訂購人">
                {o.buyer}
                <span className="admin-sub admin-mono">{o.orderNo}</span>
              </td>
              <td data-label="電話" className="admin-mono">
                {o.phone}
              </td>
              <td data-label="書籍與數量">{o.items.map((i) => `${i.name} × ${i.qty}`).join('、')}</td>
              <td data-label="取貨地點">{o.pickup}</td>
              <td data-label="付款">{o.paid ? '已付款' : '未付款'}</td>
              <td data-label="取貨">{o.pickedUp ? `已取貨 ${formatDateTime(o.pickedUp.at)}（${o.pickedUp.by}）` : o.postal ? '郵寄' : '尚未取貨'}</td>
              {withRebate ? (
                <td data-label="回饋" className="num">
                  {formatMoney(o.rebate)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
