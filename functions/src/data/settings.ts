import { DEFAULT_HOLDING_LIMITS, DEFAULT_NOTIFICATION_SETTINGS, ORDER_NOTICE_MODES, type AdminSettings, type HoldingLimits, type NotificationSettings, type ShopSettings } from '../contracts/settings';
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

/**
 * settings/shop read now, past this instance's cache: for the rare paths where a change the owner just
 * saved must count at once, whichever instance saved it (an inquiry's mails, the shop's order notices).
 */
export async function freshShopSettings(): Promise<ShopSettings> {
  return load();
}

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

/** settings/notifications: server-only (firestore.rules lets clients read settings/shop alone). Always read fresh. */
export async function notificationSettings(): Promise<NotificationSettings> {
  const snap = await (await db()).doc('settings/notifications').get();
  const orders = snap.get('orders') as unknown;
  return { orders: ORDER_NOTICE_MODES.find((m) => m === orders) ?? DEFAULT_NOTIFICATION_SETTINGS.orders };
}

/**
 * settings/limits: server-only, always read fresh (one small read per placement, beside the others), so a
 * change counts at once everywhere. A missing or nonsensical field is its safe default.
 */
export async function holdingLimits(): Promise<HoldingLimits> {
  const snap = await (await db()).doc('settings/limits').get();
  const pick = (k: keyof HoldingLimits) => {
    const v = snap.get(k) as unknown;
    return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : DEFAULT_HOLDING_LIMITS[k];
  };
  return { copiesPerOrder: pick('copiesPerOrder'), unpaidCopiesPerBook: pick('unpaidCopiesPerBook'), unpaidCopiesPerCampaign: pick('unpaidCopiesPerCampaign'), ordersPerAccountPerDay: pick('ordersPerAccountPerDay') };
}

export async function adminSettings(): Promise<AdminSettings> {
  const [shop, notifications, limits] = await Promise.all([load(), notificationSettings(), holdingLimits()]);
  return { shop, notifications, limits };
}

/**
 * Replaces both documents at once (the page sends every field). This instance forgets its cached copy at
 * once; the others within SETTINGS_TTL_MS, and Hosting's CDN within the public answers' s-maxage.
 */
export async function saveAdminSettings(settings: AdminSettings, by: string): Promise<AdminSettings> {
  const firestore = await db();
  const updatedAt = new Date().toISOString();
  const batch = firestore.batch();
  batch.set(firestore.doc('settings/shop'), settings.shop);
  batch.set(firestore.doc('settings/notifications'), { ...settings.notifications, updatedAt, updatedBy: by });
  if (settings.limits) batch.set(firestore.doc('settings/limits'), { ...settings.limits, updatedAt, updatedBy: by });
  await batch.commit();
  cache = null;
  return { ...settings, limits: settings.limits ?? (await holdingLimits()) };
}
