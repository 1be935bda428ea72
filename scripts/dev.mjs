// npm run dev: the emulators (auth, firestore, functions) with the demo data, and Vite with hot reload
// proxying /api to the Functions emulator.
import { spawn } from 'node:child_process';
import { configArgs, emulatorEnv, firebase, PROJECT_ID, ports, requireJava, run } from './lib/firebase-env.mjs';
import { startMailDev } from './lib/maildev.mjs';

requireJava();
const env = emulatorEnv();
if ((await run('npm', ['run', 'build', '-w', 'functions'], { env })) !== 0) process.exit(1);
const inbox = await startMailDev();
console.log(`Mail inbox (every mail the shop sends): ${inbox.url}`);
const tsc = spawn('npx', ['tsc', '-p', 'functions/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: 'ignore', env });
const emu = firebase(['emulators:start', ...configArgs(), '--project', PROJECT_ID, '--only', 'auth,firestore,functions', '--import', 'emulator-data'], { env });
const vite = spawn('npm', ['run', 'dev', '-w', 'web'], {
  stdio: 'inherit',
  env: { ...env, FUNCTIONS_PORT: String(ports().functions), VITE_USE_EMULATORS: 'true' },
});
const stop = () => {
  tsc.kill();
  vite.kill('SIGINT');
  emu.child.kill('SIGINT');
  inbox.stop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const code = await emu.done;
inbox.stop();
process.exit(code);
