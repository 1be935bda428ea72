// npm run bench: builds, then runs every scripts/bench/NN-*.mjs against the emulators (demo data
// imported) and prints their figures. It reports; it never fails on a number.
// `npm run bench -- api` runs only the benches whose file name contains "api".
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { claimStack, configArgs, emulatorEnv, firebase, PROJECT_ID, requireJava, run, stackDir } from './lib/firebase-env.mjs';
import { startMailDev } from './lib/maildev.mjs';

requireJava();
claimStack('npm run bench');
// BENCH_LOGS=1: the app logs as in production (a JSON line per request, per allocator batch, ...), and the
// emulators' output is kept in .cache/stack-<offset>/bench-emulators.log, to see where a burst's time goes.
const logs = process.env.BENCH_LOGS ? createWriteStream(path.join(stackDir(), 'bench-emulators.log'), { flags: 'a' }) : null;
// As in scripts/test.mjs: the flash-sale buyers each name their own rate-limit client (scripts/lib/burst.mjs).
const env = emulatorEnv({ LOG_LEVEL: logs ? '' : 'silent', RATE_LIMIT_TEST_SECRET: randomBytes(18).toString('base64url') });
if ((await run('npm', ['run', 'build'], { env })) !== 0) process.exit(1);
const filter = process.argv[2] ?? '';
// Orders write mails and sendMail sends them, as in production: give it its inbox.
const inbox = await startMailDev();
const { child, done } = firebase(
  ['emulators:exec', ...configArgs(), '--project', PROJECT_ID, '--only', 'auth,firestore,functions,hosting', '--import', 'emulator-data', `node scripts/bench/run-all.mjs ${filter}`],
  { env, stdio: ['inherit', 'pipe', 'inherit'] },
);
// The emulators' own chatter stays out of the report: only lines from the benches (prefixed) show.
let rest = '';
child.stdout.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) logs?.write(`${line}\n`);
  for (const line of lines) if (line.startsWith('│') || line.startsWith('┌') || line.startsWith('└') || line.startsWith('BENCH')) console.log(line.replace(/^BENCH /, ''));
});
const code = await done;
logs?.end();
inbox.stop();
if (code !== 0) console.error(`bench: the emulators exited with ${code}`);
process.exit(0);
