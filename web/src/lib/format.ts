const money = new Intl.NumberFormat('zh-TW', {
  style: 'currency',
  currency: 'TWD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole NT$ as the shop writes it: NT$1,880. */
export function formatMoney(amount: number): string {
  return money
    .formatToParts(amount)
    .map((p) => (p.type === 'currency' ? 'NT$' : p.value))
    .join('');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** mm/dd/yy, the seed's default date format, in Taiwan time. */
export function formatDate(iso: string | Date): string {
  const d = toTaipei(iso);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear() % 100)}`;
}

/** A long Chinese date for prose: 2027年3月31日. */
export function formatLongDate(iso: string | Date): string {
  const d = toTaipei(iso);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** 2027/03/31 23:59 in Taiwan time. */
export function formatDateTime(iso: string | Date): string {
  const d = toTaipei(iso);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function toTaipei(iso: string | Date): Date {
  const t = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return new Date(t + 8 * 3600_000);
}
