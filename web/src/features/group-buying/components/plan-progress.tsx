import type { PlanProgress } from '@contracts/group-buying';
import { thresholdText } from '@contracts/format';
import { LiveDocument } from '@/lib/live/live-document';

interface ProgressCounts {
  orders: number;
  copies: number;
}

type Decided = 'succeeded' | 'failed' | null;

function ProgressView({ counts, minQuantity, decided, live }: { counts: ProgressCounts; minQuantity: number | null; decided: Decided; live: boolean }) {
  const goal = thresholdText({ decided, minQuantity, copies: counts.copies });
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
      {minQuantity != null && pct != null && !decided && (
          <div className="gb-progress__bar" role="progressbar" aria-label="成團進度" aria-valuemin={0} aria-valuemax={minQuantity} aria-valuenow={Math.min(counts.copies, minQuantity)}>
            <span style={{ width: `${pct}%` }} />
          </div>
      )}
      {goal ? (
        <p className="gb-progress__goal" data-testid="progress-goal">
          {goal}
        </p>
      ) : null}
    </section>
  );
}

const counts = (d: Partial<ProgressCounts> | undefined, fallback: ProgressCounts): ProgressCounts => ({
  orders: typeof d?.orders === 'number' ? d.orders : fallback.orders,
  copies: typeof d?.copies === 'number' ? d.copies : fallback.copies,
});

/**
 * The plan's progress: the API's figures first, then planProgress/{planId}, read again every few seconds while the page is seen (lib/live/live-document.tsx).
 * Once the owner has decided 成團 / 流團 the goal line says the decision, not the count (thresholdText).
 */
export function PlanProgressPanel({ initial, decided }: { initial: PlanProgress; decided: Decided }) {
  const fallback = <ProgressView counts={initial} minQuantity={initial.minQuantity} decided={decided} live={false} />;
  return (
    <LiveDocument<Partial<ProgressCounts>> path={`planProgress/${initial.planId}`} fallback={fallback}>
      {(d) => <ProgressView counts={counts(d, initial)} minQuantity={initial.minQuantity} decided={decided} live={!decided} />}
    </LiveDocument>
  );
}
