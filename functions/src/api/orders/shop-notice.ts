import { taiwanDay } from '../../contracts/format';
import type { ShopSettings } from '../../contracts/settings';
import { queueMailOnce } from '../../data/mail';
import { ordersPlacedBetween } from '../../data/orders';
import { freshShopSettings, notificationSettings } from '../../data/settings';
import { publicOrder, type OrderDoc } from '../../domain/order';
import type { ComposedMail } from '../../mail/mail-doc';
import { newOrderShopMail, orderDigestMail } from '../../mail/order-mails';

// The shop hears of its new orders (the mails themselves: functions/src/mail/order-mails.ts) at its own address (settings/shop contact.email), as the owner chose on
// /admin/settings (settings/notifications): one mail per order, written by the orderStats trigger when an
// order is created (functions/src/index.ts), or one digest a day, composed by the orderDigest schedule.

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;

/**
 * The orderStats trigger's second task: a created order (never an imported one) gets its notice when the
 * owner chose one mail per order and the shop has an address. Settings are read fresh: a choice saved a
 * moment ago counts. Returns whether a notice was written (false when already written by an earlier try).
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function notifyShopOfNewOrder(orderId: string, before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): Promise<boolean> {
  if (before || !after || after.legacy) return false;
  const [notice, settings] = await Promise.all([notificationSettings(), freshShopSettings()]);
  if (notice.orders !== 'each' || !settings.contact.email) return false;
  // mail/{orderId}-shop, created at most once: a redelivered trigger event finds it and writes nothing.
  return queueMailOnce(`${orderId}-shop`, newOrderShopMail(publicOrder(after as unknown as OrderDoc), settings), 'shop-notice', new Date().toISOString());
}

/** The digest lists this many orders; the rest are counted and left to the console. */
export const DIGEST_LISTED = 50;

/** The instants a Taiwan calendar day (yyyy-mm-dd) starts and ends (UTC+8 all year). */
function dayBounds(day: string): [string, string] {
  const start = new Date(`${day}T00:00:00+08:00`);
  return [start.toISOString(), new Date(start.getTime() + 86_400_000).toISOString()];
}

/**
 * The digest of the orders placed on one Taiwan day: how many, their total and the newest of them.
 * Null when none was placed (no mail then). Callable on its own: the Functions emulator runs no schedules.
 */
export async function composeOrderDigest(day: string, settings: Settings): Promise<ComposedMail | null> {
  const [from, to] = dayBounds(day);
  const { count, total, latest } = await ordersPlacedBetween(from, to, DIGEST_LISTED);
  if (count === 0) return null;
  return orderDigestMail(day, { count, total, latest: latest.map(publicOrder) }, settings);
}

/**
 * The orderDigest schedule's body: the digest of the Taiwan day before `now`, when the owner chose the
 * digest. Written once per day (mail/digest-{day}); a second run that day writes nothing.
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function sendOrderDigest(now: Date): Promise<{ day: string; orders: boolean; written: boolean }> {
  const day = taiwanDay(now.getTime() - 86_400_000);
  const [notice, settings] = await Promise.all([notificationSettings(), freshShopSettings()]);
  if (notice.orders !== 'digest' || !settings.contact.email) return { day, orders: false, written: false };
  const mail = await composeOrderDigest(day, settings);
  if (!mail) return { day, orders: false, written: false };
  return { day, orders: true, written: await queueMailOnce(`digest-${day}`, mail, 'order-digest', new Date().toISOString()) };
}
