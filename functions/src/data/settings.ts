import type { ShopSettings } from '../contracts/settings';
import { db } from '../lib/firebase';
import { notFound } from '../http/errors';

/** How long one instance keeps settings/shop; the owner edits it rarely and Hosting's CDN caches on top. */
export const SETTINGS_TTL_MS = 60_000;

let cache: { at: number; value: ShopSettings } | null = null;

/** settings/shop, cached per instance. */
export async function getShopSettings(): Promise<ShopSettings> {
  if (cache && Date.now() - cache.at < SETTINGS_TTL_MS) return cache.value;
  const snap = await (await db()).doc('settings/shop').get();
  if (!snap.exists) throw notFound('No shop settings');
  cache = { at: Date.now(), value: snap.data() as ShopSettings };
  return cache.value;
}

export function invalidateShopSettings() {
  cache = null;
}
