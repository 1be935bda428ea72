import { useSearchParams } from 'react-router';
import { GroupCartPage } from '@/features/group-buying/components/group-cart-page';
import { isPlanId, pageNotFound } from '@/features/group-buying/route-params';

export function Component() {
  const [q] = useSearchParams();
  const planId = q.get('planId');
  if (!isPlanId(planId)) throw pageNotFound();
  return <GroupCartPage key={planId} planId={planId} />;
}
