// npm test: typecheck, lint, unit tests, then (under `firebase emulators:exec`, demo data imported)
// the API integration tests, the rules tests and the browser tests. A summary per suite; exit 0 only
// if every suite passed.  `npm test -- --only unit,api` runs a subset.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { claimStack, configArgs, emulatorEnv, firebase, PROJECT_ID, requireJava, ROOT, runCaptured, stackDir } from './lib/firebase-env.mjs';
import { startLineStandIn } from './lib/line-stand-in.mjs';
import { startMailDev } from './lib/maildev.mjs';
import { failuresIn, reportFor } from './lib/failures.mjs';

const argv = process.argv.slice(2);
const onlyAt = argv.indexOf('--only');
const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (onlyAt >= 0 ? argv[onlyAt + 1] : undefined);
const selected = new Set((onlyArg ?? 'typecheck,lint,unit,api,smoke,hostile,fuzz,rules,e2e,faults').split(','));
const results = [];
const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
const webOut = offset ? `web/dist-${offset}` : 'web/dist';
// RATE_LIMIT_TEST_SECRET: this run's emulators (and only they) let a test name its own client for the
// rate limits with the X-Test-Client header, so that suites which all come from 127.0.0.1 do not use up
// each other's limits; the limits themselves stay those `npm start` serves (docs/limits.md).
// CATALOGUE_TTL_MS: each instance's catalogue lives 2 s (unless the caller sets it) instead of production's 30 s, so a book a test
// launches is listed everywhere soon (web/e2e/support/shop.ts waitUntilListed reads the same value and waits it out:
// seven browser tests did, 6 s each at 5 s).
const env = emulatorEnv({ WEB_OUT_DIR: path.join(ROOT, webOut), LOG_LEVEL: 'silent', RATE_LIMIT_TEST_SECRET: randomBytes(18).toString('base64url'), CATALOGUE_TTL_MS: process.env.CATALOGUE_TTL_MS ?? '2000' });

/**
 * The static checks and the build, side by side: each is mostly one thread (tsc, eslint, vite), and CI has
 * two cores, so running them one after another left a core idle for two minutes. Each one's output is
 * kept and printed whole when it ends (with `idle`, once the emulator suites have ended), so the log stays
 * readable.
 */
async function staticSuite(name, steps, { idle = false } = {}) {
  if (!selected.has(name)) return undefined;
  const t = Date.now();
  let out = '';
  let ok = true;
  for (const [cmd, args] of steps) {
    out += `\n━━ ${name} ━━ ${cmd} ${args.join(' ')}${idle ? ' (at idle priority, beside the emulator suites)' : ''}\n`;
    const r = await runCaptured(...(idle ? ['chrt', ['--idle', '0', cmd, ...args]] : [cmd, args]), { env });
    out += r.output;
    if (r.code !== 0) { ok = false; break; }
  }
  if (!idle) process.stdout.write(out);
  return { name, ok, seconds: (Date.now() - t) / 1000, out: idle ? out : undefined };
}

const emulatorSuites = ['api', 'smoke', 'hostile', 'fuzz', 'rules', 'e2e', 'faults'].filter((s) => selected.has(s));
if (emulatorSuites.length) {
  selected.add('build');
  requireJava();
  // Before the build: it claims this checkout's functions build, so no other stack rebuilds it under us.
  claimStack('npm test');
}
const unitReport = reportFor('unit', 'vitest');
// With emulator suites to run, only the build and the unit tests stand before them. The typecheck and the
// lint run beside the suites under SCHED_IDLE (chrt --idle): they get only the CPU the suites leave, and
// the browser suite, the longest, waits on pages, mail and timers for a fifth to a third of its ~450 s on
// CI's two cores. Run first at full priority, they held the suites back about a minute on a fresh clone.
// Not the unit tests: starved of CPU while the API suite fills both cores, a test could outlive its timeout.
const idle = emulatorSuites.length > 0 && process.platform === 'linux' && process.env.STATIC_CHECKS_FIRST !== '1';
const checks = Promise.all([
  staticSuite('typecheck', [['npm', ['run', 'typecheck']]], { idle }),
  staticSuite('lint', [['npm', ['run', 'lint']]], { idle }),
]);
const statics = await Promise.all([
  staticSuite('unit', [['npx', ['vitest', 'run', '--project', 'unit', ...unitReport.args]]]),
  staticSuite('build', [['npm', ['run', 'build', '-w', 'functions']], ['npm', ['run', 'build', '-w', 'web']]]),
]);
if (!idle) results.push(...(await checks).filter(Boolean));
results.push(...statics.filter(Boolean));
const build = results.find((r) => r.name === 'build');

if (emulatorSuites.length) {
  if (build?.ok) {
    const resultFile = path.join(ROOT, '.cache', `suite-results-${offset}.json`);
    rmSync(resultFile, { force: true });
    const inner = `node scripts/emulator-suites.mjs ${emulatorSuites.join(',')} ${resultFile}`;
    // The inbox the Functions emulator's sendMail delivers to; the suites read the mails from it.
    const inbox = await startMailDev();
    // LINE's offline stand-in, where the functions' LINE settings point (scripts/lib/firebase-env.mjs).
    const line = await startLineStandIn();
    const { done } = firebase(
      ['emulators:exec', ...configArgs({ hostingPublic: offset ? webOut : undefined }), '--project', PROJECT_ID, '--only', 'auth,firestore,functions,hosting', '--import', 'emulator-data', inner],
      { env },
    );
    const code = await done;
    inbox.stop();
    line.stop();
    const recorded = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : [];
    const running = recorded.find((r) => r.running)?.name;
    const inner_results = recorded.filter((r) => !r.running);
    results.push(...inner_results);
    for (const s of emulatorSuites) {
      if (inner_results.some((r) => r.name === s)) continue;
      const note = s === running ? `the emulators exited ${code} while it ran` : `not run: the emulators exited ${code}${running ? ` during ${running}` : ''}`;
      results.push({ name: s, ok: false, seconds: 0, note });
    }
    if (emulatorSuites.some((s) => !inner_results.some((r) => r.name === s))) emulatorLogTails();
  }
}
if (idle) {
  const done = (await checks).filter(Boolean);
  for (const r of done) process.stdout.write(r.out);
  results.unshift(...done);
}
for (const r of results) if (r.name === 'unit') r.failures = failuresIn(unitReport.file);

/**
 * The emulators died under a suite: the end of their own logs (in this stack's directory) says why, and
 * CI keeps only the end of the output, so they are printed just before the summary.
 */
function emulatorLogTails() {
  for (const name of ['firestore-debug.log', 'firebase-debug.log']) {
    const file = path.join(stackDir(), name);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15);
    console.log(`\n━━ the end of ${name} ━━\n${lines.join('\n')}`);
  }
}

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(10)} ${r.seconds.toFixed(1)} s${r.note ? `  (${r.note})` : ''}`);
  // CI keeps the end of the log: name what failed (or passed only on a retry) here.
  for (const f of (r.failures ?? []).slice(0, 8)) console.log(`          ✗ ${f}`);
  if ((r.failures ?? []).length > 8) console.log(`          … and ${r.failures.length - 8} more`);
  for (const f of r.flaky ?? []) console.log(`          ⚠ passed only on its retry: ${f}`);
}
const passed = results.filter((r) => r.ok).length;
console.log(`\n${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length && results.length > 0 ? 0 : 1);
