// Writes web/public/sitemap.xml and web/public/robots.txt from the public routes and the seed's
// launched books, open campaigns and download pages.
//   npx tsx scripts/content/generate-sitemap.mjs    (tsx reads the TypeScript seed; SITE_URL=https://your.domain to override)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plans } from '../../seed/data/plans';
import { products } from '../../seed/data/products';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = (process.env.SITE_URL ?? 'https://demo-bookstore.web.app').replace(/\/+$/, '');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'web/public/files/manifest.json'), 'utf8'));

/** @type {[string, string, number][]} */
const entries = [
  ['/', 'weekly', 1.0],
  ['/bookstore', 'weekly', 0.9],
  ...products.filter((p) => p.launched).map((p) => [`/bookstore/${p.productId}`, 'monthly', 0.8]),
  ...plans.filter((p) => p.launched).map((p) => [`/ezbuy/${p.planId}`, 'weekly', 0.6]),
  ['/file', 'monthly', 0.6],
  ...manifest.books.map((b) => [`/file/${b.book}`, 'monthly', 0.5]),
  ['/shoppingInfo', 'yearly', 0.5],
  ['/faq', 'yearly', 0.5],
  ['/business', 'yearly', 0.5],
  ['/contact', 'yearly', 0.5],
  ['/order', 'yearly', 0.3],
];

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map(([loc, freq, prio]) => `  <url><loc>${SITE}${loc}</loc><changefreq>${freq}</changefreq><priority>${prio.toFixed(1)}</priority></url>`).join('\n')}
</urlset>
`;
writeFileSync(path.join(ROOT, 'web/public/sitemap.xml'), xml);

const robots = `# 青嶼書房
User-agent: *
Allow: /
Disallow: /api/
Disallow: /cart
Disallow: /user/
Disallow: /admin
Disallow: /ezbuy/cart
Disallow: /ezbuy/success

Sitemap: ${SITE}/sitemap.xml
`;
writeFileSync(path.join(ROOT, 'web/public/robots.txt'), robots);
console.log(`wrote sitemap.xml (${entries.length} URLs) and robots.txt for ${SITE}`);
