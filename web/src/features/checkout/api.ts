import type { PlaceOrderInput } from '@contracts/orders';
import { api } from '@/lib/api-client';

/** The shop cart's key for lib/checkout-order-id.ts. */
export const SHOP_CHECKOUT_KEY = 'checkout:orderId';
/** The shop cart's key for lib/checkout-draft.ts. */
export const SHOP_CHECKOUT_DRAFT = 'checkout';

export const placeOrder = (userId: string, orderId: string, input: PlaceOrderInput) =>
  api('PATCH /api/order/{userId}/{orderId}', { params: { userId, orderId }, body: input }, { retryOnFailure: true });
