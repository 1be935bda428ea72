import type { UnsubscribeResult } from '@contracts/content';
import { api } from '@/lib/api-client';

// The content pages' writes; their public reads go through the query cache (lib/data/queries.ts).

export type { BookFiles, FilesManifest } from '@contracts/storefront';

export function cancelSubscription(token: string): Promise<UnsubscribeResult> {
  return api('POST /api/subscriptions/cancel', { body: { token } }, { auth: false });
}
