import type { Order, PlaceOrderInput } from '@contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The shop cart's key for lib/checkout-order-id.ts. */
export const SHOP_CHECKOUT_KEY = 'checkout:orderId';
/** The shop cart's key for lib/checkout-draft.ts. */
export const SHOP_CHECKOUT_DRAFT = 'checkout';

export const placeOrder = (userId: string, orderId: string, input: PlaceOrderInput) =>
  apiRequest<Order>(`/order/${encodeURIComponent(userId)}/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: input, retryOnFailure: true });
