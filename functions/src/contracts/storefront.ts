import type { HomeContent, PublicSettings } from './content';
import type { GroupPlanView } from './group-buying';
import type { Product, ProductPlanOffer, ProductSummary } from './products';

/**
 * The public reads the storefront's pages render from. The browser answers them through `/api`; the
 * `ssr` function answers the same calls in process (functions/src/ssr/source.ts), so the first HTML and
 * the hydrated page are made from one set of queries (web/src/lib/data/queries.ts).
 * `null` means "no such launched record" (the page is a 404); any other failure rejects.
 */
export interface StorefrontSource {
  productSummaries(signal?: AbortSignal): Promise<ProductSummary[]>;
  product(productId: string, signal?: AbortSignal): Promise<Product | null>;
  productPlans(productId: string, signal?: AbortSignal): Promise<ProductPlanOffer[]>;
  /** 0 when the book has no stock record. */
  stock(productId: string, signal?: AbortSignal): Promise<number>;
  stockMap(signal?: AbortSignal): Promise<Record<string, number>>;
  plan(planId: string, signal?: AbortSignal): Promise<GroupPlanView | null>;
  home(signal?: AbortSignal): Promise<HomeContent>;
  settings(signal?: AbortSignal): Promise<PublicSettings>;
  filesManifest(signal?: AbortSignal): Promise<FilesManifest>;
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
