import type { ShopSettings } from '../contracts/settings';
import { db } from '../lib/firebase';

/** settings/shop changes rarely; one read per instance per minute is plenty. */
export const SETTINGS_TTL_MS = 60_000;

/** Used when settings/shop is missing, so an order can still be priced and dated. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: '青嶼書房',
  bank: { name: '', code: '', branch: '', accountName: '', account: '' },
  shipping: { freeWithinTaiwan: true, fee: 0, carrier: '中華郵政', notes: '' },
  paymentDueDays: 3,
  contact: { email: '', phone: '', address: '', hours: '', line: '', facebook: '', instagram: '' },
  company: { name: '', taxId: '' },
};

let cache: { at: number; value: ShopSettings } | null = null;
let inflight: Promise<ShopSettings> | null = null;

async function load(): Promise<ShopSettings> {
  const snap = await (await db()).doc('settings/shop').get();
  const data = (snap.exists ? snap.data() : {}) as Partial<ShopSettings>;
  return {
    ...DEFAULT_SHOP_SETTINGS,
    ...data,
    bank: { ...DEFAULT_SHOP_SETTINGS.bank, ...data.bank },
    shipping: { ...DEFAULT_SHOP_SETTINGS.shipping, ...data.shipping },
    contact: { ...DEFAULT_SHOP_SETTINGS.contact, ...data.contact },
    company: { ...DEFAULT_SHOP_SETTINGS.company, ...data.company },
  };
}

export async function shopSettings(): Promise<ShopSettings> {
  if (cache && Date.now() - cache.at < SETTINGS_TTL_MS) return cache.value;
  inflight ??= load().finally(() => (inflight = null));
  const value = await inflight;
  cache = { at: Date.now(), value };
  return value;
}

/** The shipping fee of one order (the demo shop ships free within Taiwan). */
export function shippingFeeFor(settings: ShopSettings): number {
  if (settings.shipping.freeWithinTaiwan) return 0;
  return Math.max(0, Math.round(settings.shipping.fee));
}
