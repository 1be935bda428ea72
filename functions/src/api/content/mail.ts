import type { OutgoingMail } from '../../data/subscriptions';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The newsletter's confirmation mail, with the signed unsubscribe link. */
export function newsletterWelcomeMail(to: string, shopName: string, unsubscribeUrl: string): OutgoingMail {
  const subject = `【${shopName}】電子報訂閱成功`;
  const text = [
    '您好：',
    '',
    `感謝您訂閱${shopName}電子報！新書上市、勘誤公告與團購活動開跑時，我們會寄信通知您。`,
    '',
    `若不想再收到電子報，請開啟以下連結取消訂閱：`,
    unsubscribeUrl,
    '',
    `${shopName} 敬上`,
  ].join('\n');
  const html = `<!doctype html><html lang="zh-Hant-TW"><body style="font-family:sans-serif;line-height:1.7;color:#1f2a2e">
<p>您好：</p>
<p>感謝您訂閱${escapeHtml(shopName)}電子報！新書上市、勘誤公告與團購活動開跑時，我們會寄信通知您。</p>
<p style="font-size:13px;color:#4a5a60">若不想再收到電子報，請<a href="${escapeHtml(unsubscribeUrl)}">按此取消訂閱</a>。</p>
<p>${escapeHtml(shopName)} 敬上</p>
</body></html>`;
  return { to, message: { subject, text, html } };
}
