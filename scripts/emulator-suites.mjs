// Runs inside `firebase emulators:exec` (see scripts/test.mjs): the emulator-backed suites, one after
// another, recording each result (with the names of the tests that failed) for the summary.
import { writeFileSync } from 'node:fs';
import { run } from './lib/firebase-env.mjs';
import { failuresIn, flakyIn, reportFor } from './lib/failures.mjs';

const [list, resultFile] = process.argv.slice(2);
const suites = {
  // Both groups of the API suite in one run: the files that must run alone come last (vitest.config.ts).
  api: ['vitest', ['--project', 'api-alone', '--project', 'api']],
  // The read-only checks of a live shop (npm run smoke), here against this run's Hosting emulator.
  smoke: ['node', ['scripts/smoke.mjs', process.env.HOSTING_URL ?? '']],
  hostile: ['vitest', ['--project', 'hostile']],
  fuzz: ['vitest', ['--project', 'fuzz']],
  rules: ['vitest', ['--project', 'rules']],
  e2e: ['playwright', []],
  // After every other suite: it stops this run's Firestore emulator for a while (and resumes it).
  faults: ['vitest', ['--project', 'faults']],
};
// TEST_FILES narrows a run to some files (e.g. `TEST_FILES=web/e2e/admin.spec.ts npm test -- --only e2e`):
// the runners take them as filters after their own arguments. Unset in CI.
const files = (process.env.TEST_FILES ?? '').split(/[ ,]+/).filter(Boolean);
const results = [];
/**
 * Whether the emulators still answer. When the Firebase CLI dies under a suite (it did, exit 2: README.md,
 * "Offline emulators"), this script is left running on its own; the suites after it would only fail
 * against nothing, and go on after the run has ended. It stops instead, and the summary names the rest
 * as not run.
 */
async function emulatorsUp() {
  try {
    await fetch(`${process.env.HOSTING_URL}/`, { signal: AbortSignal.timeout(10_000) });
    return true;
  } catch {
    return false;
  }
}

for (const name of list.split(',')) {
  if (results.length && !(await emulatorsUp())) {
    console.log(`\n━━ ${name} ━━ not run: the emulators no longer answer at ${process.env.HOSTING_URL}`);
    process.exit(1);
  }
  const [runner, args] = suites[name];
  const report = runner === 'node' ? undefined : reportFor(name, runner);
  const [cmd, full] = runner === 'node' ? ['node', args]
    : runner === 'vitest' ? ['npx', ['vitest', 'run', ...args, ...report.args, ...files]]
    : ['npx', ['playwright', 'test', ...report.args, ...files]];
  console.log(`\n━━ ${name} ━━ ${cmd} ${full.join(' ')}`);
  const t = Date.now();
  // Written before the suite starts, so that if the emulators die under it, the summary can say which
  // suite was running (scripts/test.mjs); replaced by its result when it ends.
  writeFileSync(resultFile, JSON.stringify([...results, { name, running: true }]));
  const code = await run(cmd, full, { env: { ...process.env, ...report?.env } });
  const failures = report ? failuresIn(report.file) : [];
  const flaky = report ? flakyIn(report.file) : [];
  results.push({ name, ok: code === 0 && failures.length === 0, seconds: (Date.now() - t) / 1000, failures, flaky });
  writeFileSync(resultFile, JSON.stringify(results));
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
