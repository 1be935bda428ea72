import type { AdminPlanDetail } from '@contracts/admin';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatMoney } from '@contracts/format';
import { notify } from '@/lib/toast';
import { downloadPlan, setPlanLaunched } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { useResource } from '../lib/use-resource';
import { PlanState, ProgressBar } from './plans-page';
import { OrganizerLinks } from './organizer-links';
import { PlanOutcomeCard, PlanRebateCard } from './plan-outcome';
import { BookAmountsTable, OrdersTable } from './tables';
import { BusyButton, Card, PageHead, SubPage } from './ui';

/** One campaign: progress, totals per book and per pickup point, its orders and the CSV export. */
export default function PlanPage() {
  const { planId = '' } = useParams();
  const plan = useResource('GET /api/admin/plans/{planId}', { params: { planId } });
  const { busy, run } = useOwnerAction();
  const exportFile = (ext: 'csv' | 'xlsx') =>
    run(async () => {
      await downloadPlan(planId, ext);
      notify('success', ext === 'csv' ? 'CSV 已下載' : 'Excel 檔已下載');
    });
  const launch = useOwnerAction();
  const toggleLaunch = (launched: boolean) =>
    launch.run(async () => {
      const next = await setPlanLaunched(planId, launched);
      if (plan.data) plan.set({ ...plan.data, ...next });
      notify('success', launched ? '活動已上架，顧客可以下單' : '活動已下架，顧客看不到活動頁');
    });

  return (
    <SubPage back="/admin/plans" backLabel="返回團購活動" resource={plan}>
      {(d) => (
        <>
          <PageHead title={`【${d.plan.title}】`}>
            <Link className="btn btn--ghost btn--small" to={`/admin/plans/${planId}/edit`}>
              編輯活動
            </Link>
            {d.plan.archived ? null : (
              <BusyButton busy={launch.busy} type="button" className="btn btn--ghost btn--small" onClick={() => void toggleLaunch(!d.plan.launched)}>
                {d.plan.launched ? '下架活動' : '上架活動'}
              </BusyButton>
            )}
            <BusyButton busy={busy} type="button" className="btn btn--primary btn--small" onClick={() => void exportFile('csv')}>
              匯出訂單 CSV
            </BusyButton>
            <BusyButton busy={busy} type="button" className="btn btn--ghost btn--small" onClick={() => void exportFile('xlsx')}>
              匯出 Excel
            </BusyButton>
          </PageHead>
          <PlanOutcomeCard d={d} onDecided={plan.reload} />
          <PlanRebateCard d={d} />
          <PlanBooks books={d.books} />
          <div className="admin-grid">
            <Summary d={d} />
            <Totals d={d} />
          </div>
          <OrganizerLinks planId={d.plan.planId} organizer={d.plan.organizer} />
          <Card id="p-orders" title={`活動訂單（${d.orders.length}）`}>
            {d.orders.length === 0 ? (
              <p className="muted">還沒有人下單。</p>
            ) : (
              <OrdersTable orders={d.orders} detail={{ label: '內容', cell: (o) => <>{o.items.map((i) => `${i.name} × ${i.qty}`).join('、')}<PickedUpNote o={o} /></> }} />
            )}
          </Card>
        </>
      )}
    </SubPage>
  );
}

/** The campaign's books with their state: a hidden book is left out of the campaign's page, so it is flagged. */
function PlanBooks({ books }: { books: AdminPlanDetail['books'] }) {
  const hidden = books.filter((b) => !b.launched);
  return (
    <Card id="p-plan-books" title={`活動書籍（${books.length}）`}>
      {hidden.length ? (
        <div className="admin-alert" role="alert">
          <p>
            {hidden.map((b) => `《${b.name}》`).join('、')}尚未上架，活動頁與顧客都看不到。請到書籍頁上架，或從活動移除。
          </p>
        </div>
      ) : null}
      <ul className="admin-list">
        {books.map((b) => (
          <li key={b.productId}>
            <Link to={`/admin/products/${encodeURIComponent(b.productId)}`}>
              <strong>{b.name}</strong>
            </Link>
            <span className="admin-sub">
              團購價 {formatMoney(b.groupPrice)}・庫存 {b.stock} 本・
              {b.launched ? '已上架' : <strong className="admin-warn">未上架（活動頁不顯示）</strong>}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** 活動概況: the organiser, state, closing time, progress and the public page. */
function Summary({ d }: { d: AdminPlanDetail }) {
  return (
    <Card id="p-summary" title="活動概況">
      <dl className="admin-dl">
        <dt>主辦單位</dt>
        <dd>{d.plan.organizer || '—'}</dd>
        <dt>狀態</dt>
        <dd>
          <PlanState s={d} />
        </dd>
        <dt>截止時間</dt>
        <dd>{formatDateTime(d.plan.closingDate)}</dd>
        <dt>有效訂單</dt>
        <dd>{d.progress.orders} 筆</dd>
        <dt>進度</dt>
        <dd>
          <ProgressBar copies={d.progress.copies} minQuantity={d.progress.minQuantity} />
        </dd>
        {d.plan.payAfterFormed && (
          <>
            <dt>收款</dt>
            <dd data-testid="pay-after-state">{d.plan.formedAt ? `成團後才收款；${formatDateTime(d.plan.formedAt)} 成團，已寄出收款通知` : '成團後才收款；尚未成團，訂單等待成團中'}</dd>
          </>
        )}
        <dt>活動頁</dt>
        <dd>
          <a href={`/ezbuy/${d.plan.planId}`} target="_blank" rel="noopener noreferrer">
            /ezbuy/{d.plan.planId}
          </a>
        </dd>
      </dl>
    </Card>
  );
}

/** 各書合計 and 各取貨地點合計 of the campaign's valid orders. */
function Totals({ d }: { d: AdminPlanDetail }) {
  return (
    <Card id="p-books" title="各書合計">
      {d.bookTotals.length === 0 ? (
        <p className="muted">尚無有效訂單。</p>
      ) : (
        <BookAmountsTable rows={d.bookTotals} rowKey={(b) => b.productId} name={(b) => b.name} count={(b) => b.qty} amount={(b) => b.amount} amountLabel="金額" />
      )}
      <h3>各取貨地點合計</h3>
      {d.pickupTotals.length === 0 ? (
        <p className="muted">尚無有效訂單。</p>
      ) : (
        <ul className="admin-list">
          {d.pickupTotals.map((p) => (
            <li key={p.pickup}>
              <strong>{p.pickup}</strong>
              <span className="admin-sub">
                {p.orders} 筆・{p.copies} 本・{formatMoney(p.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The pickup desk's mark on an order (docs/group-buying.md, "The organiser's pickup desk"). */
function PickedUpNote({ o }: { o: Pick<AdminPlanDetail['orders'][number], 'pickedUp'> }) {
  return o.pickedUp ? <span className="admin-sub admin-picked">已取貨 {formatDateTime(o.pickedUp.at)}・{o.pickedUp.by}</span> : null;
}
