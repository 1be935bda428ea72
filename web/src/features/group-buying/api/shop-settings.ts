import type { ShopSettings } from '@contracts/settings';
import { apiRequest } from '@/lib/api-client';
import { useResource } from './use-resource';

export function getShopSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return apiRequest<ShopSettings>('/settings/shop', { signal, auth: false });
}

export function useShopSettings() {
  return useResource('settings:shop', getShopSettings);
}
