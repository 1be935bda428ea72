// npm run smoke -- <base URL>: read-only checks of a running shop (GET only; nothing is written), e.g.
//   npm run smoke -- https://shop.example.tw        after a deploy (docs/deploy.md)
//   npm run smoke -- http://127.0.0.1:5000          against npm start; npm test runs it on its emulators
// Prints one line per check and exits 1 if any failed.
import { randomBytes } from 'node:crypto';

const base = (process.argv[2] ?? process.env.HOSTING_URL ?? '').replace(/\/+$/, '');
if (!/^https?:\/\/[^/]+$/.test(base)) {
  console.error('usage: npm run smoke -- <base URL, e.g. https://shop.example.tw>');
  process.exit(2);
}
const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base);
// A cold function can take a while to answer its first request (docs/orders.md, Launch day).
const TIMEOUT_MS = Number(process.env.SMOKE_TIMEOUT_MS) || 30_000;

async function get(path, accept = '*/*') {
  const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    headers: { Accept: accept, 'User-Agent': 'bookstore-smoke/1' },
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, url: path };
}

class Failed extends Error {}
const must = (ok, message) => {
  if (!ok) throw new Failed(message);
};
const header = (r, name) => r.headers.get(name) ?? '';
const contentTypeIs = (r, type) => must(header(r, 'content-type').includes(type), `${r.url}: Content-Type is "${header(r, 'content-type')}", expected ${type}`);
const statusIs = (r, status) => must(r.status === status, `${r.url}: answered ${r.status}, expected ${status}${r.status >= 400 ? ` (${r.text.slice(0, 120).replace(/\s+/g, ' ')})` : ''}`);

/** The og:* tags of a page, by property. */
function shareTags(html) {
  const tags = {};
  for (const m of html.matchAll(/<meta\s+property="(og:[\w:]+)"\s+content="([^"]*)"/g)) tags[m[1]] ??= m[2].replace(/&amp;/g, '&');
  return tags;
}
function checkShareTags(r, { type, titleIncludes }) {
  const og = shareTags(r.text);
  for (const p of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) must(og[p], `${r.url}: no ${p} share tag`);
  must(og['og:type'] === type, `${r.url}: og:type is "${og['og:type']}", expected "${type}"`);
  if (titleIncludes) must(og['og:title'].includes(titleIncludes), `${r.url}: og:title "${og['og:title']}" does not name "${titleIncludes}"`);
  for (const p of ['og:url', 'og:image']) {
    must(/^https?:\/\//.test(og[p]), `${r.url}: ${p} "${og[p]}" is not an absolute URL (link previews need one)`);
    if (!local) must(og[p].startsWith('https://'), `${r.url}: ${p} "${og[p]}" is not https (is SITE_URL set? docs/deploy.md)`);
  }
  return og;
}

/** The CSP's directives by name. */
function csp(r) {
  const value = header(r, 'content-security-policy');
  return Object.fromEntries(value.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...v]) => [name, v]));
}
function checkSecurityHeaders(r, { html }) {
  must(header(r, 'x-content-type-options') === 'nosniff', `${r.url}: X-Content-Type-Options is not nosniff`);
  const hsts = /max-age=(\d+)/.exec(header(r, 'strict-transport-security'));
  must(hsts && Number(hsts[1]) >= 15_552_000, `${r.url}: no Strict-Transport-Security of at least 180 days`);
  must(header(r, 'referrer-policy'), `${r.url}: no Referrer-Policy`);
  const policy = csp(r);
  must(Object.keys(policy).length, `${r.url}: no Content-Security-Policy`);
  must(policy['frame-ancestors']?.join(' ') === "'none'" || header(r, 'x-frame-options') === 'DENY', `${r.url}: the page can be framed (no frame-ancestors 'none' nor X-Frame-Options DENY)`);
  if (html) {
    must(policy['default-src'], `${r.url}: the CSP has no default-src`);
    must(policy['object-src']?.join(' ') === "'none'", `${r.url}: the CSP does not say object-src 'none'`);
    must(policy['base-uri'], `${r.url}: the CSP has no base-uri`);
    const scripts = policy['script-src'] ?? policy['default-src'] ?? [];
    must(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), `${r.url}: the CSP allows inline or eval'd scripts`);
    if (!local) must(!/127\.0\.0\.1|localhost|ws:\/\//.test(header(r, 'content-security-policy')), `${r.url}: the CSP names an emulator`);
  }
}
const cacheControl = (r) => header(r, 'cache-control');

const results = [];
async function check(name, fn) {
  const t = Date.now();
  try {
    const note = await fn();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}${note ? ` (${note})` : ''} ${Date.now() - t} ms`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name}: ${e instanceof Failed ? e.message : `${e.name}: ${e.message}`}`);
  }
}

console.log(`smoke: ${base}`);
let home;
let firstBook;

await check('home page: content and share tags', async () => {
  home = await get('/', 'text/html');
  statusIs(home, 200);
  contentTypeIs(home, 'text/html');
  must(/<main[\s>]/.test(home.text) && /<h1[\s>]/.test(home.text), '/: the first HTML has no <main> with a heading (is the ssr function serving it?)');
  must(/\/bookstore\/[\w-]+/.test(home.text), '/: the first HTML links no book');
  checkShareTags(home, { type: 'website' });
});

await check('/api/products/simple', async () => {
  const r = await get('/api/products/simple', 'application/json');
  statusIs(r, 200);
  contentTypeIs(r, 'application/json');
  const books = JSON.parse(r.text);
  must(Array.isArray(books) && books.length > 0, '/api/products/simple: no launched book');
  for (const f of ['productId', 'name', 'imgSrc', 'listPrice', 'salePrice']) must(f in books[0], `/api/products/simple: a book without ${f}`);
  // A book whose cover the shop serves itself: a book imported from the old shop may still point at
  // the old shop's storage (docs/migration.md), which says nothing about this deployment.
  firstBook = books.find((b) => typeof b.imgSrc === 'string' && b.imgSrc.startsWith('/')) ?? books[0];
  must(/public/.test(cacheControl(r)) && /s-maxage=\d+/.test(cacheControl(r)), `/api/products/simple: Cache-Control "${cacheControl(r)}" lets no CDN keep the catalogue`);
  return `${books.length} books`;
});

await check('book page: content and share tags', async () => {
  must(firstBook, 'no book to open (the previous check failed)');
  const path = `/bookstore/${encodeURIComponent(firstBook.productId)}`;
  const r = await get(path, 'text/html');
  statusIs(r, 200);
  contentTypeIs(r, 'text/html');
  must(r.text.includes(firstBook.name), `${path}: the first HTML does not name the book "${firstBook.name}"`);
  const og = checkShareTags(r, { type: 'product', titleIncludes: firstBook.name });
  if (new URL(og['og:image']).origin === new URL(base).origin) {
    const image = await get(og['og:image']);
    statusIs(image, 200);
    contentTypeIs(image, 'image/');
  } else {
    must(og['og:image'].startsWith('https://'), `${path}: og:image ${og['og:image']} is neither on this site nor https`);
  }
  return firstBook.productId;
});

await check('/api/openapi.json', async () => {
  const r = await get('/api/openapi.json', 'application/json');
  statusIs(r, 200);
  const doc = JSON.parse(r.text);
  must(/^3\.1/.test(doc.openapi ?? ''), '/api/openapi.json: not an OpenAPI 3.1 document');
  must(doc.paths?.['/api/products/simple'], '/api/openapi.json: does not describe /api/products/simple');
  must(/public/.test(cacheControl(r)), `/api/openapi.json: Cache-Control "${cacheControl(r)}" is not public`);
  return `${Object.keys(doc.paths).length} paths`;
});

await check('security headers and CSP (page and API)', async () => {
  must(home, 'no home page (the first check failed)');
  checkSecurityHeaders(home, { html: true });
  const api = await get('/api/products/simple', 'application/json');
  checkSecurityHeaders(api, { html: false });
});

const missing = `smoke-${randomBytes(6).toString('hex')}`;
await check('404 page and API 404', async () => {
  const page = await get(`/bookstore/${missing}`, 'text/html');
  statusIs(page, 404);
  contentTypeIs(page, 'text/html');
  must(page.text.includes('找不到'), `/bookstore/${missing}: the 404 page does not say 找不到`);
  must(!/at \w+ \(|node_modules|\.js:\d+/.test(page.text), `/bookstore/${missing}: the 404 page leaks a stack`);
  const api = await get(`/api/${missing}`, 'application/json');
  statusIs(api, 404);
  const body = JSON.parse(api.text);
  must(body.statusCode === 404 && body.statusMessage === 'Not Found, No record found' && typeof body.message === 'string', `/api/${missing}: not the catalogue body: ${api.text.slice(0, 200)}`);
  must(/no-store/.test(cacheControl(api)), `/api/${missing}: an error answer without Cache-Control no-store`);
  must(body.requestId && body.requestId === header(api, 'x-request-id'), `/api/${missing}: the error body's requestId and the X-Request-Id header do not agree (docs/operations.md)`);
});

await check('/api/health', async () => {
  const r = await get('/api/health', 'application/json');
  statusIs(r, 200);
  const body = JSON.parse(r.text);
  must(body.status === 'ok' && body.firestore?.reachable === true, `/api/health: ${r.text.slice(0, 200)}`);
  return `version ${body.version}, Firestore ${body.firestore.latencyMs} ms`;
});

await check('cache headers', async () => {
  must(home, 'no home page (the first check failed)');
  must(/\bpublic\b/.test(cacheControl(home)) && /s-maxage=\d+/.test(cacheControl(home)) && /max-age=0\b/.test(cacheControl(home)), `/: Cache-Control "${cacheControl(home)}": pages should be CDN-cached (s-maxage) and revalidated by browsers (max-age=0)`);
  const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(home.text)?.[1];
  must(asset, '/: the first HTML links no /assets/ file');
  const a = await get(asset);
  statusIs(a, 200);
  must(/max-age=31536000/.test(cacheControl(a)) && /immutable/.test(cacheControl(a)), `${asset}: Cache-Control "${cacheControl(a)}", expected a year, immutable (hashed file)`);
  const shell = await get('/app.html', 'text/html');
  statusIs(shell, 200);
  must(/no-cache/.test(cacheControl(shell)), `/app.html: Cache-Control "${cacheControl(shell)}", expected no-cache (it names the current hashed files)`);
});

const failed = results.filter((r) => !r.ok).length;
console.log(failed ? `smoke: ${failed} of ${results.length} checks failed` : `smoke: all ${results.length} checks passed`);
process.exit(failed ? 1 : 0);
