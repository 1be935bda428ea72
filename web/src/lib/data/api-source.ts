import { ERROR_KEYS } from '@contracts/error-keys';
import type { StorefrontSource } from '@contracts/storefront';
import { isOwnerToken } from '@/lib/owner';
import { api, isApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';

// The browser's answers to the storefront's reads: the public API, without the session's token (so the
// CDN may share the answers). Only queries.ts calls these; pages read through the query cache.

/** Mirrors the API's id rules, so a malformed address is a 404 without a request. */
const DOC_ID = /^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/;

/** Anonymous: the CDN may share the answer. */
const pub = (signal?: AbortSignal) => ({ auth: false, signal });

/** `fallback` for a 404 from the API (only with the error key `key`, when given); every other failure stays an error. */
async function on404<T, F>(p: Promise<T>, fallback: F, key?: string): Promise<T | F> {
  try {
    return await p;
  } catch (err) {
    if (isApiError(err) && err.statusCode === 404 && (key === undefined || err.statusMessage === key)) return fallback;
    throw err;
  }
}

/** A 404 from the API is "no such record". */
const orNull = <T>(p: Promise<T>) => on404(p, null);

/**
 * A book or campaign by id: the public read, else (not public, e.g. not launched yet) the shop owner's
 * preview, `read(true)` with their token; null when neither finds it.
 */
async function publicOrPreview<T>(id: string, read: (asOwner: boolean) => Promise<T>): Promise<T | null> {
  if (!DOC_ID.test(id)) return null;
  const found = await orNull(read(false));
  if (found || !isOwnerToken(getSession()?.idToken)) return found;
  return orNull(read(true));
}

export const apiSource: StorefrontSource = {
  productSummaries: (signal) => api('GET /api/products/simple', {}, pub(signal)),
  // The owner's preview of a book is read from the console's own route (private, no-store: never in a shared cache).
  product: (id, signal) =>
    publicOrPreview(id, (asOwner) =>
      asOwner ? api('GET /api/admin/products/{productId}', { params: { productId: id } }, { signal }) : api('GET /api/products/detail/{productId}', { params: { productId: id } }, pub(signal)),
    ),
  productPlans: (id, signal) => (DOC_ID.test(id) ? api('GET /api/products/detail/{productId}/plans', { params: { productId: id } }, pub(signal)) : Promise.resolve([])),
  stock: (id, signal) => on404(api('GET /api/stock/{productId}', { params: { productId: id } }, pub(signal)).then((s) => s.qty), 0, ERROR_KEYS.stockNotFound),
  stockMap: (signal) => api('GET /api/stock', {}, pub(signal)),
  // The owner's preview of a campaign is the same route, asked with their token.
  plan: (id, signal) => publicOrPreview(id, (asOwner) => api('GET /api/groupBuying/{planId}', { params: { planId: id } }, asOwner ? { signal } : pub(signal))),
  home: (signal) => api('GET /api/content/home', {}, pub(signal)),
  settings: (signal) => api('GET /api/settings/shop', {}, pub(signal)),
  async filesManifest(signal) {
    const res = await fetch('/files/manifest.json', { headers: { Accept: 'application/json' }, signal });
    if (!res.ok) throw new Response(null, { status: res.status, statusText: ERROR_KEYS.unavailable });
    return (await res.json()) as Awaited<ReturnType<StorefrontSource['filesManifest']>>;
  },
};
