import type { StorefrontSource } from '@contracts/storefront';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { apiSource } from './api-source';
import { apiKey } from '@/lib/api-client';

// The web's one way to load public data: TanStack Query. Every read has one key, the route it reads and
// what it sends (lib/api-client.ts; the files manifest, a static file, has its own), so two features
// that need the same thing (the catalogue on the home page, the book list and the cart) share one
// request; a query's `signal` cancels it when nobody waits any more; a mutation invalidates the keys it
// changed (invalidateAfterOrder). Route loaders fill the cache before a page renders (router.tsx); the
// `ssr` function runs the same loaders with its in-process source and ships the cache in the HTML.

/**
 * Where each query client's reads go: the browser's client asks the API (apiSource), a render's client the
 * source the `ssr` function handed in (web/src/entry-server.tsx). Per client, not a module-wide switch.
 */
const sources = new WeakMap<QueryClient, StorefrontSource>();
const sourceOf = (client: QueryClient): StorefrontSource => sources.get(client) ?? apiSource;

/** The catalogue and campaigns change rarely; stock is re-read on every visit to a page that shows it. */
const CATALOGUE_STALE_MS = 60_000;

export const q = {
  productSummaries: () =>
    queryOptions({ queryKey: apiKey('GET /api/products/simple', {}), queryFn: ({ client, signal }) => sourceOf(client).productSummaries(signal), staleTime: CATALOGUE_STALE_MS }),
  product: (productId: string) =>
    queryOptions({ queryKey: apiKey('GET /api/products/detail/{productId}', { params: { productId } }), queryFn: ({ client, signal }) => sourceOf(client).product(productId, signal), staleTime: CATALOGUE_STALE_MS }),
  productPlans: (productId: string) =>
    queryOptions({ queryKey: apiKey('GET /api/products/detail/{productId}/plans', { params: { productId } }), queryFn: ({ client, signal }) => sourceOf(client).productPlans(productId, signal), staleTime: CATALOGUE_STALE_MS }),
  stock: (productId: string) => queryOptions({ queryKey: apiKey('GET /api/stock/{productId}', { params: { productId } }), queryFn: ({ client, signal }) => sourceOf(client).stock(productId, signal), staleTime: 0 }),
  stockMap: () => queryOptions({ queryKey: apiKey('GET /api/stock', {}), queryFn: ({ client, signal }) => sourceOf(client).stockMap(signal), staleTime: 0 }),
  plan: (planId: string) => queryOptions({ queryKey: apiKey('GET /api/groupBuying/{planId}', { params: { planId } }), queryFn: ({ client, signal }) => sourceOf(client).plan(planId, signal), staleTime: 10_000 }),
  home: () => queryOptions({ queryKey: apiKey('GET /api/content/home', {}), queryFn: ({ client, signal }) => sourceOf(client).home(signal), staleTime: CATALOGUE_STALE_MS }),
  settings: () => queryOptions({ queryKey: apiKey('GET /api/settings/shop', {}), queryFn: ({ client, signal }) => sourceOf(client).settings(signal), staleTime: 5 * 60_000 }),
  filesManifest: () => queryOptions({ queryKey: ['files'], queryFn: ({ client, signal }) => sourceOf(client).filesManifest(signal), staleTime: Infinity }),
};

/** A query client whose storefront reads go to `source` (the browser: the API). */
export function createQueryClient(source: StorefrontSource = apiSource) {
  const client = new QueryClient({
    defaultOptions: {
      // One retry for a flaky phone network; a 404 is an answer (null), not a failure.
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
  sources.set(client, source);
  return client;
}

/** After an order: its books' stock and the plan's progress have changed. */
export function invalidateAfterOrder(qc: QueryClient, planId?: string) {
  void qc.invalidateQueries({ queryKey: ['GET /api/stock'] });
  void qc.invalidateQueries({ queryKey: ['GET /api/stock/{productId}'] });
  if (planId) void qc.invalidateQueries({ queryKey: apiKey('GET /api/groupBuying/{planId}', { params: { planId } }) });
}
