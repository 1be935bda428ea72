import type { ShopSettings } from '../../contracts/settings';
import { siteUrl } from '../../lib/site-url';
import { renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer } from '../../mail/order-parts';

// The account mails (verification, password reset) in the shop's own voice and layout, like the order
// mails, instead of Firebase's generic template. Their links lead to the shop's /user/authAction with the
// code the Admin SDK made, built from the configured site URL only (SITE_URL; never a request header).

export type AccountAction = 'verifyEmail' | 'resetPassword';

/** The shop's handler for a Firebase action link: its mode and code, on the configured site. */
export function accountActionUrl(mode: AccountAction, firebaseLink: string): string {
  const oobCode = new URL(firebaseLink).searchParams.get('oobCode');
  if (!oobCode) throw new Error('The action link carries no oobCode');
  return `${siteUrl()}/user/authAction?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}`;
}

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;

export function verifyEmailMail(to: string, name: string | null, link: string, settings: Settings): ComposedMail {
  const { shopName } = settings;
  const { html, text } = renderMail({
    shopName,
    preheader: '請點擊信中的按鈕，完成電子郵件驗證。',
    heading: '請驗證您的電子郵件',
    greeting: `${name ? `${name} ` : ''}您好：`,
    blocks: [
      { kind: 'text', text: `感謝您註冊${shopName}會員。請點擊下方按鈕驗證這個電子郵件地址，驗證後即可結帳訂購。` },
      { kind: 'button', href: link, label: '驗證電子郵件' },
      { kind: 'note', text: '連結只能使用一次。若您沒有註冊，請忽略這封信，帳號不會被啟用。' },
    ],
    footer: [...footer(settings), `您收到這封信，是因為有人以 ${to} 註冊了${shopName}會員。`],
  });
  return { to, message: { subject: `【${shopName}】請驗證您的電子郵件`, text, html } };
}

export function resetPasswordMail(to: string, link: string, settings: Settings): ComposedMail {
  const { shopName } = settings;
  const { html, text } = renderMail({
    shopName,
    preheader: '點擊信中的按鈕即可設定新密碼。',
    heading: '重設密碼',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `我們收到重設${shopName}會員密碼的申請。請點擊下方按鈕設定新密碼。` },
      { kind: 'button', href: link, label: '設定新密碼' },
      { kind: 'note', text: '連結只能使用一次，並會在一段時間後失效。若您沒有申請重設密碼，請忽略這封信，您的密碼不會改變。' },
    ],
    footer: [...footer(settings), `您收到這封信，是因為有人為 ${to} 申請重設密碼。`],
  });
  return { to, message: { subject: `【${shopName}】重設密碼`, text, html } };
}
