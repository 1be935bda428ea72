import type { GroupOrderView } from '@contracts/group-buying';
import type { PlaceGroupOrderInput } from '@contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { useResource } from './use-resource';

export type { GroupOrderView };

/** PATCH /api/groupOrder/{planId}/{orderId}: 201 new, 200 the same request again. Sends the member's token when signed in. */
export function placeGroupOrder(planId: string, orderId: string, input: PlaceGroupOrderInput): Promise<GroupOrderView> {
  return apiRequest<GroupOrderView>(`/groupOrder/${encodeURIComponent(planId)}/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: input, retryOnFailure: true });
}

export function getGroupOrder(planId: string, orderId: string, signal?: AbortSignal): Promise<GroupOrderView> {
  return apiRequest<GroupOrderView>(`/groupOrder/${encodeURIComponent(planId)}/${encodeURIComponent(orderId)}`, { signal });
}

export function useGroupOrder(planId: string, orderId: string) {
  return useResource(`order:${planId}:${orderId}`, (signal) => getGroupOrder(planId, orderId, signal));
}
