import { describeInvoice, invoiceOf, ORDER_STATUS_LABELS, type Order } from '../contracts/orders';
import type { ShopSettings } from '../contracts/settings';
import { siteUrl } from '../lib/site-url';
import { formatMoney, shippingFeeText } from '../contracts/format';
import { formatTaipeiTime, renderMail, type MailBlock } from './layout';
import type { ComposedMail } from './mail-doc';

// Pieces every order mail repeats: greeting, lines and totals, the lookup link, the footer.

/**
 * The name is the buyer's own words: quoted, so that it reads as the name they typed and never as the
 * shop speaking (the contract allows letters only, but older orders may hold anything).
 */
/**
 * A mail to an order's buyer in the shop's frame: its title as heading and (with the order number)
 * subject, the greeting, the blocks, the shop's phone for questions, the footer.
 */
export function orderMail(order: Order, settings: ShopSettings, title: string, preheader: string, blocks: MailBlock[]): ComposedMail {
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader,
    heading: title,
    greeting: greeting(order),
    blocks: [...blocks, { kind: 'note', text: `如有任何問題，歡迎回信或來電 ${settings.contact.phone}。` }],
    footer: footer(settings),
  });
  return { to: order.email, message: { subject: `【${settings.shopName}】${title} ${order.orderNo}`, text, html } };
}

/** The bank, the amount and the deadline, as every mail that asks for the payment shows them. */
export function bankBlock(order: Order, settings: ShopSettings, due: string, title = '匯款資訊'): MailBlock {
  const { bank } = settings;
  return {
    kind: 'facts',
    title,
    tone: 'highlight',
    rows: [
      ['銀行', `${bank.name}（${bank.code}）${bank.branch}`],
      ['戶名', bank.accountName],
      ['帳號', bank.account],
      ['金額', formatMoney(order.totalPrice)],
      ['匯款期限', due],
    ],
  };
}

/**
 * No name: a mail may go to an address nobody verified, so the shop's own voice (the greeting, the
 * text) carries no word a customer typed (issue 31; docs/limits.md, "What a stranger can send").
 */
export const greeting = (_order: Order) => '您好：';

/** The title of the one box that quotes what the customer typed, so nobody takes it for the shop's words. */
export const TYPED_BOX_TITLE = '您填寫的收件資料（由訂購人輸入，本店未經核對）';

/** The receiver and where the books go, as typed, inside the plainly labelled box (and the phone, when asked). */
export function receiverBlock(order: Order, withPhone = false, more: readonly [string, string][] = []): MailBlock {
  // `more`: other rows the customer typed (the invoice's carrier or 抬頭), inside the same labelled box.
  return { kind: 'facts', title: TYPED_BOX_TITLE, rows: [['收件人', order.receiver.name], receiverPlace(order), ...(withPhone ? [['聯絡電話', order.phone] as [string, string]] : []), ...more] };
}

export function itemsBlock(order: Order, withFees = true): MailBlock {
  return {
    kind: 'items',
    items: order.items.map((i) => ({ name: i.name, qty: i.qty, amount: formatMoney(i.totalPrice) })),
    totals: withFees
      ? [
          ['商品小計', formatMoney(order.itemsTotal)],
          ['運費', shippingFeeText(order.shippingFee)],
          ['應付總額', formatMoney(order.totalPrice)],
        ]
      : [['應付總額', formatMoney(order.totalPrice)]],
  };
}

/** Where the books go: the chosen pickup point (name, address, hours), else the postal address. */
export function receiverPlace(order: Order): [string, string] {
  const p = order.pickup;
  return p ? ['取貨地點', `${p.name}（${p.address}${p.hours ? `，${p.hours}` : ''}）`] : ['收件地址', order.receiver.address];
}

/** The e-invoice the buyer asked for, as the order page says it (and its number once issued). */
export function invoiceRow(order: Order): [string, string] {
  const issued = order.issuedInvoice?.number;
  return ['發票', `${describeInvoice(invoiceOf(order))}${issued ? `，發票號碼 ${issued}` : ''}`];
}

export function orderFacts(order: Order): MailBlock {
  return {
    kind: 'facts',
    rows: [
      ['訂單號碼', order.orderNo],
      ['訂購日期', formatTaipeiTime(order.createdAt)],
      ['訂單狀態', ORDER_STATUS_LABELS[order.status]],
    ],
  };
}

/** The order page: members see it in their list, anyone can look it up with the number and email or phone. */
export function lookupUrl(order: Order): string {
  return `${siteUrl()}/order?orderNo=${encodeURIComponent(order.orderNo)}`;
}

export const lookupButton = (order: Order): MailBlock => ({ kind: 'button', href: lookupUrl(order), label: '查看訂單' });

export function footer(settings: Pick<ShopSettings, 'shopName' | 'contact'>): string[] {
  const c = settings.contact;
  return [
    `${settings.shopName}｜${c.phone}｜${c.email}`,
    c.hours ? `服務時間：${c.hours}` : '',
    '這封信由系統寄出，直接回覆即可聯絡我們。',
  ].filter(Boolean);
}
