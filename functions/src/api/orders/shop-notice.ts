import { formatMoney, taiwanDay } from '../../contracts/format';
import type { Order } from '../../contracts/orders';
import type { ShopSettings } from '../../contracts/settings';
import { ordersPlacedBetween, writeDigestMail, writeShopNotice } from '../../data/orders';
import { freshShopSettings, notificationSettings } from '../../data/settings';
import { siteUrl } from '../../lib/site-url';
import { formatTaipeiTime, renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { itemsBlock, receiverPlace } from '../../mail/order-parts';

// The shop hears of its new orders at its own address (settings/shop contact.email), as the owner chose on
// /admin/settings (settings/notifications): one mail per order, written by the orderStats trigger when an
// order is created (functions/src/index.ts), or one digest a day, composed by the orderDigest schedule.

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;
const kind = (o: Order) => (o.planId ? `團購 ${o.planId}` : '書店訂單');
const adminOrderUrl = (o: Order) => `${siteUrl()}/admin/orders/${encodeURIComponent(o.orderId)}`;

export function newOrderShopMail(order: Order, settings: Settings): ComposedMail {
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `${order.buyer || order.receiver.name} 訂購 ${formatMoney(order.totalPrice)}，${kind(order)}。`,
    heading: '新訂單通知',
    greeting: '店長您好：',
    blocks: [
      { kind: 'text', text: `網站收到一筆新訂單，等待顧客匯款。` },
      {
        kind: 'facts',
        rows: [
          ['訂單號碼', order.orderNo],
          ['類別', kind(order)],
          ['訂購時間', formatTaipeiTime(order.createdAt)],
          ['訂購人', order.buyer || order.receiver.name],
          ['電子郵件', order.email],
          ['電話', order.phone],
          receiverPlace(order),
          ['帳號末五碼', order.bankAccountNo === '00000' ? '未填' : order.bankAccountNo],
          ['匯款期限', formatTaipeiTime(order.paymentDueAt)],
        ],
      },
      itemsBlock(order),
      { kind: 'button', href: adminOrderUrl(order), label: '在後台查看' },
      { kind: 'note', text: '想改為每天一封摘要，可到後台「商店設定」變更新訂單通知方式。' },
    ],
    footer: [`${settings.shopName} 網站系統通知`],
  });
  return { to: settings.contact.email, message: { subject: `【${settings.shopName}】新訂單 ${order.orderNo}（${formatMoney(order.totalPrice)}）`, text, html } };
}

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
  return writeShopNotice(orderId, newOrderShopMail(after as unknown as Order, settings));
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
  const label = day.replace(/-/g, '/');
  const more = count - latest.length;
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `${label} 共 ${count} 筆新訂單，合計 ${formatMoney(total)}。`,
    heading: `${label} 訂單摘要`,
    greeting: '店長您好：',
    blocks: [
      { kind: 'text', text: `${label}（台灣時間）網站共收到 ${count} 筆新訂單，合計 ${formatMoney(total)}。` },
      {
        kind: 'facts',
        title: more > 0 ? `最新的 ${latest.length} 筆` : '訂單',
        rows: latest.map((o): [string, string] => [o.orderNo, `${o.buyer || o.receiver.name}｜${formatMoney(o.totalPrice)}｜${kind(o)}`]),
      },
      ...(more > 0 ? [{ kind: 'text' as const, text: `另有 ${more} 筆訂單，請到後台查看。` }] : []),
      { kind: 'button', href: `${siteUrl()}/admin/orders`, label: '在後台查看訂單' },
      { kind: 'note', text: '想改為每筆訂單一封通知，可到後台「商店設定」變更。' },
    ],
    footer: [`${settings.shopName} 網站系統通知`],
  });
  return { to: settings.contact.email, message: { subject: `【${settings.shopName}】${label} 訂單摘要：${count} 筆，${formatMoney(total)}`, text, html } };
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
  return { day, orders: true, written: await writeDigestMail(day, mail) };
}
