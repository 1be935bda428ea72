// The one layout every customer mail shares: an HTML part built from tables with inline styles (what
// Gmail, Outlook and Apple Mail all render the same way, and legible on a 360 px phone) and a plain-text
// part saying the same, both from one description of the mail's content.

import { formatDateTime } from '../contracts/format';
import { escapeHtml } from '../contracts/html';

/** The shop's colours, the same as web/src/styles (the storefront's --c-* custom properties). */
export const MAIL_COLOURS = {
  ink: '#1f2a2e',
  inkSoft: '#4a5a60',
  paper: '#faf7f2',
  paperDeep: '#f2ece1',
  surface: '#ffffff',
  line: '#e3ddd2',
  primary: '#2f5d62',
  primarySoft: '#e4eeee',
  accent: '#a04b12',
  accentSoft: '#fbeee4',
} as const;

const C = MAIL_COLOURS;
const FONT = "'PingFang TC','Noto Sans TC','Microsoft JhengHei',Helvetica,Arial,sans-serif";

export type MailBlock =
  /** A paragraph; `\n` breaks lines. */
  | { kind: 'text'; text: string }
  /** Label–value rows under an optional title (order number, bank details, parcel). */
  | { kind: 'facts'; title?: string; rows: [label: string, value: string][]; tone?: 'plain' | 'highlight' }
  /** The order's lines and its totals. */
  | { kind: 'items'; items: { name: string; qty: number; amount: string }[]; totals: [label: string, value: string][] }
  /** A call to action: a button in HTML, the bare address in text. */
  | { kind: 'button'; href: string; label: string }
  /** Small print, optionally ending in a link (the bare address in text). */
  | { kind: 'note'; text: string; link?: { href: string; label: string } };

export interface MailContent {
  shopName: string;
  /** Shown by mail clients after the subject in the inbox list. */
  preheader: string;
  heading: string;
  greeting: string;
  blocks: MailBlock[];
  /** Footer lines: the shop's contact, why this mail came. */
  footer: string[];
}

const esc = escapeHtml;
const escLines = (s: string) => esc(s).replace(/\n/g, '<br>');

/** 2026/11/26 23:59（台灣時間）: mails are read anywhere, deadlines are Taiwan's. */
export const formatTaipeiTime = (iso: string) => `${formatDateTime(iso)}（台灣時間）`;

function htmlBlock(b: MailBlock): string {
  const cell = `padding:0 0 20px 0;font-family:${FONT};`;
  switch (b.kind) {
    case 'text':
      return `<tr><td style="${cell}font-size:16px;line-height:1.7;color:${C.ink};">${escLines(b.text)}</td></tr>`;
    case 'note': {
      const link = b.link ? ` <a href="${esc(b.link.href)}" target="_blank" style="color:${C.primary};text-decoration:underline;">${esc(b.link.label)}</a>` : '';
      return `<tr><td style="${cell}font-size:13px;line-height:1.6;color:${C.inkSoft};">${escLines(b.text)}${link}</td></tr>`;
    }
    case 'button':
      return `<tr><td style="${cell}" align="left"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="${C.primary}" style="border-radius:6px;background:${C.primary};"><a href="${esc(b.href)}" target="_blank" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${esc(b.label)}</a></td></tr></table><div style="padding-top:8px;font-family:${FONT};font-size:12px;line-height:1.5;color:${C.inkSoft};word-break:break-all;">${esc(b.href)}</div></td></tr>`;
    case 'facts': {
      const highlight = b.tone === 'highlight';
      const rows = b.rows
        .map(
          ([label, value]) =>
            `<tr><td valign="top" width="1%" style="padding:4px 12px 4px 0;font-family:${FONT};font-size:14px;line-height:1.6;color:${C.inkSoft};white-space:nowrap;">${esc(label)}</td><td valign="top" style="padding:4px 0;font-family:${FONT};font-size:15px;line-height:1.6;color:${C.ink};font-weight:bold;word-wrap:break-word;overflow-wrap:anywhere;">${escLines(value)}</td></tr>`,
        )
        .join('');
      const title = b.title
        ? `<tr><td colspan="2" style="padding:0 0 6px 0;font-family:${FONT};font-size:15px;font-weight:bold;color:${highlight ? C.accent : C.primary};">${esc(b.title)}</td></tr>`
        : '';
      return `<tr><td style="${cell}"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${highlight ? C.accentSoft : C.paper}" style="background:${highlight ? C.accentSoft : C.paper};border:1px solid ${highlight ? '#f0d3bd' : C.line};border-radius:6px;"><tr><td style="padding:14px 16px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${title}${rows}</table></td></tr></table></td></tr>`;
    }
    case 'items': {
      const lines = b.items
        .map(
          (i) =>
            `<tr><td valign="top" style="padding:8px 8px 8px 0;border-bottom:1px solid ${C.line};font-family:${FONT};font-size:15px;line-height:1.5;color:${C.ink};">${esc(i.name)}<div style="font-size:13px;color:${C.inkSoft};">數量 ${i.qty}</div></td><td valign="top" align="right" style="padding:8px 0;border-bottom:1px solid ${C.line};font-family:${FONT};font-size:15px;line-height:1.5;color:${C.ink};white-space:nowrap;">${esc(i.amount)}</td></tr>`,
        )
        .join('');
      const totals = b.totals
        .map(
          ([label, value], n) =>
            `<tr><td style="padding:${n === 0 ? 10 : 2}px 8px 2px 0;font-family:${FONT};font-size:${n === b.totals.length - 1 ? 16 : 14}px;${n === b.totals.length - 1 ? 'font-weight:bold;' : ''}color:${C.ink};" align="right">${esc(label)}</td><td align="right" style="padding:${n === 0 ? 10 : 2}px 0 2px 0;font-family:${FONT};font-size:${n === b.totals.length - 1 ? 16 : 14}px;${n === b.totals.length - 1 ? `font-weight:bold;color:${C.accent};` : `color:${C.ink};`}white-space:nowrap;">${esc(value)}</td></tr>`,
        )
        .join('');
      return `<tr><td style="${cell}"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td colspan="2" style="padding:0 0 4px 0;border-bottom:2px solid ${C.primary};font-family:${FONT};font-size:15px;font-weight:bold;color:${C.primary};">訂購內容</td></tr>${lines}${totals}</table></td></tr>`;
    }
  }
}

function textBlock(b: MailBlock): string {
  switch (b.kind) {
    case 'text':
      return b.text;
    case 'note':
      return b.link ? `${b.text}${b.link.label}：\n${b.link.href}` : b.text;
    case 'button':
      return `${b.label}：\n${b.href}`;
    case 'facts':
      return [...(b.title ? [`【${b.title}】`] : []), ...b.rows.map(([l, v]) => `${l}：${v.replace(/\n/g, '\n\u3000\u3000')}`)].join('\n');
    case 'items':
      return ['【訂購內容】', ...b.items.map((i) => `・${i.name} × ${i.qty}\u3000${i.amount}`), ...b.totals.map(([l, v]) => `${l}：${v}`)].join('\n');
  }
}

/** The HTML and plain-text parts of one mail. */
export function renderMail(c: MailContent): { html: string; text: string } {
  const text = [`${c.shopName}｜${c.heading}`, '', c.greeting, '', ...c.blocks.flatMap((b) => [textBlock(b), '']), '——', ...c.footer].join('\n');
  const html = `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${esc(c.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${C.paperDeep};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:${C.paperDeep};">${esc(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.paperDeep}" style="background:${C.paperDeep};">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td bgcolor="${C.primary}" style="background:${C.primary};padding:18px 24px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:20px;font-weight:bold;letter-spacing:2px;color:#ffffff;">${esc(c.shopName)}</td></tr>
<tr><td bgcolor="${C.surface}" style="background:${C.surface};padding:24px 20px 4px 20px;border-left:1px solid ${C.line};border-right:1px solid ${C.line};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td style="padding:0 0 16px 0;font-family:${FONT};font-size:22px;line-height:1.4;font-weight:bold;color:${C.primary};">${esc(c.heading)}</td></tr>
<tr><td style="padding:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:1.7;color:${C.ink};">${esc(c.greeting)}</td></tr>
${c.blocks.map(htmlBlock).join('\n')}
</table>
</td></tr>
<tr><td bgcolor="${C.paper}" style="background:${C.paper};padding:16px 20px;border:1px solid ${C.line};border-radius:0 0 8px 8px;font-family:${FONT};font-size:12px;line-height:1.7;color:${C.inkSoft};">${c.footer.map(escLines).join('<br>')}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { html, text };
}
