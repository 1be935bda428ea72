// The cold first minute (issue 26 item 6): right after the emulators start, COLD_VISITORS (20) visitors
// open the same book page at once, through Hosting -> the ssr function. The Functions emulator runs each
// concurrent request in a new worker process, so every one of them pays a cold start (load the function,
// the renderer, the Firestore client, open its channel) on the machine's cores at the same time; a
// deployed `ssr` keeps a warm instance and serves 40 at once from it (functions/src/index.ts). Then the
// same burst again on the now-warm workers, and one lone visitor. Runs first (file order) so that nothing
// has warmed the ssr workers before it: `npm run bench -- cold` runs it with 31-ssr-cold. COLD_WARM=1 first
// warms the workers as `npm start` does before announcing the shop (scripts/lib/warm.mjs), and times that.
import { loadavg } from 'node:os';
import { warmWorkers } from '../lib/warm.mjs';
import { median } from './lib.mjs';

export const title = 'The cold first minute: 20 visitors at once to one book page right after start (Hosting -> ssr)';

const HOSTING = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
const VISITORS = Number(process.env.COLD_VISITORS) || 20;
const BOOK = '/bookstore/company-registration-guide';
/** What a visitor waits before giving up; the complaint was "over 10 s each". */
const PATIENCE_MS = 30_000;

async function visit() {
  const t = performance.now();
  try {
    const res = await fetch(`${HOSTING}${BOOK}`, { signal: AbortSignal.timeout(PATIENCE_MS) });
    const html = await res.text();
    // A rendered page carries the book (its og:title); the 503 shell of a missed render deadline does not.
    return { ms: performance.now() - t, status: res.status, rendered: res.status === 200 && html.includes('og:title') };
  } catch {
    return { ms: performance.now() - t, status: 0, rendered: false };
  }
}

function summary(label, results) {
  const ms = results.map((r) => r.ms);
  const statuses = {};
  for (const r of results) statuses[r.status || 'timeout'] = (statuses[r.status || 'timeout'] ?? 0) + 1;
  return `   ${label}: ${results.filter((r) => r.rendered).length}/${results.length} rendered; median ${(median(ms) / 1000).toFixed(1)} s, max ${(Math.max(...ms) / 1000).toFixed(1)} s, over 10 s ${ms.filter((x) => x > 10_000).length}; answers ${JSON.stringify(statuses)}`;
}

export async function run(say) {
  say(`   load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  if (process.env.COLD_WARM === '1') {
    const w = await warmWorkers(HOSTING);
    say(`   warmed as npm start does, before the shop is announced: ${w.seconds.toFixed(1)} s (${w.ok}/${w.of} answered 200 in time; a late answer still leaves its worker loaded)`);
  }
  const t0 = performance.now();
  say(summary(`${process.env.COLD_WARM === '1' ? 'first' : 'cold'} burst of ${VISITORS}`, await Promise.all(Array.from({ length: VISITORS }, visit))));
  say(`   the cold burst took ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);
  say(summary(`the same burst again (warm workers)`, await Promise.all(Array.from({ length: VISITORS }, visit))));
  say(summary('one visitor alone, warm', [await visit()]));
}
