// The formatters the storefront's first pages show: money (prices, and the footer's shipping sentence,
// which every page's entry holds) and the long Chinese date (the home page's campaigns, a book's
// edition). format.ts re-exports them with the rest (times, Taiwan days, the datetime-local values, the
// campaigns' sentences): a bundler puts a whole module in one chunk, so while the footer imported
// shippingText from format.ts, all of it was in every page's first JS (docs/storefront.md, "Fourth round").
// Code that needs only these imports them from here (@contracts/format-core); the rest, from format.ts.

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

/**
 * The one sentence about the shipping fee, from the fee an order pays (the public settings'
 * `shippingFee`, contracts/content.ts PublicSettings) wherever the shop states it (pages, footer, FAQ,
 * 購物須知), so no page promises what the checkout does not charge.
 */
export function shippingText(shippingFee: number): string {
  return shippingFee === 0 ? '臺灣全區（含離島）郵寄免運' : `郵寄運費每筆 ${formatMoney(shippingFee)}`;
}

