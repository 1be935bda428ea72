import type { ShopSettings } from '@contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { q } from '@/lib/data/queries';

/** settings/shop (bank details, shipping, payment deadline), shared by every feature through the query cache. */
export function useShopSettings(): ShopSettings | null {
  return useQuery(q.settings()).data ?? null;
}
