import { INQUIRY_TOPIC_LABELS, type AdminInquiry, type InquiryReply } from '../../contracts/inquiries';
import type { ShopSettings } from '../../contracts/settings';
import type { InquiryRecord } from '../../data/inquiries';
import { siteUrl } from '../../lib/site-url';
import { formatTaipeiTime, renderMail } from '../../mail/layout';
import type { ComposedMail } from '../../mail/mail-doc';
import { footer } from '../../mail/order-parts';

// The mails of an inquiry: to the shop when it arrives, the customer's acknowledgement, the owner's reply.

type Settings = Pick<ShopSettings, 'shopName' | 'contact'>;

/** The reference customers and the owner both see: the id's first 8 characters, as the form showed it. */
export const inquiryRef = (inquiryId: string) => inquiryId.slice(0, 8);

function askedRows(i: Pick<InquiryRecord, 'topic' | 'name' | 'email' | 'phone' | 'organization' | 'quantity' | 'planId' | 'book' | 'orderNo' | 'createdAt'>): [string, string][] {
  const rows: [string, string][] = [
    ['類別', INQUIRY_TOPIC_LABELS[i.topic]],
    ['姓名', i.name],
    ['電子郵件', i.email],
  ];
  if (i.phone) rows.push(['電話', i.phone]);
  if (i.organization) rows.push(['單位', i.organization]);
  if (i.quantity) rows.push(['預計數量', `${i.quantity} 本`]);
  if (i.planId) rows.push(['團購活動', i.planId]);
  if (i.book) rows.push(['書籍', i.book]);
  if (i.orderNo) rows.push(['訂單號碼', i.orderNo]);
  rows.push(['送出時間', formatTaipeiTime(i.createdAt)]);
  return rows;
}

/** To the shop's address: everything the customer wrote, and the way to the inbox. Reply-To is the customer. */
export function inquiryShopMail(i: InquiryRecord, settings: Settings): ComposedMail | null {
  if (!settings.contact.email) return null;
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `${i.name}：${i.message.slice(0, 60)}`,
    heading: '收到新的顧客詢問',
    greeting: '店長您好：',
    blocks: [
      { kind: 'text', text: `顧客透過網站送出了一則詢問（編號 ${inquiryRef(i.inquiryId)}），請於 1–2 個工作天內回覆。` },
      { kind: 'facts', rows: askedRows(i) },
      { kind: 'facts', title: '詢問內容', rows: [['內容', i.message]] },
      { kind: 'button', href: `${siteUrl()}/admin/inquiries/${encodeURIComponent(i.inquiryId)}`, label: '在後台回覆' },
      { kind: 'note', text: '在後台回覆會寄信給顧客並留下紀錄；直接回覆這封信也會寄到顧客的信箱，但後台不會記錄。' },
    ],
    footer: [`${settings.shopName} 網站系統通知`],
  });
  return { to: settings.contact.email, replyTo: i.email, message: { subject: `【${settings.shopName}】新詢問：${INQUIRY_TOPIC_LABELS[i.topic]}（${i.name}）`, text, html } };
}

/**
 * To the customer: the inquiry arrived. It repeats none of the customer's own words, so that the form
 * cannot be used to send someone else a message in the shop's name (anyone can type any address there).
 */
export function inquiryAcknowledgementMail(i: InquiryRecord, settings: Settings): ComposedMail {
  const ref = inquiryRef(i.inquiryId);
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: `我們已收到您的詢問（編號 ${ref}），將於 1–2 個工作天內回覆。`,
    heading: '已收到您的詢問',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: `感謝您與${settings.shopName}聯絡。我們已收到您的詢問，將於 1–2 個工作天內以電子郵件或電話回覆您。` },
      { kind: 'facts', rows: [['詢問編號', ref], ['類別', INQUIRY_TOPIC_LABELS[i.topic]], ['送出時間', formatTaipeiTime(i.createdAt)]] },
      { kind: 'note', text: `若您沒有送出這則詢問，請忽略這封信。急件請來電 ${settings.contact.phone}。` },
    ],
    footer: footer(settings),
  });
  return { to: i.email, message: { subject: `【${settings.shopName}】已收到您的詢問（編號 ${ref}）`, text, html } };
}

/**
 * The owner's reply, as written, and nothing of the inquiry: the address was typed by whoever sent it,
 * so the reply quotes neither the message nor the name (issue 31). Reply-To is the shop.
 */
export function inquiryReplyMail(i: AdminInquiry, reply: InquiryReply, settings: Settings): ComposedMail {
  const ref = inquiryRef(i.inquiryId);
  const { html, text } = renderMail({
    shopName: settings.shopName,
    preheader: reply.message.slice(0, 80),
    heading: '回覆您的詢問',
    greeting: '您好：',
    blocks: [
      { kind: 'text', text: reply.message },
      { kind: 'facts', title: '您的詢問', rows: [['詢問編號', ref], ['送出時間', formatTaipeiTime(i.createdAt)]] },
      { kind: 'note', text: '如還有問題，直接回覆這封信即可。' },
    ],
    footer: footer(settings),
  });
  return {
    to: i.email,
    ...(settings.contact.email ? { replyTo: settings.contact.email } : {}),
    message: { subject: `【${settings.shopName}】回覆您的詢問（編號 ${ref}）`, text, html },
  };
}
