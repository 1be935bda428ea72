import type { HomeContent, PublicSettings } from './content';
import type { ErrorBody } from './errors';
import type { GroupPlanView } from './group-buying';
import type { Product, ProductPlanOffer, ProductSummary } from './products';

/**
 * The public reads the storefront's pages render from. The browser answers them through `/api`; the
 * `ssr` function answers the same calls in process with the API's own services
 * (functions/src/ssr/source.ts), so the first HTML and the hydrated page are made from one set of queries
 * (web/src/lib/data/queries.ts) and the same rules.
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

/** One rendered storefront URL: what the page renderer gives the `ssr` function. */
export interface RenderResult {
  status: number;
  /** Set for a redirect (status 3xx). */
  location?: string;
  head: string;
  body: string;
  /** The JSON the browser hydrates from, or null when the browser should render afresh (an error page). */
  data: string | null;
  /** The matched pages' source files (keys of Vite's manifest), for their CSS and JS links. */
  modules: string[];
  /** A part failed to render (the browser renders it instead): the page is whole but must not be shared by the CDN. */
  failed: boolean;
  /**
   * The page reflects its URL's query (the order lookup's ?orderNo= from an order mail): not to be kept by
   * the CDN. The login and sign-up pages' `redirect` is a path of the shop, the same for everyone.
   */
  personal: boolean;
}

/** The storefront's forms that also work without JavaScript: each posts to its page (functions/src/ssr/forms.ts). */
export type PostedFormName = 'stockAlert' | 'closeReminder' | 'newsletter';

/**
 * A form sent without JavaScript that the server refused: its page is rendered again with the refusal
 * beside the field and what was typed in it (never in a URL), and hydrates the same.
 */
export interface PostedForm {
  form: PostedFormName;
  email: string;
  /** The catalogue body the API route answers for the same input. */
  error: ErrorBody;
  /**
   * What the form says about it (refusalText in errors.ts), worded here so that the browser's first JS
   * need not carry the error catalogue for a footer form that is rarely refused.
   */
  text: string;
}

/**
 * The page renderer's module (web/src/entry-server.tsx, built by `vite build --ssr` into functions/ssr/),
 * as functions/src/ssr/handler.ts loads it. Declared here, shared by both sides, so the two cannot drift:
 * the renderer's exports are typed by it. The data source is handed in with each call (no module-wide
 * switch): the `ssr` function's own, which answers through the API's services (functions/src/ssr/source.ts).
 */
export interface StorefrontRenderer {
  /** Renders one storefront URL (path + query) as the first HTML. `origin` is the site's absolute URL. */
  render(url: string, origin: string, source: StorefrontSource, signal?: AbortSignal, posted?: PostedForm): Promise<RenderResult>;
  /** /sitemap.xml: the fixed pages, every launched book and every open campaign. */
  sitemap(source: StorefrontSource, origin: string): Promise<string>;
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
