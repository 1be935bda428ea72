// npm run deploy -- --project <alias> [firebase deploy arguments]: npm run deploy:check for that project
// (which also builds the functions and the web app for it in production mode), then `firebase deploy`
// with the arguments given, e.g.
//   npm run deploy -- --project staging --only functions,hosting
// Nothing is deployed when the check finds a problem (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FIREBASE_BIN, ROOT } from './lib/firebase-env.mjs';

const args = process.argv.slice(2);
// The check builds for the project deployed (its web config, its SITE_URL), so it must know which.
const at = args.findIndex((a) => a === '--project' || a === '-P' || a.startsWith('--project='));
const project = at < 0 ? undefined : args[at].startsWith('--project=') ? args[at].slice('--project='.length) : args[at + 1];
if (!project) {
  console.error('deploy: name the project: npm run deploy -- --project <alias or id> [firebase deploy arguments] (docs/deploy.md); nothing was deployed.');
  process.exit(1);
}
const check = spawnSync('npx', ['tsx', path.join('scripts', 'deploy-check.mjs'), '--project', project], { cwd: ROOT, stdio: 'inherit' });
if (check.status !== 0) {
  console.error('\ndeploy: stopped, nothing was deployed (npm run deploy:check found the problems above).');
  process.exit(check.status ?? 1);
}
// The check left a production build in functions/lib, functions/ssr and web/dist; firebase.json's
// functions predeploy rebuilds functions/lib the same way.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/EMULATOR/.test(k)));
const deploy = spawnSync(process.execPath, [FIREBASE_BIN, 'deploy', ...args], { cwd: ROOT, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } });
process.exit(deploy.status ?? 1);
