import type { LookupBankDigitsInput, Order, OrderLookupInput, OrderSummary } from '@contracts/orders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const fetchMyOrders = (userId: string, signal?: AbortSignal) => apiRequest<Order[]>(`/order/${encodeURIComponent(userId)}`, { signal });
export const fetchOrder = (userId: string, orderId: string, signal?: AbortSignal) =>
  apiRequest<Order>(`/order/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}`, { signal });
export const lookupOrder = (input: OrderLookupInput) => apiRequest<OrderSummary>('/order/lookup', { method: 'POST', body: input, auth: false });
export const lookupSetBankDigits = (input: LookupBankDigitsInput) => apiRequest<OrderSummary>('/order/lookup/bankAccountNo', { method: 'POST', body: input, auth: false });
export const setBankDigits = (userId: string, orderId: string, bankAccountNo: string) =>
  apiRequest<Order>(`/order/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}/bankAccountNo`, { method: 'PUT', body: { bankAccountNo } });

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/** A member's own data through the query cache; nothing is asked without a member. Never kept stale. */
function useMemberQuery<T>(key: (string | null)[], load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const enabled = key.every(Boolean);
  const r = useQuery({ queryKey: ['orders', ...key], queryFn: ({ signal }) => load(signal), enabled, staleTime: 0, retry: false });
  return { data: r.data ?? null, error: r.error, loading: enabled && r.isPending };
}

export function useMyOrders(userId: string | null) {
  return useMemberQuery([userId], (signal) => fetchMyOrders(userId!, signal));
}

export function useOrder(userId: string | null, orderId: string) {
  return useMemberQuery([userId, orderId], (signal) => fetchOrder(userId!, orderId, signal));
}

/** Saves the bank digits of a member's order and shows the order as the server answered. */
export function useSetBankDigits(userId: string, orderId: string) {
  const qc = useQueryClient();
  return async (bankAccountNo: string) => {
    const order = await setBankDigits(userId, orderId, bankAccountNo);
    qc.setQueryData(['orders', userId, orderId], order);
    return order;
  };
}
