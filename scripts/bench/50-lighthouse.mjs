// Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) on the
// storefront's key pages served by the Hosting emulator, in Debian's Chromium. Median of 3 runs per
// page. The machine is shared and small, so performance scores are noisy; the others are not.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './lib.mjs';

export const title = 'Lighthouse, mobile preset, median of 3 runs (Hosting emulator, Chromium)';

const PAGES = ['/', '/bookstore', '/bookstore/company-registration-guide', '/ezbuy/cpaSouth'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const pad = (s, n) => String(s).padStart(n);

export async function run(say) {
  const base = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    say(`   ${'page'.padEnd(40)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)}`);
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no result for ${path}`);
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        runs.push({
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          failing: CATEGORIES.flatMap((c) =>
            c === 'performance'
              ? []
              : (lhr.categories[c]?.auditRefs ?? [])
                  .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
                  .map((r) => `${c}:${r.id}`),
          ),
        });
      }
      const m = (f) => median(runs.map(f));
      const s = (c) => m((r) => r.scores[c]);
      say(
        `   ${path.padEnd(40)} ${pad(s('performance'), 5)} ${pad(s('accessibility'), 5)} ${pad(s('best-practices'), 5)} ${pad(s('seo'), 5)} ${pad((m((r) => r.lcp) / 1000).toFixed(2) + ' s', 8)} ${pad(Math.round(m((r) => r.tbt)) + ' ms', 7)} ${pad(m((r) => r.cls).toFixed(3), 6)}`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) say(`      not passing: ${failing.join(', ')}`);
    }
    say(`   aim: 100 in every category on every page (scores are the median of ${RUNS} runs)`);
  } finally {
    await chrome.kill();
  }
}
