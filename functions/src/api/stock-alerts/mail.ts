import type { ShopSettings } from '../../contracts/settings';
import { siteUrl } from '../../lib/site-url';
import { formatTaipeiTime, renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer } from '../../mail/order-parts';

// 到貨通知's two mails, in the layout every customer mail shares (functions/src/mail/layout.ts): the
// confirmation when someone registers, and the one mail when the book is back. Both carry the cancel
// link of that one registration, which expires (./service.ts signs it).

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;

const bookUrl = (productId: string) => `${siteUrl()}/bookstore/${encodeURIComponent(productId)}`;
export const cancelUrl = (token: string) => `${siteUrl()}/stockAlert/cancel?token=${encodeURIComponent(token)}`;

export function alertConfirmationMail(to: string, book: { productId: string; name: string }, settings: Settings, token: string, linkExpiresAt: string): ComposedMail {
  const { shopName } = settings;
  const { html, text } = renderMail({
    shopName,
    preheader: `《${book.name}》到貨時，我們會寄一封信通知您。`,
    heading: '到貨通知登記成功',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `您已登記《${book.name}》的到貨通知。這本書一到貨，我們會寄一封通知信到這個信箱（只寄一次）。` },
      { kind: 'button', href: bookUrl(book.productId), label: '查看這本書' },
      {
        kind: 'note',
        text: `不是您登記的，或不想收到通知？以下連結在 ${formatTaipeiTime(linkExpiresAt)}前有效。`,
        link: { href: cancelUrl(token), label: '取消到貨通知' },
      },
    ],
    footer: [...footer(settings), `您收到這封信，是因為有人以 ${to} 在${shopName}登記了到貨通知。`],
  });
  return { to, message: { subject: `【${shopName}】已登記《${book.name}》到貨通知`, text, html } };
}

export function restockMail(to: string, book: { productId: string; name: string }, settings: Settings, token: string): ComposedMail {
  const { shopName } = settings;
  const { html, text } = renderMail({
    shopName,
    preheader: `您登記的《${book.name}》已經到貨。`,
    heading: '您登記的書到貨了',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `您登記到貨通知的《${book.name}》已經到貨，歡迎前往訂購。` },
      { kind: 'button', href: bookUrl(book.productId), label: '前往訂購' },
      { kind: 'note', text: '這是這本書唯一的一封到貨通知。不想再收到這類通知？', link: { href: cancelUrl(token), label: '取消到貨通知' } },
    ],
    footer: [...footer(settings), `您收到這封信，是因為 ${to} 登記了到貨通知。`],
  });
  return { to, message: { subject: `【${shopName}】《${book.name}》到貨通知`, text, html } };
}
