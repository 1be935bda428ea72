// After both web builds: the browser build's index.html becomes the `ssr` function's page template
// (functions/ssr/template.html) and, renamed app.html, the shell Hosting serves for the pages that
// are not rendered first (cart, account, admin): an index.html would shadow the rendered `/`.
// The files manifest goes beside the template, so the function renders /file without a request.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBannerVariants } from './lib/banner-images.mjs';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web');
const dist = process.env.WEB_OUT_DIR ? path.resolve(WEB, process.env.WEB_OUT_DIR) : path.join(WEB, 'dist');
const ssr = path.join(WEB, '..', 'functions', 'ssr');

const index = path.join(dist, 'index.html');
if (!existsSync(index)) throw new Error(`finish-web-build: no ${index}; run vite build first`);
// In a rendered page the HTML already shows everything: its JS only hydrates. So the template loads only
// the boot script (web/src/boot.ts), which fetches the entry and its imports after the first paint; the
// `ssr` function adds the page's own chunks to its data-preload (functions/src/ssr/handler.ts).
// The shell (app.html) keeps the ordinary entry and preloads: there the page needs its JS to show at all.
const html = readFileSync(index, 'utf8');
const clientManifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const boot = clientManifest['src/boot.ts']?.file;
if (!boot) throw new Error('finish-web-build: no src/boot.ts in the client manifest (web/vite.config.ts inputs)');
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
if (!entry) throw new Error('finish-web-build: no module entry in index.html');
const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
let template = html.replace(entry[0], '');
for (const p of preloads) template = template.replace(p[0], '');
template = template.replace('</body>', `  <script type="module" crossorigin src="/${boot}" data-app="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>\n  </body>`);
// A rendered page's stylesheets come inside its HTML (<style>), the entry's here and the page's own from
// the `ssr` function (functions/src/ssr/handler.ts assetLinks, which reads them from functions/ssr/css/):
// a linked stylesheet blocks the first paint for a round trip of its own (two on the home page), ~350 ms
// of Lighthouse's simulated first paint (docs/storefront.md, "Styles inside the first HTML"). The shell
// (app.html) keeps its links.
const ssrCss = path.join(ssr, 'css');
rmSync(ssrCss, { recursive: true, force: true });
mkdirSync(ssrCss, { recursive: true });
for (const f of readdirSync(path.join(dist, 'assets')).filter((n) => n.endsWith('.css'))) {
  if (/<\/style/i.test(readFileSync(path.join(dist, 'assets', f), 'utf8'))) throw new Error(`finish-web-build: ${f} cannot be inlined (it contains </style)`);
  copyFileSync(path.join(dist, 'assets', f), path.join(ssrCss, f));
}
const entryCss = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/g)];
if (!entryCss.length) throw new Error('finish-web-build: no entry stylesheet in index.html');
for (const [link, file] of entryCss) {
  const css = readFileSync(path.join(ssrCss, file), 'utf8');
  template = template.replace(link, () => `<style data-href="/assets/${file}">${css}</style>`);
}
writeFileSync(path.join(ssr, 'template.html'), template);
renameSync(index, path.join(dist, 'app.html'));
copyFileSync(path.join(WEB, 'public', 'files', 'manifest.json'), path.join(ssr, 'files-manifest.json'));
// Which CSS and JS each page needs, so its first HTML links them (no unstyled page without JavaScript).
copyFileSync(path.join(dist, '.vite', 'manifest.json'), path.join(ssr, 'client-manifest.json'));
console.log(`finish-web-build: ${path.relative(WEB, dist)}/app.html and functions/ssr/template.html written`);

// robots.txt is static: the functions platform answers /robots.txt itself with a 404. Its Sitemap line
// must be absolute: SITE_URL of the project built for, which npm run deploy:check -- --project <p> sets from
// that project's functions/.env.<project-id> (never another project's file: with staging and production
// both configured, any other choice could name the wrong shop), else the Hosting emulator's address of
// the local runs (HOSTING_URL). Without either, no Sitemap line.
function configuredSiteUrl() {
  return process.env.SITE_URL || process.env.HOSTING_URL || null;
}
const site = configuredSiteUrl()?.replace(/\/+$/, '');
const robots = ['# 青嶼書房', 'User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /cart', 'Disallow: /user/', 'Disallow: /admin', 'Disallow: /ezbuy/cart', 'Disallow: /ezbuy/success', ''];
if (site) robots.push(`Sitemap: ${site}/sitemap.xml`, '');
writeFileSync(path.join(dist, 'robots.txt'), robots.join('\n'));

// The campaigns' banners in AVIF and WebP beside each JPEG or PNG (scripts/lib/banner-images.mjs).
const banners = await writeBannerVariants(path.join(dist, 'images', 'banner'));
console.log(`finish-web-build: ${banners} banner variants written`);
