import { useParams } from 'react-router';
import { PlanPage } from '@/features/group-buying/components/plan-page';
import { groupBookCover } from '../group-book-cover';
import { isPlanId, pageNotFound } from '@/features/group-buying/route-params';

export function Component() {
  const { planId } = useParams();
  if (!isPlanId(planId)) throw pageNotFound();
  return <PlanPage cover={groupBookCover} key={planId} planId={planId} />;
}
