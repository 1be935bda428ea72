import type { Order, PlaceOrderInput } from '@contracts/orders';
import { apiRequest } from '@/lib/api-client';

const KEY = 'checkout:orderId';

/** 32 hex characters, made once per checkout: a retry or a double click sends the same id. */
export function newOrderId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The checkout's orderId survives a reload of the cart page until the order is placed. */
export function checkoutOrderId(): string {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const id = newOrderId();
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    return newOrderId();
  }
}

export function forgetCheckoutOrderId(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // private mode
  }
}

export const placeOrder = (userId: string, orderId: string, input: PlaceOrderInput) =>
  apiRequest<Order>(`/order/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: input, retryOnFailure: true });

export const sendEmailVerify = (idToken: string) => apiRequest<unknown>('/auth/sendEmailVerify', { method: 'POST', body: { idToken } });

export const getUserData = (idToken: string) =>
  apiRequest<{ users?: { emailVerified?: boolean }[] }>('/auth/getUserData', { method: 'POST', body: { idToken } });
