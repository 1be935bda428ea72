import { q } from '@/lib/data/queries';
import { useApiQuery } from '@/lib/use-api-query';


/** The plan through the query cache (the route's loader has usually read it already); null = no such plan. */
export function useGroupPlan(planId: string) {
  return useApiQuery(q.plan(planId));
}
