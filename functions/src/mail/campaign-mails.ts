import type { CampaignOutcome, GroupBuyingPlan } from '../contracts/group-buying';
import { NO_BANK_DIGITS, type Order } from '../contracts/orders';
import type { ShopSettings } from '../contracts/settings';
import { formatMoney } from '../contracts/format';
import { formatTaipeiTime, type MailBlock } from './layout';
import type { ComposedMail } from './mail-doc';
import { bankBlock, itemsBlock, lookupButton, orderFacts, orderMail, TYPED_BOX_TITLE } from './order-parts';
import { awaitsFormation, awaitsPayment } from '../domain/order';

// The mails of a campaign's outcome (成團 / 流團), one per order, in the shop's voice: what happened to
// the campaign, what happens to this order, and what the buyer does next (often: nothing). Which order
// gets which is functions/src/api/group-buying/outcome-service.ts's call.

/** Which of the outcome's mails an order gets. */
export type CampaignMail =
  /** 成團: the books are coming; where to collect them or how they are posted (and, unpaid, how to pay). */
  | { kind: 'formed' }
  /** 流團, the order was unpaid: it is cancelled, nothing to pay. */
  | { kind: 'failedUnpaid' }
  /** 流團, the order was paid: the refund is coming, to the account it was paid from. */
  | { kind: 'failedRefund'; bankDigits: string };

type Plan = Pick<GroupBuyingPlan, 'title' | 'pickupNotes'>;

/** The id of an order's outcome mail: one per order and outcome, so it is written (and sent) once. */
export const campaignMailId = (orderId: string, outcome: CampaignOutcome) => `${orderId}-outcome-${outcome}`;

export function renderCampaignMail(mail: CampaignMail, order: Order, plan: Plan, settings: ShopSettings, note: string): ComposedMail {
  const noteBlock: MailBlock[] = note ? [{ kind: 'facts', title: `${settings.shopName}的說明`, rows: [['說明', note]] }] : [];
  const compose = (title: string, preheader: string, blocks: MailBlock[]) => orderMail(order, settings, title, preheader, blocks);
  const campaign = `「${plan.title}」`;

  switch (mail.kind) {
    case 'formed':
      // An order still to pay: this mail is also its 收款通知 (the name its placement mail promised).
      return compose(awaitsPayment(order) && order.paymentDueAt ? '團購成團通知・收款通知' : '團購成團通知', `${campaign}已成團，您的書將${order.pickup ? `在「${order.pickup.name}」取書` : '郵寄給您'}。`, [
        { kind: 'text', text: `好消息！${campaign}團購已成團，感謝您的參與。以下是您的訂單與取書方式。` },
        ...noteBlock,
        orderFacts(order),
        itemsBlock(order, false),
        deliveryBlock(order, plan),
        ...paymentBlocks(order, settings),
        lookupButton(order),
      ]);
    case 'failedUnpaid':
      return compose('團購未成團，訂單已取消', `${campaign}未成團，訂單 ${order.orderNo} 已取消，不需要付款。`, [
        { kind: 'text', text: `很抱歉，${campaign}團購未成團（流團），您的訂單 ${order.orderNo} 已由我們取消。` },
        { kind: 'facts', title: '接下來', tone: 'highlight', rows: [['付款', '您尚未付款，不需要再匯款'], ['您需要做的事', '不需要做任何事']] },
        ...noteBlock,
        itemsBlock(order, false),
        { kind: 'text', text: '如果您其實已經匯款（例如剛剛才匯出），請回信告訴我們匯款帳號末五碼與金額，我們核對後會全額退款給您。' },
        lookupButton(order),
      ]);
    case 'failedRefund': {
      const account = mail.bankDigits === NO_BANK_DIGITS ? '您匯款的帳戶（請回信告訴我們帳號末五碼，方便核對）' : `您匯款的帳戶（帳號末五碼 ${mail.bankDigits}）`;
      return compose('團購未成團，將為您退款', `${campaign}未成團，訂單 ${order.orderNo} 已付的 ${formatMoney(order.totalPrice)} 將全額退還。`, [
        { kind: 'text', text: `很抱歉，${campaign}團購未成團（流團），您的訂單 ${order.orderNo} 不會出貨。您已付的款項將全額退還給您。` },
        { kind: 'facts', title: '退款', tone: 'highlight', rows: [['退款金額', formatMoney(order.totalPrice)], ['退回', account]] },
        ...noteBlock,
        {
          kind: 'text',
          text: '接下來：我們會儘快將款項匯回上述帳戶，您不需要做任何事；退款完成時會再寄信通知您，訂單狀態也會變為「訂單取消，退款完成」。\n若希望退到其他帳戶，請回信告訴我們銀行代碼、帳號與戶名。',
        },
        itemsBlock(order, false),
        lookupButton(order),
      ]);
    }
  }
}

/** Where the books go: the pickup point (name, address, hours, the campaign's pickup notes) or the post. */
function deliveryBlock(order: Order, plan: Plan): MailBlock {
  const p = order.pickup;
  if (p) {
    const rows: [string, string][] = [['地點', p.name], ['地址', p.address]];
    if (p.hours) rows.push(['取書時間', p.hours]);
    if (plan.pickupNotes) rows.push(['取書說明', plan.pickupNotes]);
    return { kind: 'facts', title: '取書地點', tone: 'highlight', rows };
  }
  return {
    kind: 'facts',
    title: `寄送方式（${TYPED_BOX_TITLE.slice(2, -1)}）`,
    tone: 'highlight',
    rows: [['方式', '郵寄到府'], ['收件人', order.receiver.name], ['收件地址', order.receiver.address], ['出貨', '書籍寄出後，我們會寄信通知您貨件編號與查詢連結']],
  };
}

/** An unpaid order of a formed campaign: how to pay, and by when. A paid one: nothing to do. */
function paymentBlocks(order: Order, settings: ShopSettings): MailBlock[] {
  if (awaitsFormation(order) || (awaitsPayment(order) && !order.paymentDueAt)) {
    return [{ kind: 'text', text: '我們會另寄收款通知，告訴您匯款帳號、金額與期限。' }];
  }
  if (!awaitsPayment(order) || !order.paymentDueAt) return [{ kind: 'text', text: '我們已收到您的匯款，您不需要再做任何事，書籍備妥後依上方方式交付。' }];
  const due = formatTaipeiTime(order.paymentDueAt);
  return [
    bankBlock(order, settings, due, '請完成匯款'),
    { kind: 'text', text: `您的訂單尚未完成匯款，請於 ${due}前匯款，逾期訂單將自動取消。` },
  ];
}
