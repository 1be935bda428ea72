import type {
  AdminPlanSaved,
  AdminOrderPage,
  AdminPlanDetail,
  AdminPlanSummary,
  AdminProduct,
  DeliveryCorrection,
  OrderStatusChange,
  PaymentToCheck,
  StockMovement,
} from '@contracts/admin';
import type { BankConfirmInput, BankConfirmResult, BankDeposit, BankLayout, BankProposal } from '@contracts/bank';
import type { DashboardFigures } from '@contracts/dashboard';
import type { ErrorBody } from '@contracts/errors';
import type { AdminInquiry, AdminInquiryList, InquiryStatus } from '@contracts/inquiries';
import type { AdminSettings } from '@contracts/settings';
import type { OrganizerLink } from '@contracts/organizer';
import type { GroupBuyingPlan } from '@contracts/group-buying';
import type { Order, OrderStatus } from '@contracts/orders';
import type { Product } from '@contracts/products';
import { env } from '@/config/env';
import { ApiError, apiRequest } from '@/lib/api-client';
import { getSession } from '@/lib/session';

// Every call of the owner's console (/api/admin/...), one fetcher each.

export interface OrdersFilter {
  status?: OrderStatus | '';
  planId?: string;
  from?: string;
  to?: string;
  q?: string;
  limit?: number;
  cursor?: string | null;
}

export function listOrders(f: OrdersFilter, signal?: AbortSignal): Promise<AdminOrderPage> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return apiRequest(`/admin/orders?${q}`, { signal });
}

export const getOrder = (orderId: string, signal?: AbortSignal) => apiRequest<Order>(`/admin/orders/${encodeURIComponent(orderId)}`, { signal });

export const changeOrderStatus = (orderId: string, change: OrderStatusChange) =>
  apiRequest<Order>(`/admin/orders/${encodeURIComponent(orderId)}/status`, { method: 'POST', body: change });

export const correctDelivery = (orderId: string, body: DeliveryCorrection) =>
  apiRequest<Order>(`/admin/orders/${encodeURIComponent(orderId)}/delivery`, { method: 'PUT', body });

export const getDashboard = (days: number, signal?: AbortSignal) => apiRequest<DashboardFigures>(`/admin/dashboard?days=${days}&months=12`, { signal });

export const listBankLayouts = () => apiRequest<BankLayout[]>('/admin/bank/layouts');
export const matchBankDeposits = (deposits: BankDeposit[]) => apiRequest<BankProposal[]>('/admin/bank/match', { method: 'POST', body: { deposits } });
export const confirmBankMatches = (body: BankConfirmInput) => apiRequest<BankConfirmResult[]>('/admin/bank/confirm', { method: 'POST', body });

export const listPayments = (signal?: AbortSignal) => apiRequest<PaymentToCheck[]>('/admin/payments', { signal });

export const listProducts = (signal?: AbortSignal) => apiRequest<AdminProduct[]>('/admin/products', { signal });
export const getProduct = (productId: string, signal?: AbortSignal) => apiRequest<AdminProduct>(`/admin/products/${encodeURIComponent(productId)}`, { signal });
export const createProduct = (p: Product & { stock?: number }) => apiRequest<AdminProduct>('/admin/products', { method: 'POST', body: p });
export const updateProduct = (productId: string, p: Omit<Product, 'productId'>) =>
  apiRequest<AdminProduct>(`/admin/products/${encodeURIComponent(productId)}`, { method: 'PUT', body: p });
export const setProductLaunched = (productId: string, launched: boolean) =>
  apiRequest<AdminProduct>(`/admin/products/${encodeURIComponent(productId)}/launch`, { method: 'PATCH', body: { launched } });

export const setStock = (productId: string, qty: number, reason: string) =>
  apiRequest<{ productId: string; qty: number; movements: StockMovement[]; alertsSent: number }>(`/admin/stock/${encodeURIComponent(productId)}`, { method: 'PUT', body: { qty, reason } });
export const listMovements = (productId: string, signal?: AbortSignal) =>
  apiRequest<StockMovement[]>(`/admin/stock/${encodeURIComponent(productId)}/movements`, { signal });

export type PlanInput = Omit<GroupBuyingPlan, 'planId'> & { planId?: string };
export const listPlans = (signal?: AbortSignal) => apiRequest<AdminPlanSummary[]>('/admin/plans', { signal });
export const getPlan = (planId: string, signal?: AbortSignal) => apiRequest<AdminPlanDetail>(`/admin/plans/${encodeURIComponent(planId)}`, { signal });
export const createPlan = (p: PlanInput) => apiRequest<AdminPlanSaved>('/admin/plans', { method: 'POST', body: p });
export const updatePlan = (planId: string, p: PlanInput) =>
  apiRequest<AdminPlanSaved>(`/admin/plans/${encodeURIComponent(planId)}`, { method: 'PUT', body: { ...p, planId: undefined } });
export const setPlanLaunched = (planId: string, launched: boolean) =>
  apiRequest<AdminPlanSummary>(`/admin/plans/${encodeURIComponent(planId)}/launch`, { method: 'PATCH', body: { launched } });

export const setPlanArchived = (planId: string, archived: boolean) =>
  apiRequest<AdminPlanSummary>(`/admin/plans/${encodeURIComponent(planId)}/archive`, { method: 'PATCH', body: { archived } });
export const deletePlan = (planId: string) => apiRequest<void>(`/admin/plans/${encodeURIComponent(planId)}`, { method: 'DELETE' });

export const listOrganizerLinks = (planId: string, signal?: AbortSignal) => apiRequest<OrganizerLink[]>(`/admin/plans/${encodeURIComponent(planId)}/organizer-links`, { signal });
export const createOrganizerLink = (planId: string) => apiRequest<OrganizerLink>(`/admin/plans/${encodeURIComponent(planId)}/organizer-links`, { method: 'POST', body: {} });
export const revokeOrganizerLink = (planId: string, linkId: string) =>
  apiRequest<OrganizerLink>(`/admin/plans/${encodeURIComponent(planId)}/organizer-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });

/**
 * Downloads a plan's orders as CSV. The file needs the Bearer token, so it is fetched here and handed
 * to the browser as a blob rather than opened as a plain link.
 */
export async function downloadPlanCsv(planId: string): Promise<void> {
  const path = `/admin/plans/${encodeURIComponent(planId)}`;
  const fetchCsv = () => {
    const idToken = getSession()?.idToken;
    return fetch(`${env.apiBase}${path}/orders.csv`, { headers: idToken ? { Authorization: `Bearer ${idToken}` } : {} });
  };
  let res = await fetchCsv();
  if (res.status === 401) {
    // The shared client refreshes the token (or logs out); then try once more.
    await apiRequest(path);
    res = await fetchCsv();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError({ statusCode: body.statusCode ?? res.status, statusMessage: body.statusMessage ?? res.statusText, message: body.message ?? '' });
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${planId}-orders.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The inbox of customer inquiries and the shop's settings (issue 23).
export const listInquiries = (status: InquiryStatus, signal?: AbortSignal) => apiRequest<AdminInquiryList>(`/admin/inquiries?status=${status}`, { signal });
export const getInquiry = (inquiryId: string, signal?: AbortSignal) => apiRequest<AdminInquiry>(`/admin/inquiries/${encodeURIComponent(inquiryId)}`, { signal });
export const replyToInquiry = (inquiryId: string, message: string) =>
  apiRequest<AdminInquiry>(`/admin/inquiries/${encodeURIComponent(inquiryId)}/replies`, { method: 'POST', body: { message } });
export const closeInquiry = (inquiryId: string) => apiRequest<AdminInquiry>(`/admin/inquiries/${encodeURIComponent(inquiryId)}/close`, { method: 'POST', body: {} });
export const getSettings = (signal?: AbortSignal) => apiRequest<AdminSettings>('/admin/settings', { signal });
export const saveSettings = (settings: AdminSettings) => apiRequest<AdminSettings>('/admin/settings', { method: 'PUT', body: settings });
