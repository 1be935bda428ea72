import { useEffect, useState } from 'react';
import type { Order, OrderLookupInput, OrderSummary } from '@contracts/orders';
import { apiRequest } from '@/lib/api-client';

export const fetchMyOrders = (userId: string) => apiRequest<Order[]>(`/order/${encodeURIComponent(userId)}`);
export const fetchOrder = (userId: string, orderId: string) => apiRequest<Order>(`/order/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}`);
export const lookupOrder = (input: OrderLookupInput) => apiRequest<OrderSummary>('/order/lookup', { method: 'POST', body: input, auth: false });

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/** Runs `load` when its key changes; keeps the latest answer only. */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown }>({ key: null, data: null, error: null });
  useEffect(() => {
    if (!key) return;
    let alive = true;
    load().then(
      (data) => alive && setState({ key, data, error: null }),
      (error: unknown) => alive && setState({ key, data: null, error }),
    );
    return () => {
      alive = false;
    };
    // `load` is recreated each render; the key says when to reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: Boolean(key) && !current };
}

export function useMyOrders(userId: string | null) {
  return useLoaded(userId ? `mine:${userId}` : null, () => fetchMyOrders(userId!));
}

export function useOrder(userId: string | null, orderId: string) {
  return useLoaded(userId ? `order:${userId}:${orderId}` : null, () => fetchOrder(userId!, orderId));
}
