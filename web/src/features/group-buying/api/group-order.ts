import type { GroupOrderView } from '@contracts/group-buying';
import type { PlaceGroupOrderInput } from '@contracts/orders';
import { queryOptions } from '@tanstack/react-query';
import { api, apiQuery } from '@/lib/api-client';
import { useApiQuery } from '@/lib/use-api-query';

export type { GroupOrderView };

/** PATCH /api/groupOrder/{planId}/{orderId}: 201 new, 200 the same request again. Sends the member's token when signed in. */
export function placeGroupOrder(planId: string, orderId: string, input: PlaceGroupOrderInput): Promise<GroupOrderView> {
  return api('PATCH /api/groupOrder/{planId}/{orderId}', { params: { planId, orderId }, body: input }, { retryOnFailure: true });
}

export const groupOrderQuery = (planId: string, orderId: string) =>
  queryOptions({ ...apiQuery('GET /api/groupOrder/{planId}/{orderId}', { params: { planId, orderId } }), retry: false });

export function useGroupOrder(planId: string, orderId: string) {
  return useApiQuery(groupOrderQuery(planId, orderId));
}
