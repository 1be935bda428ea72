// Time to import the function entry (functions/lib/index.js): what a cold start pays before the
// first request. Median of 7 fresh Node processes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { median, ROOT } from './lib.mjs';

export const title = 'Cold import of the functions entry';

export async function run(say) {
  const entry = path.join(ROOT, 'functions/lib/index.js');
  const code = `const t=process.hrtime.bigint();require(${JSON.stringify(entry)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const times = [];
  for (let i = 0; i < 7; i++) {
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
    times.push(Number(r.stdout));
  }
  const node = [];
  for (let i = 0; i < 7; i++) {
    const t = Date.now();
    spawnSync(process.execPath, ['-e', '0']);
    node.push(Date.now() - t);
  }
  say(`   import functions/lib/index.js: median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
  say(`   (an empty node process starts in ${median(node)} ms on this machine)`);
}
