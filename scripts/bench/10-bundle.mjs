// The JS each storefront route's app needs: the entry with its static imports, plus the route's lazy
// module with its static imports (react-router loads it before rendering). A shell page (cart, account)
// renders after it; a page the `ssr` function renders paints before any of it (only web/src/boot.ts,
// see 50-lighthouse) and loads it to hydrate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kib, ROOT } from './lib.mjs';

export const title = 'JS of the app per storefront route: before the first render of a shell page, to hydrate a rendered one (minified + gzip)';

const ROUTES = [
  ['/', 'src/app/routes/home.tsx'],
  ['/bookstore', 'src/app/routes/book-list.tsx'],
  ['/bookstore/{productId}', 'src/app/routes/book-page.tsx'],
  ['/ezbuy/{planId}', 'src/app/routes/group-plan.tsx'],
  ['/ezbuy/cpaSouth', 'src/app/routes/cpa-south.tsx'],
  ['/cart', 'src/app/routes/cart.tsx'],
  ['/order', 'src/app/routes/orders.tsx'],
  ['/contact', 'src/app/routes/contact.tsx'],
  ['/user/logIn', 'src/app/routes/log-in.tsx'],
];

export async function run(say) {
  const dist = process.env.WEB_OUT_DIR ?? path.join(ROOT, 'web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    const e = manifest[key];
    if (!e || seen.has(key)) return seen;
    seen.add(key);
    for (const i of e.imports ?? []) closure(i, seen);
    return seen;
  };
  const size = (keys) => {
    let raw = 0;
    let gz = 0;
    const firebase = [];
    for (const k of keys) {
      const file = manifest[k].file;
      if (!file.endsWith('.js')) continue;
      const buf = readFileSync(path.join(dist, file));
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
      if (/firebase|firestore|reactfire/i.test(buf.toString('latin1').slice(0, 200_000)) && /@firebase\/|firebase\/firestore|FirebaseError/.test(buf.toString('latin1'))) firebase.push(file);
    }
    return { raw, gz, firebase };
  };
  // index.html's entry (the other entry, src/boot.ts, is what a rendered page loads first).
  const entry = 'index.html';
  const base = closure(entry);
  say(`   ${'route'.padEnd(26)} ${'gzip'.padStart(10)} ${'raw'.padStart(10)}  firebase SDK in it?`);
  for (const [route, mod] of ROUTES) {
    if (!manifest[mod]) {
      say(`   ${route.padEnd(26)} (no module ${mod})`);
      continue;
    }
    const keys = closure(mod, new Set(base));
    const { raw, gz, firebase } = size(keys);
    say(`   ${route.padEnd(26)} ${kib(gz).padStart(10)} ${kib(raw).padStart(10)}  ${firebase.length ? 'YES ' + firebase.join(',') : 'no'}`);
  }
  say(`   budget: 130 KiB gzip on /bookstore and a book page (rendered pages: none of it before the first paint)`);
}
