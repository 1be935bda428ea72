import type { ShopSettings } from '../../contracts/settings';
import { siteUrl } from '../../lib/site-url';
import { formatTaipeiTime, renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer } from '../../mail/order-parts';

// 「截止前提醒我」's two mails, in the layout every customer mail shares (functions/src/mail/layout.ts):
// the confirmation when someone signs up, and the reminder 24 h before the campaign closes. Both carry
// the cancel link of that one registration (./service.ts signs it).

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;
interface Campaign {
  planId: string;
  title: string;
  closingDate: string;
}

const planUrl = (planId: string) => `${siteUrl()}/ezbuy/${encodeURIComponent(planId)}`;
const cancelUrl = (token: string) => `${siteUrl()}/closeReminder/cancel?token=${encodeURIComponent(token)}`;

export function reminderConfirmationMail(to: string, plan: Campaign, settings: Settings, token: string): ComposedMail {
  const { shopName } = settings;
  const { html, text } = renderMail({
    shopName,
    preheader: `「${plan.title}」截止前 24 小時，我們會寄一封提醒信給您。`,
    heading: '截止前提醒登記成功',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `您已登記團購「${plan.title}」的截止前提醒。活動截止前 24 小時，我們會寄一封提醒信到這個信箱（只寄一次）。` },
      { kind: 'facts', rows: [['截止時間', formatTaipeiTime(plan.closingDate)]] },
      { kind: 'button', href: planUrl(plan.planId), label: '查看團購活動' },
      { kind: 'note', text: '不是您登記的，或不想收到提醒？', link: { href: cancelUrl(token), label: '取消截止前提醒' } },
    ],
    footer: [...footer(settings), `您收到這封信，是因為有人以 ${to} 在${shopName}登記了團購截止前提醒。`],
  });
  return { to, message: { subject: `【${shopName}】已登記「${plan.title}」截止前提醒`, text, html } };
}

export function closeReminderMail(to: string, plan: Campaign, settings: Settings, token: string): ComposedMail {
  const { shopName } = settings;
  const closing = formatTaipeiTime(plan.closingDate);
  const { html, text } = renderMail({
    shopName,
    preheader: `「${plan.title}」將於 ${closing} 截止。`,
    heading: '團購即將截止',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `您登記提醒的團購「${plan.title}」將在 24 小時內截止，還沒訂購的話，請把握時間。` },
      { kind: 'facts', tone: 'highlight', rows: [['截止時間', closing]] },
      { kind: 'button', href: planUrl(plan.planId), label: '前往團購活動' },
      { kind: 'note', text: '這是這個活動唯一的一封截止提醒。不想再收到？', link: { href: cancelUrl(token), label: '取消截止前提醒' } },
    ],
    footer: [...footer(settings), `您收到這封信，是因為 ${to} 登記了團購截止前提醒。`],
  });
  return { to, message: { subject: `【${shopName}】「${plan.title}」即將截止（${closing}）`, text, html } };
}
