import type { HomeContent, OpenCampaign } from '../../contracts/content';
import { isPlanOpen } from '../../contracts/group-buying';
import { listLaunchedPlans, type PlanDoc } from '../../data/plans';

// The home page's small public list of campaigns a visitor may join now (data/plans.ts reads them).

const TTL_MS = 60_000;
let cache: { at: number; all: { plan: PlanDoc; view: OpenCampaign }[] } | null = null;

async function launchedPlans(): Promise<{ plan: PlanDoc; view: OpenCampaign }[]> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.all;
  const all = (await listLaunchedPlans()).map((p) => {
    const view = {
      planId: p.planId,
      title: String(p.title ?? ''),
      organizer: String(p.organizer ?? ''),
      closingDate: String(p.closingDate ?? ''),
      bannerImg: { pc: String(p.bannerImg?.pc ?? ''), mobile: String(p.bannerImg?.mobile ?? '') },
    };
    return { plan: p, view };
  });
  cache = { at: Date.now(), all };
  return all;
}

/** Launched plans still open (isPlanOpen, the one rule), closing soonest first. */
export async function openCampaigns(now = new Date()): Promise<OpenCampaign[]> {
  return (await launchedPlans())
    .filter((p) => isPlanOpen(p.plan, now))
    .map((p) => p.view)
    .sort((a, b) => a.closingDate.localeCompare(b.closingDate));
}

/** GET /api/content/home and the rendered home page: what the home page shows beside the books. */
export async function homeContent(now = new Date()): Promise<HomeContent> {
  return { campaigns: await openCampaigns(now) };
}
