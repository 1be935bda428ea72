// "Did you mean …?" for mistyped mail domains (name@gmial.con): the address is still the shopper's to
// keep; the forms only offer the likely one, as common practice is.

const DOMAINS = ['gmail.com', 'yahoo.com.tw', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'msa.hinet.net', 'livemail.tw', 'me.com'];
const TLD_FIXES: Record<string, string> = { con: 'com', cmo: 'com', ocm: 'com', comm: 'com', om: 'com', net: 'net', tw: 'tw' };

/** Edit distance counting a swap of two neighbours as one edit (gmial -> gmail), small strings only. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The address with its likely domain, or null when it looks right (or nothing better is known). */
export function suggestEmail(raw: string): string | null {
  const email = raw.trim();
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!domain || DOMAINS.includes(domain)) return null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const d of DOMAINS) {
    const n = distance(domain, d);
    if (n < bestDistance) {
      best = d;
      bestDistance = n;
    }
  }
  if (best) return `${local}@${best}`;
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot + 1) : '';
  const fixed = TLD_FIXES[tld];
  return fixed && fixed !== tld ? `${local}@${domain.slice(0, dot)}.${fixed}` : null;
}
