import type { Order } from '../../contracts/orders';
import type { ShopSettings } from '../../contracts/settings';
import { formatMoney } from '../../contracts/format';
import { formatTaipeiTime, renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer, greeting, itemsBlock, lookupButton, orderFacts, receiverPlace } from '../../mail/order-parts';

// The mails the order path writes with the order itself (the placement, through ./allocator.ts, and the
// unpaid sweep in ./order-status.ts), in the "Trigger Email" shape that functions/src/mail/send-mail.ts sends.

export function orderPlacedMail(order: Order, settings: ShopSettings): ComposedMail {
  const { bank } = settings;
  const due = formatTaipeiTime(order.paymentDueAt);
  const subject = `【${settings.shopName}】訂單成立通知 ${order.orderNo}`;
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `訂單 ${order.orderNo} 應付 ${formatMoney(order.totalPrice)}，請於 ${due} 前匯款。`,
    heading: '訂單成立通知',
    greeting: greeting(order),
    blocks: [
      { kind: 'text', text: `感謝您在${settings.shopName}訂購，我們已收到您的訂單，請依下方匯款資訊完成付款。` },
      orderFacts(order),
      itemsBlock(order),
      {
        kind: 'facts',
        title: '匯款資訊',
        tone: 'highlight',
        rows: [
          ['銀行', `${bank.name}（${bank.code}）${bank.branch}`],
          ['戶名', bank.accountName],
          ['帳號', bank.account],
          ['金額', formatMoney(order.totalPrice)],
          ['匯款期限', due],
        ],
      },
      { kind: 'text', text: `請於 ${due}前完成匯款，逾期未匯款訂單將自動取消。匯款後我們會核對帳款，並寄信通知您。` },
      {
        kind: 'facts',
        title: '收件資訊',
        rows: [
          ['收件人', order.receiver.name],
          receiverPlace(order),
          ['聯絡電話', order.phone],
        ],
      },
      lookupButton(order),
      { kind: 'note', text: `如有任何問題，歡迎回信或來電 ${settings.contact.phone}。` },
    ],
    footer: footer(settings),
  });
  return { to: order.email, message: { subject, text, html } };
}

export function orderCancelledMail(order: Order, settings: ShopSettings): ComposedMail {
  const subject = `【${settings.shopName}】訂單已取消 ${order.orderNo}`;
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `訂單 ${order.orderNo} 未於期限內完成匯款，已自動取消。`,
    heading: '訂單已取消',
    greeting: greeting(order),
    blocks: [
      { kind: 'text', text: `您的訂單 ${order.orderNo} 因未於 ${formatTaipeiTime(order.paymentDueAt)}前完成匯款，已自動取消。` },
      orderFacts(order),
      itemsBlock(order, false),
      { kind: 'text', text: `若仍需要這些書籍，歡迎重新下單。如您已經匯款，請來信或來電 ${settings.contact.phone}，我們會儘快為您處理。` },
      lookupButton(order),
    ],
    footer: footer(settings),
  });
  return { to: order.email, message: { subject, text, html } };
}
