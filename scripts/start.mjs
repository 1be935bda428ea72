// npm start: build functions and web, then serve the demo shop on the emulators (auth, firestore,
// functions, hosting) with emulator-data/ imported. Ctrl-C stops cleanly; the demo data is never overwritten.
import { claimStack, configArgs, emulatorEnv, firebase, PROJECT_ID, requireJava, run } from './lib/firebase-env.mjs';
import { DEMO_LINE_USER, startLineStandIn } from './lib/line-stand-in.mjs';
import { startMailDev } from './lib/maildev.mjs';
import { WARM_API, WARM_PAGES, warmWorkers } from './lib/warm.mjs';

requireJava();
claimStack('npm start');
const env = emulatorEnv();
console.log('Building the functions and the web app…');
if ((await run('npm', ['run', 'build'], { env })) !== 0) process.exit(1);

const inbox = await startMailDev();
const line = await startLineStandIn();
const { child, done } = firebase(
  ['emulators:start', ...configArgs(), '--project', PROJECT_ID, '--only', 'auth,firestore,functions,hosting', '--import', 'emulator-data'],
  { env, stdio: ['inherit', 'pipe', 'inherit'] },
);
let announced = false;
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /All emulators ready/.test(String(chunk))) {
    announced = true;
    void warmThenAnnounce();
  }
});

/** Loads the page and API workers before anyone is invited in (scripts/lib/warm.mjs); START_WARM=0 skips it. */
async function warmThenAnnounce() {
  if (process.env.START_WARM !== '0') {
    console.log(`\n  Warming ${WARM_PAGES} page and ${WARM_API} API workers (the emulator's stand-in for minInstances)…`);
    const w = await warmWorkers(env.HOSTING_URL);
    console.log(`  warmed in ${w.seconds.toFixed(1)} s (${w.ok} of ${w.of} answered in time; a late answer still leaves its worker loaded)`);
  }
  console.log(
    `\n  青嶼書房 is open at ${env.HOSTING_URL}\n  Mail inbox (every mail the shop sends): ${inbox.url}\n  (demo accounts: demo@example.com / demo1234, admin@example.com / admin1234;\n   「使用 LINE 登入」: ${DEMO_LINE_USER.email} / ${DEMO_LINE_USER.password} at the LINE stand-in, ${line.url}; Ctrl-C to stop)\n`,
  );
}
// Ctrl-C reaches the CLI through the terminal's process group; wait for it to shut the emulators down.
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    if (sig === 'SIGTERM') child.kill('SIGINT');
  });
}
const code = await done;
inbox.stop();
line.stop();
process.exit(code);
