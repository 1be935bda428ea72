import { ORDER_STATUS_LABELS, type Order } from '../contracts/orders';
import type { ShopSettings } from '../contracts/settings';
import { formatMoney } from '../contracts/format';
import { awaitsFormation, type OrderMail } from '../domain/order';
import { formatTaipeiTime, renderMail, type MailBlock } from './layout';
import type { ComposedMail } from './mail-doc';
import { siteUrl } from '../lib/site-url';
import { bankBlock, footer, greeting, invoiceRow, itemsBlock, lookupButton, orderFacts, orderMail, receiverBlock, receiverPlace, TYPED_BOX_TITLE } from './order-parts';

// Every mail an order sends (to the customer, and the shop's own notices and digest), in the "Trigger Email" shape that ./send-mail.ts sends. Which mail a
// change sends is the order's domain's call (functions/src/domain/order.ts, OrderMail); this renders it.

/** The customer's mail for an order change, rendered from the order after the change. */
export function renderOrderMail(mail: OrderMail, order: Order, settings: ShopSettings): ComposedMail {
  switch (mail.kind) {
    case 'placed':
      return awaitsFormation(order) ? waitingForFormationMail(order, settings) : orderPlacedMail(order, settings);
    case 'paymentDue':
      return paymentDueMail(order, settings);
    case 'paymentReminder':
      return paymentReminderMail(order, settings);
    case 'overdueCancelled':
      return orderCancelledMail(order, settings);
    case 'paymentConfirmed':
      return paymentConfirmedMail(order, settings);
    case 'shipped':
      return shippedMail(order, settings);
    case 'cancelledByShop':
      return cancelledByShopMail(order, settings, mail.note);
    case 'refunded':
      return refundedMail(order, settings, mail.note);
    case 'deliveryCorrected':
      return deliveryCorrectedMail(order, settings, mail.previous, mail.note);
  }
}

const noteBlock = (note?: string): MailBlock[] => (note ? [{ kind: 'facts', rows: [['說明', note]] }] : []);

function paymentConfirmedMail(order: Order, settings: ShopSettings): ComposedMail {
  return orderMail(order, settings, '已收到您的匯款', `訂單 ${order.orderNo} 的匯款 ${formatMoney(order.totalPrice)} 已確認。`, [
    { kind: 'text', text: `我們已確認收到您訂單 ${order.orderNo} 的匯款 ${formatMoney(order.totalPrice)}，訂單狀態更新為「${ORDER_STATUS_LABELS[order.status]}」。` },
    orderFacts(order),
    itemsBlock(order, false),
    // The invoice's carrier or 抬頭 is the customer's own text: inside the labelled box (order-parts.ts).
    { kind: 'facts', title: TYPED_BOX_TITLE, rows: [invoiceRow(order)] },
    { kind: 'text', text: '書籍出貨後，我們會再寄信通知您貨件編號與查詢連結。' },
    lookupButton(order),
  ]);
}

function shippedMail(order: Order, settings: ShopSettings): ComposedMail {
  const d = order.delivery;
  const parcel: MailBlock[] = d
    ? [
        { kind: 'facts', title: '貨件資訊', tone: 'highlight', rows: [['貨運公司', d.company], ['貨件編號', d.trackingNo]] },
        { kind: 'button', href: d.trackingUrl, label: '查詢貨件' },
      ]
    : [];
  return orderMail(order, settings, '您的訂單已出貨', `訂單 ${order.orderNo} 已出貨${d ? `，貨件編號 ${d.trackingNo}` : ''}。`, [
    { kind: 'text', text: `您的訂單 ${order.orderNo} 已經出貨（${ORDER_STATUS_LABELS[order.status]}）。` },
    ...parcel,
    receiverBlock(order),
    itemsBlock(order, false),
    { kind: 'text', text: '收到書籍後享有 7 天鑑賞期。' },
    lookupButton(order),
  ]);
}

function cancelledByShopMail(order: Order, settings: ShopSettings, note?: string): ComposedMail {
  return orderMail(order, settings, '訂單已取消', `訂單 ${order.orderNo} 已取消。`, [
    { kind: 'text', text: `您的訂單 ${order.orderNo} 已取消（${ORDER_STATUS_LABELS[order.status]}）。` },
    ...noteBlock(note),
    itemsBlock(order, false),
    { kind: 'text', text: '若仍需要這些書籍，歡迎重新下單。如您已經匯款，請與我們聯絡，我們會儘快為您處理。' },
    lookupButton(order),
  ]);
}

function refundedMail(order: Order, settings: ShopSettings, note?: string): ComposedMail {
  return orderMail(order, settings, '訂單已取消並完成退款', `訂單 ${order.orderNo} 已退款 ${formatMoney(order.totalPrice)}。`, [
    { kind: 'text', text: `您的訂單 ${order.orderNo} 已取消，款項 ${formatMoney(order.totalPrice)} 已退回（${ORDER_STATUS_LABELS[order.status]}）。` },
    ...noteBlock(note),
    itemsBlock(order, false),
    { kind: 'text', text: '退款入帳時間依各銀行作業而定。' },
    lookupButton(order),
  ]);
}

/**
 * A shipped order's tracking details corrected: the mail says it is a correction, what was wrong (the
 * details sent before, and the owner's note when given) and the new details, so the customer throws
 * the earlier number away.
 */
function deliveryCorrectedMail(order: Order, settings: ShopSettings, previous: Order['delivery'], note?: string): ComposedMail {
  const d = order.delivery;
  const changed = (a: string | undefined, b: string | undefined) => (a ?? '') !== (b ?? '');
  const wrong: [string, string][] = previous
    ? [
        ...(changed(previous.company, d?.company) ? [['原貨運公司', previous.company] as [string, string]] : []),
        ...(changed(previous.trackingNo, d?.trackingNo) ? [['原貨件編號（有誤，請勿使用）', previous.trackingNo] as [string, string]] : []),
        ...(changed(previous.trackingUrl, d?.trackingUrl) && !changed(previous.trackingNo, d?.trackingNo) ? [['原查詢連結', '有誤，請改用下方連結'] as [string, string]] : []),
      ]
    : [];
  return orderMail(order, settings, '貨件資訊更正', `訂單 ${order.orderNo} 的貨件資訊有誤，正確的貨件編號是 ${d?.trackingNo ?? ''}。`, [
    { kind: 'text', text: `先前寄給您的訂單 ${order.orderNo} 出貨通知中，貨件資訊有誤，特此更正，造成不便，敬請見諒。請以本信的資訊為準。` },
    ...(wrong.length ? [{ kind: 'facts', title: '先前通知的資訊（有誤）', rows: wrong } as MailBlock] : []),
    ...noteBlock(note),
    ...(d
      ? [
          { kind: 'facts', title: '更正後的貨件資訊', tone: 'highlight', rows: [['貨運公司', d.company], ['貨件編號', d.trackingNo]] } as MailBlock,
          { kind: 'button', href: d.trackingUrl, label: '查詢貨件' } as MailBlock,
        ]
      : []),
    receiverBlock(order),
    lookupButton(order),
  ]);
}

/** A deadline as the mails say it (an order waiting for 成團 has none: said so rather than a date). */
const dueText = (order: Order) => (order.paymentDueAt ? formatTaipeiTime(order.paymentDueAt) : '成團後通知');

/**
 * A pay-after-成團 order placed before the campaign formed: ordered, nothing to pay yet, and the
 * payment notice will come when the campaign forms. No bank details, so nobody pays too early.
 */
function waitingForFormationMail(order: Order, settings: ShopSettings): ComposedMail {
  return orderMail(order, settings, '訂單成立通知（等待成團，暫不需匯款）', `訂單 ${order.orderNo} 已成立，目前不需匯款，成團後我們會寄收款通知給您。`, [
    { kind: 'text', text: `感謝您在${settings.shopName}訂購，我們已收到您的訂單。這個團購活動成團後才收款，目前不需要匯款。` },
    { kind: 'text', text: '活動達到成團門檻時，我們會寄出「收款通知」，信中會附上匯款帳號、金額與匯款期限；匯款期限從成團時起算。若活動最後未成團，訂單會取消，您不需付任何款項。' },
    orderFacts(order),
    itemsBlock(order),
    receiverBlock(order, true, [invoiceRow(order)]),
    lookupButton(order),
  ]);
}

/** 收款通知: the pay-after-成團 campaign formed; the order now awaits payment, with the deadline that starts now. */
function paymentDueMail(order: Order, settings: ShopSettings): ComposedMail {
  const due = dueText(order);
  return orderMail(order, settings, '收款通知：團購已成團，請匯款', `團購已成團！訂單 ${order.orderNo} 應付 ${formatMoney(order.totalPrice)}，請於 ${due} 前匯款。`, [
    { kind: 'text', text: `您參加的團購已達成團門檻。請依下方匯款資訊，於 ${due}前完成訂單 ${order.orderNo} 的匯款，逾期未匯款訂單將自動取消。` },
    bankBlock(order, settings, due),
    orderFacts(order),
    itemsBlock(order),
    { kind: 'text', text: '匯款後我們會核對帳款，並寄信通知您。' },
    lookupButton(order),
  ]);
}

/** The reminder a day before the sweep would cancel the unpaid order. */
function paymentReminderMail(order: Order, settings: ShopSettings): ComposedMail {
  const due = dueText(order);
  return orderMail(order, settings, '匯款提醒：訂單即將逾期', `訂單 ${order.orderNo} 應付 ${formatMoney(order.totalPrice)}，匯款期限 ${due}。`, [
    { kind: 'text', text: `提醒您，訂單 ${order.orderNo} 尚未完成匯款，匯款期限是 ${due}；逾期未匯款，訂單將自動取消。若您已經匯款，請忽略這封信，我們核對帳款後會寄信通知您。` },
    bankBlock(order, settings, due),
    itemsBlock(order, false),
    lookupButton(order),
  ]);
}

function orderPlacedMail(order: Order, settings: ShopSettings): ComposedMail {
  const due = dueText(order);
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
      bankBlock(order, settings, due),
      { kind: 'text', text: `請於 ${due}前完成匯款，逾期未匯款訂單將自動取消。匯款後我們會核對帳款，並寄信通知您。` },
      receiverBlock(order, true, [invoiceRow(order)]),
      lookupButton(order),
      { kind: 'note', text: `如有任何問題，歡迎回信或來電 ${settings.contact.phone}。` },
    ],
    footer: footer(settings),
  });
  return { to: order.email, message: { subject, text, html } };
}

function orderCancelledMail(order: Order, settings: ShopSettings): ComposedMail {
  const subject = `【${settings.shopName}】訂單已取消 ${order.orderNo}`;
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `訂單 ${order.orderNo} 未於期限內完成匯款，已自動取消。`,
    heading: '訂單已取消',
    greeting: greeting(order),
    blocks: [
      { kind: 'text', text: `您的訂單 ${order.orderNo} 因未於 ${dueText(order)}前完成匯款，已自動取消。` },
      orderFacts(order),
      itemsBlock(order, false),
      { kind: 'text', text: `若仍需要這些書籍，歡迎重新下單。如您已經匯款，請來信或來電 ${settings.contact.phone}，我們會儘快為您處理。` },
      lookupButton(order),
    ],
    footer: footer(settings),
  });
  return { to: order.email, message: { subject, text, html } };
}

// --- The shop's own notices (functions/src/api/orders/shop-notice.ts decides when) ---------------------

type ShopNoticeSettings = Pick<ShopSettings, 'shopName' | 'contact'>;
const kind = (o: Order) => (o.planId ? `團購 ${o.planId}` : '書店訂單');
const adminOrderUrl = (o: Order) => `${siteUrl()}/admin/orders/${encodeURIComponent(o.orderId)}`;

/** The shop's own notice of one new order, to its contact address. */
export function newOrderShopMail(order: Order, settings: ShopNoticeSettings): ComposedMail {
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `${order.buyer || order.receiver.name} 訂購 ${formatMoney(order.totalPrice)}，${kind(order)}。`,
    heading: '新訂單通知',
    greeting: '店長您好：',
    blocks: [
      { kind: 'text', text: awaitsFormation(order) ? '網站收到一筆新訂單；這個團購成團後才收款，訂單目前等待成團。' : '網站收到一筆新訂單，等待顧客匯款。' },
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
          invoiceRow(order),
          ['帳號末五碼', order.bankAccountNo === '00000' ? '未填' : order.bankAccountNo],
          ['匯款期限', dueText(order)],
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

/** The shop's digest of one Taiwan day's orders: how many, their total and the newest of them. */
export function orderDigestMail(day: string, placed: { count: number; total: number; latest: readonly Order[] }, settings: ShopNoticeSettings): ComposedMail {
  const { count, total, latest } = placed;
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
