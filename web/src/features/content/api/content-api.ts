import type { HomeContent, PublicSettings, UnsubscribeResult } from '@contracts/content';
import type { ProductSummary } from '@contracts/products';
import { apiRequest } from '@/lib/api-client';

// The content pages' reads and writes. Public reads are shared between pages for the visit.

const once = <T,>(load: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => {
    p ??= load().catch((err: unknown) => {
      p = null;
      throw err;
    });
    return p;
  };
};

export const getShopSettings = once(() => apiRequest<PublicSettings>('/content/settings', { auth: false }));
export const getHomeContent = once(() => apiRequest<HomeContent>('/content/home', { auth: false }));
export const getFeaturedBooks = once(() => apiRequest<ProductSummary[]>('/products/simple', { auth: false }));

export function cancelSubscription(token: string): Promise<UnsubscribeResult> {
  return apiRequest<UnsubscribeResult>('/subscriptions/cancel', { method: 'POST', body: { token }, auth: false });
}

/** web/public/files/manifest.json, written by scripts/content/generate-files.mjs. */
export interface FileEntry {
  no: number;
  name: string;
  type: string;
  bytes: number;
  href: string;
}
export interface BookFiles {
  book: string;
  productId: string;
  title: string;
  description: string;
  version: string;
  updatedAt: string;
  files: FileEntry[];
}
export interface FilesManifest {
  books: BookFiles[];
}

export const getFilesManifest = once(async (): Promise<FilesManifest> => {
  const res = await fetch('/files/manifest.json', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Response(null, { status: res.status, statusText: 'Firebase not find' });
  return (await res.json()) as FilesManifest;
});
