import type { AdminPlanSummary } from '@contracts/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@contracts/format';
import { notify } from '@/lib/toast';
import { deletePlan, setPlanArchived, setPlanLaunched } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { Thead } from '@/components/thead';
import { BusyButton, Loaded, PageHead } from './ui';

export function PlanState({ s }: { s: AdminPlanSummary }) {
  if (s.plan.archived) return <span className="admin-badge">已封存</span>;
  if (s.plan.decided) return <span className={`status-badge status-badge--${s.plan.decided === 'failed' ? 'bad' : 'good'}`}>{s.plan.decided === 'failed' ? '流團' : '已成團'}</span>;
  if (!s.plan.launched) return <span className="admin-badge">未上架</span>;
  return s.isOpen ? <span className="status-badge">進行中</span> : <span className="status-badge status-badge--good">已截止</span>;
}

export function ProgressBar({ copies, minQuantity }: { copies: number; minQuantity: number | null }) {
  if (!minQuantity) return <span>{copies} 本</span>;
  const pct = Math.min(100, Math.round((copies / minQuantity) * 100));
  return (
    <span className="admin-progress">
      <progress max={minQuantity} value={Math.min(copies, minQuantity)} aria-label={`已訂 ${copies} 本，門檻 ${minQuantity} 本`} />
      <span>
        {copies} / {minQuantity} 本（{pct}%）
      </span>
    </span>
  );
}

/** Every campaign with its state and progress; archived ones behind a switch. */
export default function PlansPage() {
  const plans = useResource('GET /api/admin/plans', {});
  const [showArchived, setShowArchived] = useState(false);
  return (
    <div>
      <PageHead title="團購活動">
        <Link className="btn btn--primary btn--small" to="/admin/plans/new">
          新增團購活動
        </Link>
      </PageHead>
      <Loaded resource={plans}>
        {(rows) => {
          const archived = rows.filter((r) => r.plan.archived).length;
          const shown = rows.filter((r) => showArchived || !r.plan.archived);
          const replace = (next: AdminPlanSummary) => plans.set(rows.map((r) => (r.plan.planId === next.plan.planId ? next : r)));
          const remove = (planId: string) => plans.set(rows.filter((r) => r.plan.planId !== planId));
          return (
            <>
              {archived ? (
                <label className="admin-check">
                  <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> 顯示已封存的活動（{archived}）
                </label>
              ) : null}
              <table className="stacked-table admin-table">
                <caption className="visually-hidden">團購活動列表</caption>
                <Thead columns={['活動', '截止時間', '狀態', '訂單數', '進度', { label: '動作', hidden: true }]} />
                <tbody>
                  {shown.map((s) => (
                    <PlanRow key={s.plan.planId} s={s} onChange={replace} onDeleted={remove} />
                  ))}
                </tbody>
              </table>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}

function PlanRow({ s, onChange, onDeleted }: { s: AdminPlanSummary; onChange: (s: AdminPlanSummary) => void; onDeleted: (planId: string) => void }) {
  const [busy, setBusy] = useState<null | 'launch' | 'archive' | 'delete'>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = `「${s.plan.title}」`;
  async function act(kind: 'launch' | 'archive' | 'delete') {
    setBusy(kind);
    try {
      if (kind === 'delete') {
        await deletePlan(s.plan.planId);
        onDeleted(s.plan.planId);
        notify('success', `${title}已刪除`);
        return;
      }
      const next = kind === 'launch' ? await setPlanLaunched(s.plan.planId, !s.plan.launched) : await setPlanArchived(s.plan.planId, !s.plan.archived);
      onChange(next);
      if (kind === 'launch') notify('success', next.plan.launched ? `${title}已上架` : `${title}已下架`);
      else notify('success', next.plan.archived ? `${title}已封存（已下架，訂單保留）` : `${title}已取消封存`);
    } catch (e) {
      notify('error', errorText(e));
    } finally {
      setBusy(null);
      setConfirmDelete(false);
    }
  }
  return (
    <tr>
      <td data-label="活動">
        <Link to={`/admin/plans/${s.plan.planId}`}>{s.plan.title}</Link>
        <span className="admin-sub">
          {s.plan.organizer}・<span className="admin-mono">{s.plan.planId}</span>
        </span>
      </td>
      <td data-label="截止時間">{formatDateTime(s.plan.closingDate)}</td>
      <td data-label="狀態">
        <PlanState s={s} />
      </td>
      <td data-label="訂單數">{s.progress.orders}</td>
      <td data-label="進度">
        <ProgressBar copies={s.progress.copies} minQuantity={s.progress.minQuantity} />
      </td>
      <td className="admin-row-actions">
        <Link className="btn btn--ghost btn--small" to={`/admin/plans/${s.plan.planId}/edit`} aria-label={`編輯${title}`}>
          編輯
        </Link>
        <Link className="btn btn--ghost btn--small" to={`/admin/plans/new?from=${encodeURIComponent(s.plan.planId)}`} aria-label={`複製${title}`}>
          複製
        </Link>
        {!s.plan.archived ? (
          <BusyButton busy={busy === 'launch'} type="button" className="btn btn--ghost btn--small" onClick={() => void act('launch')} aria-label={`${s.plan.launched ? '下架' : '上架'}${title}`}>
            {s.plan.launched ? '下架' : '上架'}
          </BusyButton>
        ) : null}
        <BusyButton busy={busy === 'archive'} type="button" className="btn btn--ghost btn--small" onClick={() => void act('archive')} aria-label={`${s.plan.archived ? '取消封存' : '封存'}${title}`}>
          {s.plan.archived ? '取消封存' : '封存'}
        </BusyButton>
        {/* Only a campaign without any order (cancelled ones count) can be deleted; the others are archived. */}
        {!s.hasOrders ? (
          confirmDelete ? (
            <span className="admin-confirm" role="group" aria-label={`確定刪除${title}？`}>
              <span>確定刪除？</span>
              <BusyButton busy={busy === 'delete'} type="button" className="btn btn--danger btn--small" onClick={() => void act('delete')}>
                確定刪除
              </BusyButton>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirmDelete(false)}>
                返回
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn--ghost btn--small btn--danger-outline" onClick={() => setConfirmDelete(true)} aria-label={`刪除${title}`}>
              刪除
            </button>
          )
        ) : null}
      </td>
    </tr>
  );
}
