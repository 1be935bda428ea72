import type { ShopSettings } from '../../contracts/settings';
import { siteUrl } from '../../lib/site-url';
import { renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer } from '../../mail/order-parts';

/**
 * The newsletter's confirmation mail. Its unsubscribe link opens /user/cancelSubscribe (a person
 * confirms there); the List-Unsubscribe headers give mail clients their own button, which POSTs to
 * /api/subscriptions/one-click (RFC 8058). Both carry the signed token of this subscription.
 */
export function newsletterWelcomeMail(to: string, settings: Pick<ShopSettings, 'shopName' | 'contact'>, token: string): ComposedMail {
  const shopName = settings.shopName;
  const pageUrl = `${siteUrl()}/user/cancelSubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${siteUrl()}/api/subscriptions/one-click?token=${encodeURIComponent(token)}`;
  const { html, text } = renderMail({
    shopName,
    preheader: `感謝您訂閱${shopName}電子報。`,
    heading: '電子報訂閱成功',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `感謝您訂閱${shopName}電子報！新書上市、勘誤公告與團購活動開跑時，我們會寄信通知您。` },
      { kind: 'button', href: `${siteUrl()}/bookstore`, label: '逛逛書店' },
      { kind: 'note', text: '若不想再收到電子報，可隨時', link: { href: pageUrl, label: '取消訂閱' } },
    ],
    footer: [...footer(settings), `您收到這封信，是因為 ${to} 訂閱了${shopName}電子報。`],
  });
  return {
    to,
    message: { subject: `【${shopName}】電子報訂閱成功`, text, html },
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
