import { ORDER_STATUS_LABELS, type Order } from '../../contracts/orders';
import type { ShopSettings } from '../../contracts/settings';
import type { MailDoc } from '../../orders/stock-allocator';

// The customer's mail for each change the owner makes, in the shape of the "Trigger Email" extension.

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(order: Order, settings: ShopSettings, subject: string, blocks: string[], link?: { href: string; label: string }): MailDoc {
  const all = [`${order.buyer || order.receiver.name} 您好：`, ...blocks, `如有任何問題，歡迎回信或來電 ${settings.contact.phone}。\n${settings.shopName} 敬上`];
  const paragraphs = all.map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`);
  if (link) paragraphs.splice(all.length - 1, 0, `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>`);
  return {
    to: order.email,
    message: {
      subject: `【${settings.shopName}】${subject} ${order.orderNo}`,
      text: all.join('\n\n'),
      html: `<div style="font-family:sans-serif;line-height:1.7">${paragraphs.join('')}</div>`,
    },
  };
}

const items = (order: Order) => ['訂購內容：', ...order.items.map((i) => `・${i.name} × ${i.qty}\u3000${money(i.totalPrice)}`), `應付總額：${money(order.totalPrice)}`].join('\n');

export function paymentConfirmedMail(order: Order, settings: ShopSettings): MailDoc {
  return mail(order, settings, '已收到您的匯款', [
    `我們已確認收到您訂單 ${order.orderNo} 的匯款 ${money(order.totalPrice)}，訂單狀態更新為「${ORDER_STATUS_LABELS[order.status]}」。`,
    items(order),
    '書籍出貨後，我們會再寄信通知您貨件編號與查詢連結。',
  ]);
}

export function shippedMail(order: Order, settings: ShopSettings): MailDoc {
  const d = order.delivery;
  return mail(
    order,
    settings,
    '您的訂單已出貨',
    [
      `您的訂單 ${order.orderNo} 已經出貨（${ORDER_STATUS_LABELS[order.status]}）。`,
      d ? `貨運公司：${d.company}\n貨件編號：${d.trackingNo}\n貨件查詢：${d.trackingUrl}` : '',
      `收件人：${order.receiver.name}\n${order.pickup ? `取貨地點：${order.pickup.name}（${order.pickup.address}${order.pickup.hours ? `，${order.pickup.hours}` : ''}）` : `收件地址：${order.receiver.address}`}`,
      items(order),
      '收到書籍後享有 7 天鑑賞期。',
    ].filter(Boolean),
    d ? { href: d.trackingUrl, label: '查詢貨件' } : undefined,
  );
}

export function cancelledByShopMail(order: Order, settings: ShopSettings, note?: string): MailDoc {
  return mail(order, settings, '訂單已取消', [
    `您的訂單 ${order.orderNo} 已取消（${ORDER_STATUS_LABELS[order.status]}）。${note ? `\n說明：${note}` : ''}`,
    items(order),
    '若仍需要這些書籍，歡迎重新下單。如您已經匯款，請與我們聯絡，我們會儘快為您處理。',
  ]);
}

export function refundedMail(order: Order, settings: ShopSettings, note?: string): MailDoc {
  return mail(order, settings, '訂單已取消並完成退款', [
    `您的訂單 ${order.orderNo} 已取消，款項已退回（${ORDER_STATUS_LABELS[order.status]}）。${note ? `\n說明：${note}` : ''}`,
    items(order),
    '退款入帳時間依各銀行作業而定。',
  ]);
}
