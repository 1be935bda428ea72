// The ssr function's cold start: a fresh Node process loads the handler and the renderer
// (functions/ssr/entry-server.mjs) and renders a book page against the emulators, then renders it
// again warm. Median of 5 processes. The renderer's size is printed too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { median, ROOT } from './lib.mjs';

export const title = 'Cold start of the ssr function (load the renderer, render a book page)';

export async function run(say) {
  const dir = path.join(ROOT, 'functions/ssr');
  const files = [path.join(dir, 'entry-server.mjs'), ...readdirSync(path.join(dir, 'chunks')).map((f) => path.join(dir, 'chunks', f))];
  const raw = files.reduce((n, f) => n + statSync(f).size, 0);
  const entry = statSync(files[0]).size;
  const code = `
    const t0 = performance.now();
    const { handleSsr } = require(${JSON.stringify(path.join(ROOT, 'functions/lib/ssr/handler.js'))});
    const { storefrontSource } = require(${JSON.stringify(path.join(ROOT, 'functions/lib/ssr/source.js'))});
    import(${JSON.stringify('file://' + path.join(dir, 'entry-server.mjs'))}).then(async (r) => {
      const t1 = performance.now();
      await r.render('/bookstore/company-registration-guide', 'http://127.0.0.1', storefrontSource);
      const t2 = performance.now();
      await r.render('/bookstore/company-registration-guide', 'http://127.0.0.1', storefrontSource);
      const t3 = performance.now();
      process.stdout.write(JSON.stringify({ load: t1 - t0, first: t2 - t1, warm: t3 - t2 }));
      process.exit(0);
    });`;
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
    try {
      runs.push(JSON.parse(r.stdout));
    } catch {
      say(`   failed: ${r.stderr.slice(0, 300)}`);
      return;
    }
  }
  const m = (k) => median(runs.map((x) => x[k])).toFixed(0);
  say(`   renderer: ${(raw / 1024).toFixed(0)} KiB in ${files.length} files (entry ${(entry / 1024).toFixed(0)} KiB, gzip ${(gzipSync(readFileSync(files[0])).length / 1024).toFixed(0)} KiB); chunks load only for the pages that need them`);
  say(`   load handler + renderer: median ${m('load')} ms; first render of a book page (Firestore reads included): ${m('first')} ms; warm render: ${m('warm')} ms`);
}
