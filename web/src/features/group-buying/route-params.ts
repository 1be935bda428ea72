import { ApiError } from '@/lib/api-client';

// planId and orderId as the API accepts them (contracts/common: docIdSchema, orderIdSchema), checked
// without zod so a malformed link fails before any request: the 404 screen, as for a missing one.
const PLAN_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const isPlanId = (v: string | null | undefined): v is string => !!v && PLAN_ID.test(v);
export const isOrderId = (v: string | null | undefined): v is string => !!v && ORDER_ID.test(v);

/** Thrown from a page: the router's error screen shows 404 找不到這個頁面. */
export function pageNotFound(path = `${location.pathname}${location.search}`): ApiError {
  return new ApiError({ statusCode: 404, statusMessage: `Page not found: ${path}`, message: '' });
}
