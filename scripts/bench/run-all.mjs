// Runs inside `firebase emulators:exec`: each scripts/bench/NN-*.mjs exports { title, run(report) }.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir).filter((f) => /^\d\d-.*\.mjs$/.test(f) && f.includes(filter)).sort();
const say = (line = '') => console.log(`BENCH ${line}`);

for (const f of files) {
  const mod = await import(path.join(dir, f));
  say('');
  say(`== ${mod.title} (${f})`);
  const t = Date.now();
  try {
    await mod.run(say);
  } catch (err) {
    say(`   failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  say(`   (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
