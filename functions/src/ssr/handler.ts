import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { PostedForm, RenderResult, StorefrontRenderer } from '../contracts/storefront';
import { logger } from '../lib/logger';
import { siteUrl } from '../lib/site-url';
import type { FormOutcome } from './forms';
import { SSR_DIR, storefrontSource } from './source';

/**
 * How long Hosting's CDN may keep a page: an owner's change reaches the HTML within
 * CATALOGUE_TTL_MS (30 s, the instance's catalogue cache) + s-maxage + stale-while-revalidate = 60 s.
 * Browsers always revalidate (max-age=0).
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=20, stale-while-revalidate=10';
const ERROR_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

/**
 * Who may keep a rendered page: the CDN a whole page (200) for 20 s and a 404 for 10 s; nobody a page
 * that failed, wholly (5xx) or in part: an error must not be served to everyone for the next seconds;
 * nobody a page that reflects its query (/order?orderNo=…): the login, sign-up and lookup forms are
 * empty in the first HTML and shared, but an order number from a mail is one visitor's.
 */
export function cacheControlFor(out: Pick<RenderResult, 'status' | 'failed' | 'personal'>): string {
  if (out.failed || out.personal || out.status >= 500) return 'no-store';
  return out.status === 200 ? PAGE_CACHE_CONTROL : ERROR_CACHE_CONTROL;
}

/** The renderer (web/src/entry-server.tsx), built into functions/ssr/ by the web build; loaded once. */
let renderer: Promise<StorefrontRenderer> | null = null;
let template: { before: string; head: string; between: string; after: string } | null = null;

function loadRenderer(): Promise<StorefrontRenderer> {
  renderer ??= import(pathToFileURL(path.join(SSR_DIR, 'entry-server.mjs')).href) as Promise<StorefrontRenderer>;
  return renderer;
}

function pageTemplate() {
  if (template) return template;
  const html = readFileSync(path.join(SSR_DIR, 'template.html'), 'utf8').replace(/<!--noscript:start-->[\s\S]*?<!--noscript:end-->/, '');
  const [before, rest] = html.split('<!--head:start-->') as [string, string];
  const [, afterHead] = rest.split('<!--head:end-->') as [string, string];
  const [between, after] = afterHead.split('<!--ssr-body-->') as [string, string];
  template = { before, head: '', between, after };
  return template;
}

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
let manifest: Record<string, ManifestEntry> | null = null;

/**
 * The page stylesheets' text, by file (functions/ssr/css/, copied there by scripts/finish-web-build.mjs, which
 * refuses one that could close its <style> early); read once each.
 */
const stylesheets = new Map<string, string | null>();
function stylesheet(file: string): string | null {
  if (!stylesheets.has(file)) {
    let css: string | null = null;
    try {
      css = readFileSync(path.join(SSR_DIR, 'css', path.basename(file)), 'utf8');
    } catch {
      // Not copied (a build from before the inlining): the page links it instead.
    }
    stylesheets.set(file, css);
  }
  return stylesheets.get(file)!;
}

/**
 * The stylesheets and JS chunks of the matched pages (Vite's client manifest): the stylesheets come inside
 * the head (the page is styled without JavaScript, and without a round trip per stylesheet before its
 * first paint: docs/storefront.md, "Styles inside the first HTML"); the chunks go to the boot script's
 * data-preload (web/src/boot.ts), fetched with the entry after the first paint instead of competing with it.
 */
export function assetLinks(modules: string[]): { css: string; js: string[] } {
  manifest ??= JSON.parse(readFileSync(path.join(SSR_DIR, 'client-manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const m = manifest;
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !m[key]) return;
    into.add(key);
    for (const i of m[key].imports ?? []) walk(i, into);
  };
  for (const [key, e] of Object.entries(m)) if (e.isEntry) walk(key, inEntry);
  const needed = new Set<string>();
  for (const mod of modules) walk(mod, needed);
  const css = new Set<string>();
  const js: string[] = [];
  for (const key of needed) {
    if (inEntry.has(key)) continue;
    for (const c of m[key]!.css ?? []) css.add(c);
    js.push(m[key]!.file);
  }
  const tag = (c: string) => {
    const text = stylesheet(c);
    return text === null ? `<link rel="stylesheet" href="/${c}" />` : `<style data-href="/${c}">${text}</style>`;
  };
  return { css: [...css].map(tag).join('\n    '), js: js.map((f) => `/${f}`) };
}

/** The page: the head tags in place of the template's defaults, the page's stylesheets after its own (cascade order). */
export function page(head: string, body: string, data: string | null, assets: { css: string; js: string[] } = { css: '', js: [] }): string {
  const t = pageTemplate();
  const between = assets.css ? t.between.replace('</head>', `  ${assets.css}\n  </head>`) : t.between;
  let after = t.after.replace('<!--ssr-data-->', data ? `<script type="application/json" id="ssr-data">${data}</script>` : '');
  if (assets.js.length) after = after.replace(/data-preload="([^"]*)"/, (_, own: string) => `data-preload="${[own, ...assets.js].filter(Boolean).join(' ')}"`);
  return `${t.before}${head}${between}${body}${after}`;
}

/**
 * A page compressed as the browser accepts it (brotli, else gzip): 30–50 KiB of HTML (with its
 * stylesheets inline) become 8–14 KiB. Brotli whenever the browser takes it, whatever order it names
 * them in: Chrome sends `gzip, deflate, br, zstd`, and negotiation by the browser's order gave it gzip,
 * 16 KiB for a book page where brotli is 13.6, which is past the first round trip of a new connection
 * (TCP's initial window, 10 segments of 1,460 bytes, with the headers), so that the first paint waited
 * a round trip more. Quality 10, not 5: a book page's 13.6 KiB become 12.3 (quality 9: 13.4) for 19 ms
 * of CPU instead of 1 (11: 12.1 for 50 ms); a page is rendered once per cache life, and Hosting's CDN
 * keeps the bytes, one copy per encoding (`Vary: Accept-Encoding`), for every visitor until then.
 */
export function sendCompressed(req: Request, res: Response, html: string) {
  // Its bytes count against the same first round trip, and it tells an attacker the framework.
  res.removeHeader('X-Powered-By');
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip');
  res.vary('Accept-Encoding');
  if (encoding === 'br') {
    res.set('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } }));
  } else if (encoding === 'gzip') {
    res.set('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  } else {
    res.send(html);
  }
}

/**
 * How long a page may take to render before the visitor gets the shell instead: a first render on a
 * cold instance takes about 3 s (docs/storefront.md), and a page whose data cannot be read (Firestore
 * unreachable) must not hang until the platform's 60 s timeout; below the API's 10 s read deadline, so
 * the shell's own calls still answer first.
 */
export const RENDER_DEADLINE_MS = 8_000;

class RenderDeadlineError extends Error {}

/** The render, aborted (its loaders' request signal) and given up after `ms`. */
async function renderWithin(r: StorefrontRenderer, url: string, origin: string, ms: number, posted?: PostedForm) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new RenderDeadlineError(`no page after ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([r.render(url, origin, storefrontSource, controller.signal, posted), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The `ssr` function: the first HTML of the public storefront pages and /sitemap.xml.
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export async function handleSsr(req: Request, res: Response) {
  // Every rendered form is method="post": sent by a browser without JavaScript, what was typed (a
  // password, an email) goes in a body, never into a URL. The sign-ups and the newsletter are served
  // (forms.ts): done, the visitor is sent to the page saying so (a reload sends nothing again); refused,
  // the page comes back with the refusal beside the field. The others (login, sign-up, order lookup)
  // are not read, and the visitor is sent back to the page, whose form says it needs JavaScript.
  let refused: Extract<FormOutcome, { kind: 'refused' }> | undefined;
  if (req.method === 'POST' && req.path !== '/sitemap.xml') {
    // Loaded with the first form: the pages' cold start does not wait for the sign-ups' services.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const outcome = await (require('./forms') as typeof import('./forms')).submitForm(req, res);
    if (outcome.kind !== 'refused') {
      res.set('Cache-Control', 'no-store').redirect(303, outcome.kind === 'done' ? outcome.location : req.originalUrl);
      return;
    }
    refused = outcome;
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.set('Allow', 'GET, HEAD').status(405).type('text/plain').send('Method Not Allowed');
    return;
  }
  try {
    // The site's absolute URL for canonical links, og:image and the sitemap: the mails' own.
    const origin = siteUrl();
    const r = await loadRenderer();
    if (req.path === '/sitemap.xml') {
      res.set('Cache-Control', PAGE_CACHE_CONTROL).type('application/xml').send(await r.sitemap(storefrontSource, origin));
      return;
    }
    const out = await renderWithin(r, req.originalUrl, origin, RENDER_DEADLINE_MS, refused?.posted);
    if (out.location) {
      res.set('Cache-Control', ERROR_CACHE_CONTROL).redirect(out.status, out.location);
      return;
    }
    // A refused form's page answers with the API's status for the same input, and is the visitor's own.
    res
      .status(refused && out.status === 200 ? refused.status : out.status)
      .set('Cache-Control', refused ? 'no-store' : cacheControlFor(out))
      .type('html');
    // A missing book or campaign: the 404 with its noindex head and the not-found screen, styled, but
    // without the data to hydrate it: the app renders the page afresh over it. This answer is shared by
    // everyone through the CDN, yet the shop owner previews an unlaunched book or campaign with their
    // token (web/src/lib/data/api-source.ts), which only the browser has. An empty body left a visitor
    // with a blank page until the app had loaded, and for good without JavaScript.
    if (out.status === 404) sendCompressed(req, res, page(out.head, out.body, null, { css: assetLinks(out.modules).css, js: [] }));
    else sendCompressed(req, res, page(out.head, out.body, out.data, assetLinks(out.modules)));
  } catch (err) {
    // Never a stack: the shell still boots the app, which loads the page itself (and, when Firestore is
    // unreachable, says so in Chinese after the API's own 503: tests/faults/firestore-outage.test.ts).
    const late = err instanceof RenderDeadlineError;
    logger.error(late ? 'ssr render missed its deadline' : 'ssr render failed', { path: req.path, error: err instanceof Error ? err.message : String(err) });
    let shell: string;
    try {
      shell = page('<title>青嶼書房</title>', '', null);
    } catch {
      // No renderer build at all (functions built without the web): say so rather than hang.
      shell = '<!doctype html><html lang="zh-Hant-TW"><meta charset="utf-8"><title>青嶼書房</title><p>網站暫時無法顯示，請稍後再試。</p></html>';
    }
    res.status(late ? 503 : 500).set('Cache-Control', 'no-store').type('html').send(shell);
  }
}
