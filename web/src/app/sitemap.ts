import type { StorefrontSource } from '@contracts/storefront';

const FIXED: [path: string, changefreq: string, priority: string][] = [
  ['/', 'daily', '1.0'],
  ['/bookstore', 'daily', '0.9'],
  ['/file', 'monthly', '0.6'],
  ['/shoppingInfo', 'yearly', '0.5'],
  ['/faq', 'yearly', '0.5'],
  ['/business', 'yearly', '0.5'],
  ['/contact', 'yearly', '0.5'],
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every launched book and every open campaign, read when asked (the CDN caches the answer briefly). */
export async function buildSitemap(source: StorefrontSource, origin: string): Promise<string> {
  const [books, home, manifest] = await Promise.all([source.productSummaries(), source.home(), source.filesManifest().catch(() => ({ books: [] }))]);
  const rows: [string, string, string][] = [
    ...FIXED,
    ...books.map((b): [string, string, string] => [`/bookstore/${encodeURIComponent(b.productId)}`, 'weekly', '0.8']),
    ...home.campaigns.map((c): [string, string, string] => [`/ezbuy/${encodeURIComponent(c.planId)}`, 'daily', '0.7']),
    ...manifest.books.map((b): [string, string, string] => [`/file/${encodeURIComponent(b.book)}`, 'monthly', '0.5']),
  ];
  const urls = rows.map(([p, f, pr]) => `  <url><loc>${esc(origin + p)}</loc><changefreq>${f}</changefreq><priority>${pr}</priority></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
