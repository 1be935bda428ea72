// npm run deploy:check -- --project <alias or id>: everything about a deploy to that project that can be
// known offline, without a Google account. Reads the project's settings (its web config, its functions'
// variables), builds the functions and the web app for it from clean outputs in production mode, then
// checks the build and the config (scripts/deploy/checks.ts), the queries' indexes
// (scripts/deploy/query-indexes.ts) and compiles the rules on the Firestore emulator. Prints one line
// per problem and exits 1 if there is any. `--no-build` checks the outputs already there. Runs under tsx
// (package.json) to share functions/src/data/collections.ts's TTL list and functions/src/config.ts's
// variables with the functions.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENV_NAMES, parseConfig } from '../functions/src/config.ts';
import { TTL_POLICIES } from '../functions/src/data/collections.ts';
import {
  checkBuiltForProject,
  checkConfig,
  checkEngine,
  checkHeaders,
  checkIndexes,
  checkReactProduction,
  checkProjectSettings,
  checkRewrites,
  parseDotenv,
  resolveProject,
  scanForDevValues,
} from './deploy/checks.ts';
import { loadDeclaredQueries } from './deploy/declared-queries.ts';
import { readProjectSettings } from './deploy/project-settings.ts';
import { checkQueryIndexes, checkQuerySources } from './deploy/query-indexes.ts';
import { configArgs, emulatorEnv, firebase, PROJECT_ID, ROOT, run, runningStacks } from './lib/firebase-env.mjs';

const argv = process.argv.slice(2);
const build = !argv.includes('--no-build');
const projectArg = projectOf(argv);
const problems = [];
const passed = [];
const section = (name, found) => {
  if (found.length) problems.push(...found.map((p) => `[${name}] ${p}`));
  else passed.push(name);
};
const read = (p) => readFileSync(path.join(ROOT, p), 'utf8');
const json = (p) => JSON.parse(read(p));

/** Files under dir (relative to the repo) whose names match re, with their text. */
function textFiles(dir, re) {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (re.test(name)) out.push({ path: path.relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(abs);
  return out;
}

// A production build sees none of the emulators' variables (scripts/lib/firebase-env.mjs sets them for
// every local run): no emulator address may be baked into what ships.
const LOCAL_ONLY = /EMULATOR|^HOSTING_URL$|^FUNCTIONS_URL$|^MAILDEV|^WEB_OUT_DIR$|^GCLOUD_PROJECT$|^FIREBASE_PROJECT$|^RATE_LIMIT_TEST_SECRET$|^LOG_LEVEL$/;
const prodEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !LOCAL_ONLY.test(k)));
prodEnv.NODE_ENV = 'production';

// 0. The project: its web config and its functions' variables, which the build is made with.
const target = resolveProject(projectArg, existsSync(path.join(ROOT, '.firebaserc')) ? json('.firebaserc') : {});
const settings = 'id' in target ? readProjectSettings(ROOT, target, process.env) : null;
section('project', settings ? checkProjectSettings(settings, parseConfig) : [target.problem]);
if (settings) {
  // The build sees the project's web config and address only (Vite: variables of the environment win over
  // web/.env.production.local), so robots.txt and the bundle are this project's whatever else is configured.
  for (const k of Object.keys(prodEnv)) if (k.startsWith('VITE_') || k === 'SITE_URL') delete prodEnv[k];
  Object.assign(prodEnv, settings.web);
  if (settings.functionsEnv.SITE_URL) prodEnv.SITE_URL = settings.functionsEnv.SITE_URL;
}

/** `--project <p>`, `--project=<p>` or `-P <p>`, as firebase takes them. */
function projectOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--project' || args[i] === '-P') return args[i + 1];
    if (args[i].startsWith('--project=')) return args[i].slice('--project='.length);
  }
  return undefined;
}

const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
if (dirty) console.log(`note: the working tree has uncommitted changes; a deploy would ship them:\n${dirty.split('\n').slice(0, 10).map((l) => `  ${l}`).join('\n')}`);

// 1. Build from clean outputs.
let built = true;
const busy = runningStacks().filter((s) => s.lib === path.join(ROOT, 'functions', 'lib'));
if (build && busy.length) {
  console.error(`error: \`${busy[0].command}\` (pid ${busy[0].pid}) runs from functions/lib and web/dist, which the check rebuilds; stop it first, or use --no-build.`);
  process.exit(1);
}
if (build) {
  console.log('deploy:check: building functions and web from clean outputs (NODE_ENV=production)…');
  for (const out of ['functions/lib', 'functions/ssr', 'web/dist']) rmSync(path.join(ROOT, out), { recursive: true, force: true });
  const quiet = { env: prodEnv, stdio: ['ignore', 'ignore', 'inherit'] };
  built = (await run('npm', ['run', 'build', '-w', 'functions'], quiet)) === 0 && (await run('npm', ['run', 'build', '-w', 'web'], quiet)) === 0;
  section('build', built ? [] : ['npm run build failed in production mode (see the errors above)']);
}
const ssrFiles = textFiles('functions/ssr', /\.(mjs|js)$/);
const webFiles = textFiles('web/dist', /\.(js|html|css|json|txt|xml|webmanifest)$/);
const libFiles = textFiles('functions/lib', /\.js$/);
if (built && settings) section('built for the project', checkBuiltForProject(webFiles, settings));
if (built) {
  section('react production', [...checkReactProduction(ssrFiles, 'ssr'), ...checkReactProduction(webFiles.filter((f) => f.path.endsWith('.js')), 'web')]);
}

// 2. What the functions export, read as the Firebase CLI reads it: by loading the entry.
let endpoints = {};
if (existsSync(path.join(ROOT, 'functions/lib/index.js'))) {
  const probe = `const m = require('./functions/lib/index.js'); const out = {}; for (const [k, v] of Object.entries(m)) if (v && v.__endpoint) out[k] = v.__endpoint; process.stdout.write(JSON.stringify(out));`;
  try {
    endpoints = JSON.parse(execFileSync(process.execPath, ['-e', probe], { cwd: ROOT, env: prodEnv, encoding: 'utf8' }));
    section('functions entry', []);
  } catch (e) {
    section('functions entry', [`functions/lib/index.js does not load: ${String(e.stderr || e.message).split('\n').slice(0, 3).join(' ')}`]);
  }
} else {
  section('functions entry', ['functions/lib/index.js is missing (build the functions first, or run without --no-build)']);
}
const firebaseJson = json('firebase.json');
section('hosting rewrites', checkRewrites(firebaseJson, endpoints));

// 3. Indexes and TTL policies.
section('indexes and TTL', checkIndexes(json('firestore.indexes.json'), [...TTL_POLICIES]));
// Every query's shape (declared beside it, functions/src/data/query-shapes.ts) against the composite
// indexes: the emulators enforce none, so only this finds a missing one before production does.
const functionSources = textFiles('functions/src', /\.ts$/).filter((f) => !f.path.includes('__tests__'));
section('query indexes', [...checkQuerySources(functionSources), ...checkQueryIndexes(await loadDeclaredQueries(ROOT), json('firestore.indexes.json'))]);

// 4. Secrets, parameters and environment variables, against the runbook.
const sources = functionSources;
const deployDoc = existsSync(path.join(ROOT, 'docs/deploy.md')) ? read('docs/deploy.md') : '';
section('secrets and params', deployDoc ? checkConfig(sources, deployDoc, endpoints, ENV_NAMES) : ['docs/deploy.md is missing']);

// 5. Node engine.
section('node engine', checkEngine(json('functions/package.json'), firebaseJson, json('package.json')));

// 6. Emulator addresses and dev secrets in what ships.
const devSecrets = existsSync(path.join(ROOT, 'functions/.secret.local')) ? parseDotenv(read('functions/.secret.local')) : {};
section('no dev values in the build', scanForDevValues([...libFiles, ...ssrFiles, ...textFiles('functions/ssr', /\.(html|json)$/), ...webFiles], devSecrets));
section('committed headers', checkHeaders(firebaseJson, devSecrets));

// 7. Rules compile, on the Firestore emulator (the compiler production uses; nothing leaves the machine).
const rulesFound = await compileRules();
section('rules compile', rulesFound);

async function compileRules() {
  const java = spawnSync('java', ['-version']);
  if (java.error || java.status !== 0) return ['cannot compile firestore.rules offline: Java 17+ is needed for the Firestore emulator'];
  const { child, done } = firebase(
    ['emulators:exec', ...configArgs(), '--project', PROJECT_ID, '--only', 'firestore', 'node scripts/deploy/compile-rules.mjs firestore.rules'],
    { env: emulatorEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const code = await done;
  if (code === 0) return [];
  const m = /RULES-ERROR (.*)/.exec(out);
  return [m ? `firestore.rules does not compile: ${m[1]}` : `the Firestore emulator could not check the rules (exit ${code}): ${out.trim().split('\n').slice(-3).join(' ')}`];
}

console.log(`\ndeploy:check: ${passed.length} passed (${passed.join(', ')})`);
if (problems.length) {
  console.log(`deploy:check: ${problems.length} problem${problems.length > 1 ? 's' : ''}; fix before deploying:`);
  for (const p of problems) console.log(`  ✗ ${p}`);
  process.exit(1);
}
console.log(`deploy:check: ready to deploy to ${settings.id} (npm run deploy -- --project ${projectArg})`);
