import { useParams } from 'react-router-dom';
import { PlanPage } from '@/features/group-buying/components/plan-page';
import { isPlanId, pageNotFound } from '@/features/group-buying/route-params';

export function Component() {
  const { planId } = useParams();
  if (!isPlanId(planId)) throw pageNotFound();
  return <PlanPage key={planId} planId={planId} />;
}
