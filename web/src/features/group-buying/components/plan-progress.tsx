import type { PlanProgress } from '@contracts/group-buying';
import { LiveDocument } from '@/lib/live/live-document';

interface ProgressCounts {
  orders: number;
  copies: number;
}

function ProgressView({ counts, minQuantity, live }: { counts: ProgressCounts; minQuantity: number | null; live: boolean }) {
  const missing = minQuantity == null ? null : Math.max(0, minQuantity - counts.copies);
  const pct = minQuantity ? Math.min(100, Math.round((counts.copies / minQuantity) * 100)) : null;
  return (
    <section className="gb-progress" aria-labelledby="gb-progress-title" data-testid="plan-progress" data-live={live ? 'true' : 'false'}>
      <h2 id="gb-progress-title" className="gb-progress__title">
        團購進度
        {live && (
          <span className="gb-progress__live" title="即時更新">
            <span aria-hidden="true">●</span> 即時
          </span>
        )}
      </h2>
      <p className="gb-progress__counts" aria-live="polite">
        目前已有 <strong data-testid="progress-orders">{counts.orders}</strong> 筆訂單，共 <strong data-testid="progress-copies">{counts.copies}</strong> 本
      </p>
      {minQuantity != null && pct != null && (
        <>
          <div className="gb-progress__bar" role="progressbar" aria-label="成團進度" aria-valuemin={0} aria-valuemax={minQuantity} aria-valuenow={Math.min(counts.copies, minQuantity)}>
            <span style={{ width: `${pct}%` }} />
          </div>
          <p className="gb-progress__goal" data-testid="progress-goal">
            {missing === 0 ? `已達成團門檻 ${minQuantity} 本，確定成團！` : `成團門檻 ${minQuantity} 本，還差 ${missing} 本`}
          </p>
        </>
      )}
    </section>
  );
}

const counts = (d: Partial<ProgressCounts> | undefined, fallback: ProgressCounts): ProgressCounts => ({
  orders: typeof d?.orders === 'number' ? d.orders : fallback.orders,
  copies: typeof d?.copies === 'number' ? d.copies : fallback.copies,
});

/** The plan's progress: the API's figures first, then planProgress/{planId} live through reactfire. */
export function PlanProgressPanel({ initial }: { initial: PlanProgress }) {
  const fallback = <ProgressView counts={initial} minQuantity={initial.minQuantity} live={false} />;
  return (
    <LiveDocument<Partial<ProgressCounts>> path={`planProgress/${initial.planId}`} fallback={fallback}>
      {(d) => <ProgressView counts={counts(d, initial)} minQuantity={initial.minQuantity} live />}
    </LiveDocument>
  );
}
