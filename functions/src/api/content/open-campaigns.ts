import type { OpenCampaign } from '../../contracts/content';
import { db } from '../../lib/firebase';

// The home page's small public read of groupBuyingPlans. The group-buying feature owns that
// collection; this module only lists what a visitor may join now.

const TTL_MS = 60_000;
let cache: { at: number; all: OpenCampaign[] } | null = null;

async function launchedPlans(): Promise<OpenCampaign[]> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.all;
  const snap = await (await db()).collection('groupBuyingPlans').where('launched', '==', true).get();
  const all = snap.docs.map((d) => {
    const p = d.data();
    return {
      planId: d.id,
      title: String(p.title ?? ''),
      organizer: String(p.organizer ?? ''),
      closingDate: String(p.closingDate ?? ''),
      bannerImg: { pc: String(p.bannerImg?.pc ?? ''), mobile: String(p.bannerImg?.mobile ?? '') },
    };
  });
  cache = { at: Date.now(), all };
  return all;
}

/** Launched plans whose closing date is still ahead, closing soonest first. */
export async function openCampaigns(now = new Date()): Promise<OpenCampaign[]> {
  return (await launchedPlans())
    .filter((p) => Date.parse(p.closingDate) > now.getTime())
    .sort((a, b) => a.closingDate.localeCompare(b.closingDate));
}
