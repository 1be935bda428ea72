// Money and Taiwan time, written once for everything that shows them: the storefront and the admin
// (web/src imports this as @contracts/format), mails, CSV exports, order numbers and the daily stats.
// Intl does the work with the Asia/Taipei zone, so no code shifts instants by hand. The storefront's
// first pages need only format-core.ts (money, the long date, the shipping sentence), whose formatters
// this module re-exports.

import { formatLongDate, formatMoney, taipeiParts } from './format-core';

export { formatLongDate, formatMoney, taipeiParts, type TaipeiParts } from './format-core';
export { normaliseDigits } from './digits';

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

/** The sentence a campaign's minimum per order is stated in, on its page and in the refusal alike. */
export const minPerOrderText = (n: number) => `每筆訂單至少 ${n} 本`;

/**
 * The value of an order's 運費 line, from the fee it pays (the order's `shippingFee`, or before it exists
 * the public settings' one): the checkouts' confirmations, the success and order pages, the console and
 * the mails write it alike.
 */
export const shippingFeeText = (shippingFee: number): string => (shippingFee === 0 ? '免運費' : formatMoney(shippingFee));
