import { ERROR_KEYS } from '@contracts/errors';
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

/** A 404 from the API is "no such record"; every other failure stays an error. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (isApiError(err) && err.statusCode === 404) return null;
    throw err;
  }
}

export const apiSource: StorefrontSource = {
  productSummaries: (signal) => api('GET /api/products/simple', {}, pub(signal)),
  async product(id, signal) {
    if (!DOC_ID.test(id)) return null;
    const book = await orNull(api('GET /api/products/detail/{productId}', { params: { productId: id } }, pub(signal)));
    // Not public: the shop owner may still preview it (an unlaunched book), read from the console's own
    // route with their token (private, no-store: never in a shared cache).
    if (book || !isOwnerToken(getSession()?.idToken)) return book;
    return orNull(api('GET /api/admin/products/{productId}', { params: { productId: id } }, { signal }));
  },
  productPlans: (id, signal) => (DOC_ID.test(id) ? api('GET /api/products/detail/{productId}/plans', { params: { productId: id } }, pub(signal)) : Promise.resolve([])),
  async stock(id, signal) {
    try {
      return (await api('GET /api/stock/{productId}', { params: { productId: id } }, pub(signal))).qty;
    } catch (err) {
      if (isApiError(err) && err.statusCode === 404 && err.statusMessage === ERROR_KEYS.stockNotFound) return 0;
      throw err;
    }
  },
  stockMap: (signal) => api('GET /api/stock', {}, pub(signal)),
  async plan(id, signal) {
    if (!DOC_ID.test(id)) return null;
    const plan = await orNull(api('GET /api/groupBuying/{planId}', { params: { planId: id } }, pub(signal)));
    // Not public: the shop owner may still preview it (an unlaunched campaign), asked with their token.
    if (plan || !isOwnerToken(getSession()?.idToken)) return plan;
    return orNull(api('GET /api/groupBuying/{planId}', { params: { planId: id } }, { signal }));
  },
  home: (signal) => api('GET /api/content/home', {}, pub(signal)),
  settings: (signal) => api('GET /api/settings/shop', {}, pub(signal)),
  async filesManifest(signal) {
    const res = await fetch('/files/manifest.json', { headers: { Accept: 'application/json' }, signal });
    if (!res.ok) throw new Response(null, { status: res.status, statusText: 'Firebase not find' });
    return (await res.json()) as Awaited<ReturnType<StorefrontSource['filesManifest']>>;
  },
};
