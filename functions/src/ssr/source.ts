import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FilesManifest, StorefrontSource } from '../contracts/storefront';
import { openCampaigns } from '../api/content/open-campaigns';
import { launchedCatalogue, openPlanOffers } from '../data/products';
import { getPlan } from '../data/plans';
import { publicSettings } from '../api/settings/public-settings';
import { getStockQty } from '../data/stock';
import { allStock } from '../api/stock/service';
import { planView } from '../api/group-buying/plan-view';

// The storefront's reads answered in process for the first HTML: the same data modules (and the same
// per-instance caches) as the API's public routes, so a page and its /api answer agree.

export const SSR_DIR = path.join(__dirname, '..', '..', 'ssr');

let manifest: Promise<FilesManifest> | null = null;

export const firestoreSource: StorefrontSource = {
  productSummaries: async () => (await launchedCatalogue()).simple,
  product: async (id) => (await launchedCatalogue()).byId.get(id) ?? null,
  productPlans: async (id) => ((await launchedCatalogue()).byId.has(id) ? openPlanOffers(id) : []),
  stock: async (id) => (await getStockQty(id)) ?? 0,
  // The same map as GET /api/stock: launched books only.
  stockMap: () => allStock(),
  async plan(id) {
    const plan = await getPlan(id);
    return plan?.launched ? planView(plan) : null;
  },
  home: async () => ({ campaigns: await openCampaigns() }),
  settings: () => publicSettings(),
  // A build artefact beside the renderer (scripts/finish-web-build.mjs): read once per instance.
  filesManifest: () => (manifest ??= readFile(path.join(SSR_DIR, 'files-manifest.json'), 'utf8').then((t) => JSON.parse(t) as FilesManifest)),
};
