import { useSearchParams } from 'react-router';
import { GroupSuccessPage } from '@/features/group-buying/components/group-success-page';
import { isOrderId, isPlanId, pageNotFound } from '@/features/group-buying/route-params';

export function Component() {
  const [q] = useSearchParams();
  const planId = q.get('planId');
  const orderId = q.get('orderId');
  if (!isPlanId(planId) || !isOrderId(orderId)) throw pageNotFound();
  return <GroupSuccessPage key={`${planId}/${orderId}`} planId={planId} orderId={orderId} />;
}
