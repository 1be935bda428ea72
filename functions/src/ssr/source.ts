import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FilesManifest, StorefrontSource } from '../contracts/storefront';
import { homeContent } from '../api/content/open-campaigns';
import { planForViewer } from '../api/group-buying/service';
import { launchedProduct, openPlansOf, summaries } from '../api/products/service';
import { publicSettings } from '../api/settings/public-settings';
import { allStock, stockOf } from '../api/stock/service';
import { Failure } from '../lib/failure';

// The storefront's reads answered in process for the first HTML, by the services behind the API's public
// routes (and their per-instance caches): a page and its /api answer agree, fallbacks included (a book
// launched after this instance loaded its catalogue is a page, not a 404). The services' 404 is the
// source's null, as a 404 from the API is the browser's (web/src/lib/data/api-source.ts); lint keeps
// data/ out of reach here (eslint.config.mjs).

export const SSR_DIR = path.join(__dirname, '..', '..', 'ssr');

/** null for "no such public record"; every other failure stays one. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof Failure && err.kind === 'notFound') return null;
    throw err;
  }
}

let manifest: Promise<FilesManifest> | null = null;

export const storefrontSource: StorefrontSource = {
  productSummaries: () => summaries(),
  product: (id) => orNull(launchedProduct(id)),
  productPlans: async (id) => (await orNull(openPlansOf(id))) ?? [],
  stock: async (id) => (await orNull(stockOf(id)))?.qty ?? 0,
  stockMap: () => allStock(),
  plan: (id) => orNull(planForViewer(id, null)),
  home: () => homeContent(),
  settings: () => publicSettings(),
  // A build artefact beside the renderer (scripts/finish-web-build.mjs): read once per instance.
  filesManifest: () => (manifest ??= readFile(path.join(SSR_DIR, 'files-manifest.json'), 'utf8').then((t) => JSON.parse(t) as FilesManifest)),
};
