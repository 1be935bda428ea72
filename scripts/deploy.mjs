// npm run deploy -- [firebase deploy arguments]: npm run deploy:check (which also builds the functions and
// the web app in production mode), then `firebase deploy` with the arguments given, e.g.
//   npm run deploy -- --project staging --only functions,hosting
// Nothing is deployed when the check finds a problem (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FIREBASE_BIN, ROOT } from './lib/firebase-env.mjs';

const args = process.argv.slice(2);
const check = spawnSync('npx', ['tsx', path.join('scripts', 'deploy-check.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (check.status !== 0) {
  console.error('\ndeploy: stopped, nothing was deployed (npm run deploy:check found the problems above).');
  process.exit(check.status ?? 1);
}
// The check left a production build in functions/lib, functions/ssr and web/dist; firebase.json's
// functions predeploy rebuilds functions/lib the same way.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/EMULATOR/.test(k)));
const deploy = spawnSync(process.execPath, [FIREBASE_BIN, 'deploy', ...args], { cwd: ROOT, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } });
process.exit(deploy.status ?? 1);
