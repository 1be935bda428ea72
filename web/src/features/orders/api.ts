import type { LookupBankDigitsInput, OrderLookupInput } from '@contracts/orders';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiKey, apiQuery } from '@/lib/api-client';
import { useApiQuery } from '@/lib/use-api-query';

export const lookupOrder = (input: OrderLookupInput) => api('POST /api/order/lookup', { body: input }, { auth: false });
export const lookupSetBankDigits = (input: LookupBankDigitsInput) => api('POST /api/order/lookup/bankAccountNo', { body: input }, { auth: false });
export const setBankDigits = (userId: string, orderId: string, bankAccountNo: string) =>
  api('PUT /api/order/{userId}/{orderId}/bankAccountNo', { params: { userId, orderId }, body: { bankAccountNo } });

/** A member's own data through the query cache; nothing is asked without a member. Never kept stale. */
const memberQuery = { staleTime: 0, retry: false } as const;

export function useMyOrders(userId: string | null) {
  return useApiQuery({ ...apiQuery('GET /api/order/{userId}', { params: { userId: userId ?? '' } }), ...memberQuery, enabled: userId !== null });
}

export function useOrder(userId: string | null, orderId: string) {
  return useApiQuery({ ...apiQuery('GET /api/order/{userId}/{orderId}', { params: { userId: userId ?? '', orderId } }), ...memberQuery, enabled: userId !== null });
}

/** Saves the bank digits of a member's order and shows the order as the server answered. */
export function useSetBankDigits(userId: string, orderId: string) {
  const qc = useQueryClient();
  return async (bankAccountNo: string) => {
    const order = await setBankDigits(userId, orderId, bankAccountNo);
    qc.setQueryData(apiKey('GET /api/order/{userId}/{orderId}', { params: { userId, orderId } }), order);
    return order;
  };
}
