import { ORDER_STATUS_LABELS, type Order } from '../contracts/orders';
import type { ShopSettings } from '../contracts/settings';
import type { MailDoc } from './stock-allocator';

// Outgoing mail in the shape of the "Trigger Email" extension, in the shop's own Chinese.

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;
const twTime = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function itemLines(order: Order): string[] {
  return order.items.map((i) => `・${i.name} × ${i.qty}\u3000${money(i.totalPrice)}`);
}

function html(paragraphs: string[]): string {
  return `<div style="font-family:sans-serif;line-height:1.7">${paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('')}</div>`;
}

export function orderPlacedMail(order: Order, settings: ShopSettings): MailDoc {
  const { bank } = settings;
  const blocks = [
    `${order.buyer || order.receiver.name} 您好：`,
    `感謝您在${settings.shopName}訂購，我們已收到您的訂單。`,
    `訂單號碼：${order.orderNo}\n訂單日期：${twTime(order.createdAt)}`,
    ['訂購內容：', ...itemLines(order), `商品小計：${money(order.itemsTotal)}`, `運費：${money(order.shippingFee)}`, `應付總額：${money(order.totalPrice)}`].join('\n'),
    [
      '匯款資訊：',
      `銀行：${bank.name}（${bank.code}）${bank.branch}`,
      `戶名：${bank.accountName}`,
      `帳號：${bank.account}`,
      `請於 ${twTime(order.paymentDueAt)} 前完成匯款，逾期未匯款訂單將自動取消。`,
    ].join('\n'),
    `收件人：${order.receiver.name}\n${order.pickup ? `取貨地點：${order.pickup.name}（${order.pickup.address}${order.pickup.hours ? `，${order.pickup.hours}` : ''}）` : `收件地址：${order.receiver.address}`}\n聯絡電話：${order.phone}`,
    `如有任何問題，歡迎回信或來電 ${settings.contact.phone}。\n${settings.shopName} 敬上`,
  ];
  return {
    to: order.email,
    message: { subject: `【${settings.shopName}】訂單成立通知 ${order.orderNo}`, text: blocks.join('\n\n'), html: html(blocks) },
  };
}

export function orderCancelledMail(order: Order, settings: ShopSettings): MailDoc {
  const blocks = [
    `${order.buyer || order.receiver.name} 您好：`,
    `您的訂單 ${order.orderNo} 因未於 ${twTime(order.paymentDueAt)} 前完成匯款，已自動取消（${ORDER_STATUS_LABELS[order.status]}）。`,
    ['原訂購內容：', ...itemLines(order), `應付總額：${money(order.totalPrice)}`].join('\n'),
    `若仍需要這些書籍，歡迎重新下單。如您已經匯款，請來信或來電 ${settings.contact.phone}，我們會儘快為您處理。`,
    `${settings.shopName} 敬上`,
  ];
  return {
    to: order.email,
    message: { subject: `【${settings.shopName}】訂單已取消 ${order.orderNo}`, text: blocks.join('\n\n'), html: html(blocks) },
  };
}
