import type { AdminPlanSummary } from '@contracts/admin';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { listPlans, setPlanLaunched } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { BusyButton, Loaded, PageHead } from './ui';

export function PlanState({ s }: { s: AdminPlanSummary }) {
  if (!s.plan.launched) return <span className="admin-badge">未上架</span>;
  return s.isOpen ? <span className="admin-badge admin-badge--preparing">進行中</span> : <span className="admin-badge admin-badge--shipped">已截止</span>;
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

/** Every campaign with its state and progress. */
export default function PlansPage() {
  const plans = useResource((signal) => listPlans(signal), 'plans');
  return (
    <div>
      <PageHead title="團購活動">
        <Link className="btn btn--primary btn--small" to="/admin/plans/new">
          新增團購活動
        </Link>
      </PageHead>
      <Loaded resource={plans}>
        {(rows) => (
          <table className="admin-table">
            <caption className="visually-hidden">團購活動列表</caption>
            <thead>
              <tr>
                <th scope="col">活動</th>
                <th scope="col">截止時間</th>
                <th scope="col">狀態</th>
                <th scope="col">訂單數</th>
                <th scope="col">進度</th>
                <th scope="col">
                  <span className="visually-hidden">動作</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <PlanRow key={s.plan.planId} s={s} onChange={(next) => plans.set(rows.map((r) => (r.plan.planId === next.plan.planId ? next : r)))} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </div>
  );
}

function PlanRow({ s, onChange }: { s: AdminPlanSummary; onChange: (s: AdminPlanSummary) => void }) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const next = await setPlanLaunched(s.plan.planId, !s.plan.launched);
      onChange(next);
      notify('success', next.plan.launched ? `「${next.plan.title}」已上架` : `「${next.plan.title}」已下架`);
    } catch (e) {
      notify('error', errorText(e));
    } finally {
      setBusy(false);
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
        <Link className="btn btn--ghost btn--small" to={`/admin/plans/${s.plan.planId}/edit`} aria-label={`編輯「${s.plan.title}」`}>
          編輯
        </Link>
        <BusyButton busy={busy} type="button" className="btn btn--ghost btn--small" onClick={() => void toggle()} aria-label={`${s.plan.launched ? '下架' : '上架'}「${s.plan.title}」`}>
          {s.plan.launched ? '下架' : '上架'}
        </BusyButton>
      </td>
    </tr>
  );
}
