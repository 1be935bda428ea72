import type { AdminProductInput, DeliveryCorrection, OrderStatusChange } from '@contracts/admin';
import type { BankConfirmInput, BankDeposit } from '@contracts/bank';
import type { ErrorBody } from '@contracts/error-keys';
import type { CorrectInvoiceInput, InvoicePeriodQuery } from '@contracts/invoices';
import type { AdminSettings } from '@contracts/settings';
import type { CampaignOutcomeInput, GroupBuyingPlan } from '@contracts/group-buying';
import type { OrderStatus } from '@contracts/orders';
import type { Product } from '@contracts/products';
import { ApiError, api, apiUrl } from '@/lib/api-client';
import { getSession } from '@/lib/session';

// The owner's console's writes (/api/admin/...), one fetcher each; its reads go through the query
// cache with their route as the key (features/admin/lib/use-resource.ts).

export interface OrdersFilter {
  status?: OrderStatus | '';
  planId?: string;
  from?: string;
  to?: string;
  q?: string;
  limit?: number;
  cursor?: string | null;
}

/** The orders page's filter as the route's query (empty fields left out). */
export const ordersQuery = (f: OrdersFilter) => ({ ...f, status: f.status || undefined, cursor: f.cursor ?? undefined });

export const changeOrderStatus = (orderId: string, change: OrderStatusChange) => api('POST /api/admin/orders/{orderId}/status', { params: { orderId }, body: change });

export const correctDelivery = (orderId: string, body: DeliveryCorrection) => api('PUT /api/admin/orders/{orderId}/delivery', { params: { orderId }, body });

export const listBankLayouts = () => api('GET /api/admin/bank/layouts', {});
export const matchBankDeposits = (deposits: BankDeposit[]) => api('POST /api/admin/bank/match', { body: { deposits } });
export const confirmBankMatches = (body: BankConfirmInput) => api('POST /api/admin/bank/confirm', { body });

export const createProduct = (p: AdminProductInput) => api('POST /api/admin/products', { body: p });
export const updateProduct = (productId: string, p: Omit<Product, 'productId'>) => api('PUT /api/admin/products/{productId}', { params: { productId }, body: p });
export const setProductLaunched = (productId: string, launched: boolean) => api('PATCH /api/admin/products/{productId}/launch', { params: { productId }, body: { launched } });

export const setStock = (productId: string, qty: number, reason: string) => api('PUT /api/admin/stock/{productId}', { params: { productId }, body: { qty, reason } });

export type PlanInput = Omit<GroupBuyingPlan, 'planId'> & { planId?: string };
export const getPlan = (planId: string, signal?: AbortSignal) => api('GET /api/admin/plans/{planId}', { params: { planId } }, { signal });
export const createPlan = (p: PlanInput) => api('POST /api/admin/plans', { body: { ...p, planId: p.planId ?? '' } });
export const updatePlan = (planId: string, { planId: _id, ...p }: PlanInput) => api('PUT /api/admin/plans/{planId}', { params: { planId }, body: p });
export const setPlanLaunched = (planId: string, launched: boolean) => api('PATCH /api/admin/plans/{planId}/launch', { params: { planId }, body: { launched } });

export const setPlanArchived = (planId: string, archived: boolean) => api('PATCH /api/admin/plans/{planId}/archive', { params: { planId }, body: { archived } });
export const deletePlan = (planId: string) => api('DELETE /api/admin/plans/{planId}', { params: { planId } });
export const decideOutcome = (planId: string, body: CampaignOutcomeInput) => api('POST /api/admin/plans/{planId}/outcome', { params: { planId }, body });

export const createOrganizerLink = (planId: string) => api('POST /api/admin/plans/{planId}/organizer-links', { params: { planId } });
export const createDeskLink = (planId: string, holder: string) => api('POST /api/admin/plans/{planId}/desk-links', { params: { planId }, body: { holder } });
export const revokeOrganizerLink = (planId: string, linkId: string) => api('DELETE /api/admin/plans/{planId}/organizer-links/{linkId}', { params: { planId, linkId } });

/**
 * Downloads a plan's orders as CSV or an Excel workbook. The file needs the Bearer token, so it is
 * fetched here and handed to the browser as a blob rather than opened as a plain link.
 */
export function downloadPlan(planId: string, ext: 'csv' | 'xlsx'): Promise<void> {
  const url = ext === 'csv' ? apiUrl('GET /api/admin/plans/{planId}/orders.csv', { params: { planId } }) : apiUrl('GET /api/admin/plans/{planId}/orders.xlsx', { params: { planId } });
  return downloadFile(url, `${planId}-orders.${ext}`, () => getPlan(planId));
}

/** The paid orders' invoices of a period (issue 36), as CSV or an Excel workbook. */
export function downloadInvoices(q: InvoicePeriodQuery, ext: 'csv' | 'xlsx'): Promise<void> {
  const url = ext === 'csv' ? apiUrl('GET /api/admin/invoices.csv', { query: q }) : apiUrl('GET /api/admin/invoices.xlsx', { query: q });
  return downloadFile(url, `invoices-${q.from}-${q.to}.${ext}`, () => api('GET /api/admin/invoices', { query: q }));
}

export const markInvoice = (orderId: string, number: string) => api('PUT /api/admin/orders/{orderId}/invoice', { params: { orderId }, body: { number } });

export const correctInvoice = (orderId: string, body: CorrectInvoiceInput) => api('PUT /api/admin/orders/{orderId}/invoice/correction', { params: { orderId }, body });

/** `refresh`: any owner call through the shared client, which renews the token (or logs out) on a 401. */
async function downloadFile(url: string, filename: string, refresh: () => Promise<unknown>): Promise<void> {
  const fetchFile = () => {
    const idToken = getSession()?.idToken;
    return fetch(url, { headers: idToken ? { Authorization: `Bearer ${idToken}` } : {} });
  };
  let res = await fetchFile();
  if (res.status === 401) {
    await refresh();
    res = await fetchFile();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError({ statusCode: body.statusCode ?? res.status, statusMessage: body.statusMessage ?? res.statusText, message: body.message ?? '' });
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}

// The inbox of customer inquiries and the shop's settings (issue 23).
export const replyToInquiry = (inquiryId: string, message: string) => api('POST /api/admin/inquiries/{inquiryId}/replies', { params: { inquiryId }, body: { message } });
export const closeInquiry = (inquiryId: string) => api('POST /api/admin/inquiries/{inquiryId}/close', { params: { inquiryId } });
export const saveSettings = (settings: AdminSettings) => api('PUT /api/admin/settings', { body: settings });
