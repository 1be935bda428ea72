import { useEffect, useState } from 'react';
import type { ShopSettings } from '@contracts/settings';
import { apiRequest } from './api-client';

// settings/shop (bank details, shipping, payment deadline): read once per page load, shared by features.
let pending: Promise<ShopSettings> | null = null;

export function fetchShopSettings(): Promise<ShopSettings> {
  pending ??= apiRequest<ShopSettings>('/settings/shop', { auth: false }).catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

export function useShopSettings(): ShopSettings | null {
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  useEffect(() => {
    let alive = true;
    fetchShopSettings().then(
      (s) => alive && setSettings(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return settings;
}
