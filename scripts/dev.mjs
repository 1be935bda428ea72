// npm run dev: the emulators (auth, firestore, functions) with the demo data, tsc --watch on the
// functions, and Vite with hot reload proxying /api to the Functions emulator, on 5173 + the offset.
// The functions build into this stack's own folder (.cache/stack-<offset>/functions/lib), so a dev stack
// runs beside `npm start` in the same checkout; type errors are printed as tsc finds them; if any part
// stops (Vite, the emulators, tsc), everything stops.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { claimStack, configArgs, devFunctionsDir, emulatorEnv, firebase, PROJECT_ID, ports, requireJava, ROOT } from './lib/firebase-env.mjs';
import { startMailDev } from './lib/maildev.mjs';

requireJava();
const functionsDir = devFunctionsDir();
const lib = path.join(functionsDir, 'lib');
claimStack('npm run dev', { lib });
const env = emulatorEnv();
const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
const red = (s) => (process.stdout.isTTY ? `\x1b[31m${s}\x1b[0m` : s);

let stopping = false;
const children = [];
function stopAll(reason, code) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`\n${reason}; stopping everything.`);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGINT');
  inbox?.stop();
  // The emulators export nothing and stop in a few seconds; then this process ends with their code.
  setTimeout(() => process.exit(code ?? 1), 15_000).unref();
  emuDone?.then((c) => process.exit(code ?? c));
}
let inbox;
let emuDone;
process.on('SIGINT', () => stopAll(undefined, 0));
process.on('SIGTERM', () => stopAll(undefined, 0));

// tsc --watch, its output read: errors and the outcome of each pass are shown, with a [functions] prefix.
// The emulators start after its first pass, so the functions load once (not once for a build and again
// for the watcher's first emit).
const tsc = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'functions/tsconfig.build.json', '--watch', '--preserveWatchOutput', '--pretty', 'false', '--outDir', lib], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
children.push(tsc);
let hadErrors = false;
const firstPass = new Promise((resolve) => {
  let buffered = '';
  tsc.stdout.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      if (/error TS\d+/.test(line)) console.log(red(`[functions] ${line}`));
      const found = /Found (\d+) errors?\. Watching for file changes/.exec(line);
      if (!found) continue;
      const n = Number(found[1]);
      if (n) console.log(red(`[functions] ${n} type error${n > 1 ? 's' : ''}: the emulator runs what compiled; fix and save to reload.`));
      else if (hadErrors) console.log('[functions] compiled without errors; the emulator reloads.');
      hadErrors = n > 0;
      resolve();
    }
  });
});
tsc.on('exit', (code) => stopAll(`tsc --watch stopped (exit ${code})`, 1));
console.log('Compiling the functions (tsc --watch)…');
await firstPass;

inbox = await startMailDev();
console.log(`Mail inbox (every mail the shop sends): ${inbox.url}`);
const emu = firebase(['emulators:start', ...configArgs({ functionsSource: functionsDir }), '--project', PROJECT_ID, '--only', 'auth,firestore,functions', '--import', 'emulator-data'], { env });
children.push(emu.child);
emuDone = emu.done;
emu.done.then((code) => stopAll(`the emulators stopped (exit ${code})`, code || 1));

// Vite's port follows the offset (web/vite.config.ts), like every emulator's.
const vite = spawn('npm', ['run', 'dev', '-w', 'web'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...env, FUNCTIONS_PORT: String(ports().functions), VITE_USE_EMULATORS: 'true' },
});
children.push(vite);
vite.on('exit', (code) => stopAll(`the web server (Vite, port ${5173 + offset}) stopped (exit ${code})`, code || 1));
