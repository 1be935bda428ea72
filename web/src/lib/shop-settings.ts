import type { PublicSettings } from '@contracts/content';
import { useQuery } from '@tanstack/react-query';
import { q } from '@/lib/data/queries';

/**
 * settings/shop (bank details, shipping, payment deadline) and what the server derives from it (the fee an
 * order pays), shared by every feature through the query cache.
 */
export function useShopSettings(): PublicSettings | null {
  return useQuery(q.settings()).data ?? null;
}
