import type { AdminPlanDetail, PlanDecision, RefundDue } from '@contracts/admin';
import { campaignOutcomeInputSchema, proposedOutcome, type CampaignOutcome, type CampaignOutcomeInput, type PlanOutcome } from '@contracts/group-buying';
import { CAMPAIGN_OUTCOME_LABELS, formatDateTime, formatMoney } from '@contracts/format';
import { isPaid, isPreparing, isRefunded, isUnpaid, STATUS } from '@domain/order';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/field';
import { Thead } from '@/components/thead';
import { notify } from '@/lib/toast';
import { changeOrderStatus, decideOutcome } from '../api/admin-api';
import { useAdminForm } from '../lib/use-admin-form';
import { useOwnerAction } from '../lib/use-owner-action';
import { OrderNoCell } from './tables';
import { BusyButton, Card, FormErrors } from './ui';

// A closed campaign's 成團 / 流團 (docs/group-buying.md, "The outcome"): the closing job's proposal,
// what each choice will do, the two buttons behind a confirmation, and once decided the record with
// the refunds due (ticked off as the owner refunds each order), and the organiser's rebate.

const JUDGED: Record<PlanOutcome, string> = {
  thresholdMet: '已達成團門檻',
  thresholdNotMet: '未達成團門檻',
  noThreshold: '本活動未設成團門檻',
};

/** The closing job's judgement, or the same judgement on the progress when the job has not run yet. */
function judgement(d: AdminPlanDetail): { judged: PlanOutcome; live: boolean } {
  if (d.plan.outcome) return { judged: d.plan.outcome, live: false };
  const min = d.progress.minQuantity;
  return { judged: min == null ? 'noThreshold' : d.progress.copies >= min ? 'thresholdMet' : 'thresholdNotMet', live: true };
}

export function PlanOutcomeCard({ d, onDecided }: { d: AdminPlanDetail; onDecided: () => void }) {
  // An unlaunched plan is not open either, but it has not closed: judged against the page's load time.
  const [loadedAt] = useState(() => Date.now());
  if (d.decision) return <DecisionRecord d={d} decision={d.decision} onDecided={onDecided} />;
  if (d.isOpen || Date.parse(d.plan.closingDate) > loadedAt) {
    return (
      <Card id="p-outcome" title="成團／流團">
        <p className="muted">活動截止後，可在這裡依成團門檻決定成團或流團，並一次通知所有買家。</p>
      </Card>
    );
  }
  return <DecideForm d={d} onDecided={onDecided} />;
}

function DecideForm({ d, onDecided }: { d: AdminPlanDetail; onDecided: () => void }) {
  const { judged, live } = judgement(d);
  const proposal = proposedOutcome(judged);
  const [confirming, setConfirming] = useState<CampaignOutcome | null>(null);
  // The note is checked by the route's own schema (its limit, in the server's Chinese); the outcome is
  // the confirmed button's, which the schema checks with it on submit.
  const f = useAdminForm<{ note: string }, CampaignOutcomeInput>(campaignOutcomeInputSchema, { note: '' }, (v) => ({ outcome: confirming ?? proposal, note: v.note.trim() || undefined }));
  const unpaid = d.orders.filter(isUnpaid);
  const paid = d.orders.filter(isPaid);
  const active = unpaid.length + paid.length;
  const effect: Record<CampaignOutcome, string> = {
    succeeded: `寄信通知 ${active} 筆有效訂單的買家：活動已成團，以及取書地點或郵寄方式${unpaid.length ? `（${unpaid.length} 筆尚未付款的訂單會附上匯款資訊）` : ''}。`,
    failed: `取消 ${unpaid.length} 筆未付款訂單並退回庫存；${paid.length} 筆已付款訂單（共 ${formatMoney(paid.reduce((n, o) => n + o.totalPrice, 0))}）列入待退款名單；寄信通知每位買家。`,
  };
  const decide = f.onSubmit(async (input) => {
    const r = await decideOutcome(d.plan.planId, input);
    notify('success', `已決定${CAMPAIGN_OUTCOME_LABELS[r.decision.outcome]}，已寄信通知 ${r.decision.counts.mailed} 位買家`);
    setConfirming(null);
    onDecided();
  });
  const choices: CampaignOutcome[] = proposal === 'failed' ? ['failed', 'succeeded'] : ['succeeded', 'failed'];
  return (
    <Card id="p-outcome" title="成團／流團">
      <form onSubmit={decide} noValidate>
        <p className="outcome-proposal" data-testid="outcome-proposal">
          系統建議：<strong>{proposal === 'failed' ? '流團' : '成團'}</strong>
          <span className="admin-sub">
            {JUDGED[judged]}
            {d.progress.minQuantity != null ? `（已訂 ${d.progress.copies} 本／門檻 ${d.progress.minQuantity} 本）` : ''}
            {live ? '・依目前進度，截止判定尚未執行' : ''}
          </span>
        </p>
        <p className="admin-sub">請確認後決定；決定後會寄信給買家，無法改為另一個結果。</p>
        <Field label="給買家的說明（選填，會寫進通知信並顯示在活動頁）" multiline rows={2} {...f.field('note')} />
        <div className="admin-actions outcome-choices">
          {choices.map((outcome) => (
            <div key={outcome} className={`admin-action${outcome === 'failed' ? ' admin-action--danger' : ''}`}>
              <h4>{outcome === 'failed' ? '流團' : '成團'}{outcome === proposal ? '（建議）' : ''}</h4>
              <p className="admin-sub">{effect[outcome]}</p>
              {confirming === outcome ? (
                <div className="admin-confirm" role="group" aria-label={`確定${outcome === 'failed' ? '流團' : '成團'}？`}>
                  <span>確定{outcome === 'failed' ? '流團' : '成團'}？此動作無法復原。</span>
                  <BusyButton busy={f.busy} type="submit" className={`btn ${outcome === 'failed' ? 'btn--danger' : 'btn--primary'}`}>
                    確定{outcome === 'failed' ? '流團' : '成團'}
                  </BusyButton>
                  <button type="button" className="btn btn--ghost" onClick={() => setConfirming(null)} disabled={f.busy}>
                    返回
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className={outcome === proposal ? `btn ${outcome === 'failed' ? 'btn--danger' : 'btn--primary'}` : 'btn btn--ghost'}
                  onClick={() => setConfirming(outcome)}
                  disabled={confirming !== null}
                >
                  {outcome === 'failed' ? '決定流團…' : '決定成團…'}
                </button>
              )}
            </div>
          ))}
        </div>
        <FormErrors error={f.error} />
      </form>
    </Card>
  );
}

function DecisionRecord({ d, decision, onDecided }: { d: AdminPlanDetail; decision: PlanDecision; onDecided: () => void }) {
  const { busy, error, run } = useOwnerAction('無法完成，請稍後再試');
  const finish = () =>
    run(async () => {
      await decideOutcome(d.plan.planId, { outcome: decision.outcome });
      onDecided();
    });
  return (
    <Card id="p-outcome" title={`活動結果：${CAMPAIGN_OUTCOME_LABELS[decision.outcome]}`}>
      {decision.completedAt ? null : (
        <div className="admin-alert" role="alert">
          <p>這個決定尚未處理完成（連線中斷）。請再送出一次，系統只會補做尚未完成的部分。</p>
          <BusyButton busy={busy} type="button" className="btn btn--primary btn--small" onClick={() => void finish()}>
            完成處理
          </BusyButton>
          <FormErrors error={error} />
        </div>
      )}
      <dl className="admin-dl">
        <dt>結果</dt>
        <dd>
          <strong data-testid="outcome-result">{CAMPAIGN_OUTCOME_LABELS[decision.outcome]}</strong>
        </dd>
        <dt>決定時間</dt>
        <dd>{formatDateTime(decision.at)}</dd>
        <dt>決定者</dt>
        <dd>{decision.by.replace(/^owner:/, '')}</dd>
        {decision.proposed ? (
          <>
            <dt>系統判定</dt>
            <dd>{JUDGED[decision.proposed]}</dd>
          </>
        ) : null}
        {decision.note ? (
          <>
            <dt>給買家的說明</dt>
            <dd>{decision.note}</dd>
          </>
        ) : null}
        <dt>通知信</dt>
        <dd>{decision.counts.mailed} 封</dd>
        {decision.outcome === 'failed' ? (
          <>
            <dt>取消未付款</dt>
            <dd>{decision.counts.cancelled} 筆（庫存已退回）</dd>
          </>
        ) : null}
      </dl>
      {decision.outcome === 'failed' ? <RefundsDue decision={decision} onRefunded={onDecided} /> : null}
    </Card>
  );
}

/** 待退款名單: what the treasurer transfers back, ticked off as each order is marked refunded. */
function RefundsDue({ decision, onRefunded }: { decision: PlanDecision; onRefunded: () => void }) {
  const rows = decision.refundsDue;
  const open = rows.filter((r) => !isRefunded(r));
  const openTotal = open.reduce((n, r) => n + r.amount, 0);
  return (
    <>
      <h4 id="p-refunds">{open.length ? '待退款名單' : '退款名單'}（{rows.length} 筆，共 {formatMoney(decision.refundsTotal)}）</h4>
      {rows.length === 0 ? (
        <p className="muted">沒有已付款的訂單，不需要退款。</p>
      ) : (
        <>
          <p className="admin-sub" data-testid="refunds-left">
            {open.length ? `尚待退款 ${open.length} 筆，共 ${formatMoney(openTotal)}` : '全部已退款'}・匯回款項後按「標記已退款」（已出貨的訂單請到訂單頁，選擇書是否退回庫存）；買家會收到退款完成通知。
          </p>
          <table className="stacked-table admin-table" aria-labelledby="p-refunds" data-testid="refunds-due">
            <Thead columns={['訂單號碼', '訂購人', { label: '金額', num: true }, '匯款帳號末五碼', '狀態']} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.orderId}>
                  <OrderNoCell order={r} />
                  <td data-label="訂購人">{r.buyer}</td>
                  <td data-label="金額" className="num">
                    {formatMoney(r.amount)}
                  </td>
                  <td data-label="匯款帳號末五碼" className="admin-mono">
                    {r.bankDigits === '00000' ? '未填' : r.bankDigits}
                  </td>
                  <td data-label="狀態">
                    {isRefunded(r) ? `已退款${r.refundedAt ? `（${formatDateTime(r.refundedAt)}）` : ''}` : <RefundRow row={r} onRefunded={onRefunded} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/**
 * 待退款 and, for an order whose books never left (preparing), 標記已退款 behind a confirmation: the
 * owner's preparing → refunded move (its stock comes back, the buyer gets the refund mail). A shipped
 * order goes to its page, where the owner says whether its books come back.
 */
function RefundRow({ row, onRefunded }: { row: RefundDue; onRefunded: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useOwnerAction();
  const refund = () =>
    run(async () => {
      await changeOrderStatus(row.orderId, { status: STATUS.refunded, note: '流團退款' });
      notify('success', `訂單 ${row.orderNo} 已標記退款，並已寄信通知買家`);
      onRefunded();
    });
  return (
    <span className="refund-row">
      <strong className="admin-warn">待退款</strong>
      {!isPreparing(row) ? (
        <Link to={`/admin/orders/${row.orderId}`}>到訂單頁退款</Link>
      ) : confirming ? (
        <span className="admin-confirm" role="group" aria-label={`確定 ${row.orderNo} 已退款？`}>
          <span>已匯回 {formatMoney(row.amount)}？</span>
          <BusyButton busy={busy} type="button" className="btn btn--primary btn--small" onClick={() => void refund()}>
            確定已退款
          </BusyButton>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(false)} disabled={busy}>
            返回
          </button>
        </span>
      ) : (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(true)} aria-label={`標記 ${row.orderNo} 已退款`}>
          標記已退款
        </button>
      )}
    </span>
  );
}

/** 團主回饋: the percentage, the paid orders' books and the amount, per order too. */
export function PlanRebateCard({ d }: { d: AdminPlanDetail }) {
  const r = d.rebate;
  if (!r) return null;
  const paid = d.orders.filter((o) => o.orderId in r.perOrder);
  return (
    <Card id="p-rebate" title={`團主回饋 ${r.percent}%`}>
      {d.decision?.outcome === 'failed' ? (
        <p data-testid="rebate-total">流團：已付款的款項全數退還，不計回饋。</p>
      ) : (
        <>
          <p data-testid="rebate-total">
            已付款 {r.paidOrders} 筆・書款 {formatMoney(r.paidBooksTotal)}・回饋 <strong>{formatMoney(r.amount)}</strong>
          </p>
          <p className="admin-sub">依已付款訂單的書款（不含運費）計算，每筆無條件捨去至元，合計為各筆加總。</p>
        </>
      )}
      {paid.length ? (
        <table className="stacked-table admin-table admin-table--compact">
          <Thead columns={['訂單號碼', '訂購人', { label: '書款', num: true }, { label: '回饋', num: true }]} />
          <tbody>
            {paid.map((o) => (
              <tr key={o.orderId}>
                <OrderNoCell order={o} />
                <td data-label="訂購人">{o.buyer || o.receiver.name}</td>
                <td data-label="書款" className="num">
                  {formatMoney(o.itemsTotal)}
                </td>
                <td data-label="回饋" className="num">
                  {formatMoney(r.perOrder[o.orderId] ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}
