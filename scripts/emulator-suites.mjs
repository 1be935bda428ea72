// Runs inside `firebase emulators:exec` (see scripts/test.mjs): the emulator-backed suites, one after
// another, recording each result for the summary.
import { writeFileSync } from 'node:fs';
import { run } from './lib/firebase-env.mjs';

const [list, resultFile] = process.argv.slice(2);
const suites = {
  api: ['npx', ['vitest', 'run', '--project', 'api']],
  // The read-only checks of a live shop (npm run smoke), here against this run's Hosting emulator.
  smoke: ['node', ['scripts/smoke.mjs', process.env.HOSTING_URL ?? '']],
  hostile: ['npx', ['vitest', 'run', '--project', 'hostile']],
  fuzz: ['npx', ['vitest', 'run', '--project', 'fuzz']],
  rules: ['npx', ['vitest', 'run', '--project', 'rules']],
  e2e: ['npx', ['playwright', 'test']],
  // After every other suite: it stops this run's Firestore emulator for a while (and resumes it).
  faults: ['npx', ['vitest', 'run', '--project', 'faults']],
};
const results = [];
for (const name of list.split(',')) {
  const [cmd, args] = suites[name];
  console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
  const t = Date.now();
  const code = await run(cmd, args);
  results.push({ name, ok: code === 0, seconds: (Date.now() - t) / 1000 });
  writeFileSync(resultFile, JSON.stringify(results));
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
