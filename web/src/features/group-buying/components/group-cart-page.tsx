import { Link } from 'react-router';
import { useDocumentMeta } from '@/lib/use-document-title';
import { GroupCheckout } from './group-checkout';
import { PlanLoadError, PlanLoading, usePlanOrThrow } from './plan-page';
import '../group-buying.css';

/** /ezbuy/cart?planId=: the plan's own cart and checkout, no login. */
export function GroupCartPage({ planId }: { planId: string }) {
  useDocumentMeta('團購購物車');
  const plan = usePlanOrThrow(planId);
  if (plan.status === 'loading') return <PlanLoading label="購物車載入中…" />;
  if (plan.status === 'error') return <PlanLoadError onRetry={plan.reload} />;
  return (
    <section className="gb-cart" aria-labelledby="cart-title">
      <p className="gb-back">
        <Link to={`/ezbuy/${plan.data.planId}`}>‹ 返回訂購頁</Link>
      </p>
      <h1 id="cart-title">團購購物車</h1>
      <p className="gb-cart__plan">【{plan.data.title}】</p>
      <GroupCheckout plan={plan.data} />
    </section>
  );
}
