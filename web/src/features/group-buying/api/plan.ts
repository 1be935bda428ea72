import type { GroupPlanView } from '@contracts/group-buying';
import { apiRequest } from '@/lib/api-client';
import { useResource } from './use-resource';

export type { GroupPlanView };

export function getGroupPlan(planId: string, signal?: AbortSignal): Promise<GroupPlanView> {
  return apiRequest<GroupPlanView>(`/groupBuying/${encodeURIComponent(planId)}`, { signal });
}

export function useGroupPlan(planId: string) {
  return useResource(`plan:${planId}`, (signal) => getGroupPlan(planId, signal));
}
