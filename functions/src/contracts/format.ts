// Money and Taiwan time, written once for everything that shows them: the storefront and the admin
// (web/src imports this as @contracts/format), mails, CSV exports, order numbers and the daily stats.
// Intl does the work with the Asia/Taipei zone, so no code shifts instants by hand.

// The formatters are made on first use, not when this module loads: a page's first Intl object loads
// ICU's data, 33–40 ms of the browser's main thread in Lighthouse's runs (docs/storefront.md), and the
// web's entry loads this module, so every page paid it at start-up, the pages that show no price or date
// (sign-in, sign-up, the order lookup) for nothing.
let money: Intl.NumberFormat | undefined;

/** Whole NT$ as the shop writes it: NT$1,880 (Intl's own zh-TW symbol is $). */
export function formatMoney(amount: number): string {
  money ??= new Intl.NumberFormat('zh-TW', {
    style: 'currency',
    currency: 'TWD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return money
    .formatToParts(amount)
    .map((p) => (p.type === 'currency' ? 'NT$' : p.value))
    .join('');
}

/** The Taiwan wall clock of an instant, as zero-padded strings (year has four digits). */
export interface TaipeiParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

let taipei: Intl.DateTimeFormat | undefined;

export function taipeiParts(at: string | number | Date): TaipeiParts {
  const d = at instanceof Date ? at : new Date(at);
  const p: Record<string, string> = {};
  taipei ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of taipei.formatToParts(d)) p[part.type] = part.value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** A long Chinese date for prose: 2027年3月31日. */
export function formatLongDate(at: string | number | Date): string {
  // A stored date the owner's form no longer accepts (from before issue 24) is shown as it is: a book
  // page must never fail on the owner's text.
  if (Number.isNaN((at instanceof Date ? at : new Date(at)).getTime())) return String(at);
  const p = taipeiParts(at);
  return `${p.year}年${Number(p.month)}月${Number(p.day)}日`;
}

/** A long Chinese date with its Taiwan time, for a deadline stated in prose: 2027年3月31日 23:59. */
export function formatLongDateTime(at: string | number | Date): string {
  if (Number.isNaN((at instanceof Date ? at : new Date(at)).getTime())) return String(at);
  const p = taipeiParts(at);
  return `${formatLongDate(at)} ${p.hour}:${p.minute}`;
}

/** 2027/03/31 23:59 in Taiwan time. */
export function formatDateTime(at: string | number | Date): string {
  const p = taipeiParts(at);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

/** The Taiwan calendar day of an instant: 2027-03-31. */
export function taiwanDay(at: string | number | Date): string {
  const p = taipeiParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A Taiwan wall-clock value for <input type="datetime-local">: 2027-03-31T23:59 ('' for ''). */
export function toTaipeiLocal(iso: string): string {
  if (!iso) return '';
  const p = taipeiParts(iso);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant a datetime-local value means in Taiwan (UTC+8 all year: no daylight saving time). */
export function fromTaipeiLocal(local: string): string {
  return local ? `${local}:00+08:00` : '';
}

/** The owner's 成團 / 流團 (contracts/group-buying.ts CampaignOutcome) as every page says it; here, without zod, for the storefront's first JS. */
export const CAMPAIGN_OUTCOME_LABELS: Record<'succeeded' | 'failed', string> = { succeeded: '已成團', failed: '未成團（流團）' };

/**
 * Where a campaign stands toward its threshold, as every page says it (the public page, the console's
 * dashboard): the owner's 成團 / 流團 decision, once made, is the one thing that knows the outcome and
 * wins over the count (a campaign may be decided 成團 below its threshold; after 流團 no count matters).
 * `unit` is the page's word for a copy (本 or 冊). Null without a threshold and without a decision.
 */
export function thresholdText(p: { decided: 'succeeded' | 'failed' | null; minQuantity: number | null; copies: number }, unit = '本'): string | null {
  if (p.decided === 'failed') return '未成團（流團），訂單已取消或退款';
  if (p.decided === 'succeeded') return '已成團';
  if (p.minQuantity == null) return null;
  const missing = Math.max(0, p.minQuantity - p.copies);
  return missing === 0 ? `已達成團門檻 ${p.minQuantity} ${unit}` : `成團門檻 ${p.minQuantity} ${unit}，還差 ${missing} ${unit}`;
}

/**
 * Digits as a person types or pastes them: full-width ０–９ (what a Chinese keyboard types) made ASCII,
 * every space (also the full-width U+3000) dropped. The bank digits' schema (contracts/common.ts) applies
 * it before checking, so the browser's form and the server read 「１２３４５」 and 「 12345 」 alike.
 */
export const normaliseDigits = (s: string): string => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\s\u3000]+/g, '');

/** The sentence a campaign's minimum per order is stated in, on its page and in the refusal alike. */
export const minPerOrderText = (n: number) => `每筆訂單至少 ${n} 本`;

/**
 * The one sentence about the shipping fee, from the fee an order pays (the public settings'
 * `shippingFee`, contracts/content.ts PublicSettings) wherever the shop states it (pages, footer, FAQ,
 * 購物須知), so no page promises what the checkout does not charge.
 */
export function shippingText(shippingFee: number): string {
  return shippingFee === 0 ? '臺灣全區（含離島）郵寄免運' : `郵寄運費每筆 ${formatMoney(shippingFee)}`;
}

/**
 * The value of an order's 運費 line, from the fee it pays (the order's `shippingFee`, or before it exists
 * the public settings' one): the checkouts' confirmations, the success and order pages, the console and
 * the mails write it alike.
 */
export const shippingFeeText = (shippingFee: number): string => (shippingFee === 0 ? '免運費' : formatMoney(shippingFee));
