// The deploy check's pure parts (npm run deploy:check, scripts/deploy-check.mjs): each takes what the
// runner read or built and returns the problems found, one sentence each, so that a broken fixture can
// prove every check fails (scripts/__tests__/deploy-checks.test.ts). Nothing here reads a file.

export interface TextFile {
  path: string;
  text: string;
}

/** What firebase-functions records on each export (`__endpoint`), reduced to what the checks read. */
export interface Endpoint {
  region?: string[];
  httpsTrigger?: unknown;
  secretEnvironmentVariables?: { key: string }[];
}

interface Rewrite {
  source?: string;
  regex?: string;
  function?: string | { functionId?: string; region?: string };
  run?: unknown;
  destination?: string;
}
interface HeaderRule {
  source?: string;
  headers?: { key: string; value: string }[];
}
export interface FirebaseJson {
  functions?: { source?: string; runtime?: string }[] | { source?: string; runtime?: string };
  hosting?: { rewrites?: Rewrite[]; headers?: HeaderRule[] };
}
export interface IndexesJson {
  indexes?: { collectionGroup?: string; queryScope?: string; fields?: { fieldPath?: string; order?: string; arrayConfig?: string }[] }[];
  fieldOverrides?: { collectionGroup?: string; fieldPath?: string; ttl?: boolean }[];
}
export interface TtlPolicy {
  collection: string;
  field: string;
}

/** The region a Hosting rewrite without one means (Firebase's default). */
const DEFAULT_REGION = 'us-central1';

/**
 * The `ssr` function's renderer bundles React (web/vite.config.ts, noExternal). React's entry chooses
 * its development or production build from process.env.NODE_ENV at run time, so a bundle that still
 * reads NODE_ENV, or that holds React's development-only warnings, renders with development React
 * wherever NODE_ENV is not "production" (the emulator, a misconfigured service): slower and noisier.
 */
const DEV_REACT_MARKERS = ['Each child in a list should have a unique "key" prop', 'react-stack-bottom-frame', 'In HTML, %s cannot be a child of'];

export function checkReactProduction(files: TextFile[], label: string): string[] {
  const problems: string[] = [];
  for (const f of files) {
    if (label === 'ssr' && /process\.env\.NODE_ENV\b/.test(f.text)) {
      problems.push(`${f.path}: the ssr bundle reads process.env.NODE_ENV at run time, so React's development build is bundled and picked unless NODE_ENV=production (define it in web/vite.config.ts's SSR build)`);
    }
    const marker = DEV_REACT_MARKERS.find((m) => f.text.includes(m));
    if (marker) problems.push(`${f.path}: the ${label} bundle holds React's development build (found ${JSON.stringify(marker.slice(0, 40))})`);
  }
  if (label === 'ssr' && !files.length) problems.push('the ssr bundle is missing (functions/ssr/*.mjs): the web build did not run');
  return problems;
}

const functionOf = (r: Rewrite): { id: string; region: string } | undefined => {
  if (!r.function) return undefined;
  if (typeof r.function === 'string') return { id: r.function, region: DEFAULT_REGION };
  return { id: r.function.functionId ?? '', region: r.function.region ?? DEFAULT_REGION };
};

/** Every Hosting rewrite to a function names an HTTPS function the build exports, in the region it says. */
export function checkRewrites(firebaseJson: FirebaseJson, endpoints: Record<string, Endpoint>): string[] {
  const problems: string[] = [];
  const rewrites = firebaseJson.hosting?.rewrites ?? [];
  for (const r of rewrites) {
    const fn = functionOf(r);
    if (!fn) continue;
    const where = `hosting rewrite ${JSON.stringify(r.source ?? r.regex)}`;
    const ep = endpoints[fn.id];
    if (!ep) {
      problems.push(`${where} names function "${fn.id}", which functions/lib/index.js does not export`);
      continue;
    }
    if (!ep.httpsTrigger) problems.push(`${where} names "${fn.id}", which is not an HTTPS (onRequest) function`);
    if (!(ep.region ?? [DEFAULT_REGION]).includes(fn.region)) {
      problems.push(`${where} sends to "${fn.id}" in ${fn.region}, but the function is deployed in ${(ep.region ?? [DEFAULT_REGION]).join(', ')}`);
    }
  }
  if (!rewrites.some((r) => functionOf(r))) problems.push('firebase.json: no Hosting rewrite reaches a function (the API and the pages would not be served)');
  return problems;
}

/** Composite indexes well formed; each TTL field the code writes has its TTL policy declared. */
export function checkIndexes(indexes: IndexesJson, ttl: TtlPolicy[]): string[] {
  const problems: string[] = [];
  if (!Array.isArray(indexes.indexes)) problems.push('firestore.indexes.json: no "indexes" array');
  for (const [i, idx] of (indexes.indexes ?? []).entries()) {
    const name = `firestore.indexes.json indexes[${i}]`;
    if (!idx.collectionGroup) problems.push(`${name}: no collectionGroup`);
    if (idx.queryScope !== 'COLLECTION' && idx.queryScope !== 'COLLECTION_GROUP') problems.push(`${name}: queryScope must be COLLECTION or COLLECTION_GROUP`);
    const fields = idx.fields ?? [];
    if (fields.length < 2) problems.push(`${name}: a composite index needs at least two fields`);
    for (const f of fields) {
      if (!f.fieldPath || (!f.order && !f.arrayConfig)) problems.push(`${name}: each field needs a fieldPath and an order or arrayConfig`);
    }
  }
  const overrides = indexes.fieldOverrides ?? [];
  for (const p of ttl) {
    if (!overrides.some((o) => o.collectionGroup === p.collection && o.fieldPath === p.field && o.ttl === true)) {
      problems.push(`firestore.indexes.json: no TTL policy for ${p.collection}.${p.field} (add {"collectionGroup": "${p.collection}", "fieldPath": "${p.field}", "ttl": true, "indexes": []} to fieldOverrides)`);
    }
  }
  return problems;
}

const PARAM_DECLARATION = /define(Secret|String|Int|Boolean|List|Float|JsonSecret)\(\s*['"]([A-Z0-9_]+)['"]/g;
const ENV_READ = /process\.env\.([A-Z][A-Z0-9_]*)/g;

/** The parameters and secrets the functions declare, and the environment variables they read. */
export function configNames(sources: TextFile[]): { secrets: Set<string>; params: Set<string>; env: Set<string> } {
  const secrets = new Set<string>();
  const params = new Set<string>();
  const env = new Set<string>();
  for (const f of sources) {
    for (const m of f.text.matchAll(PARAM_DECLARATION)) (m[1]!.endsWith('Secret') ? secrets : params).add(m[2]!);
    for (const m of f.text.matchAll(ENV_READ)) env.add(m[1]!);
  }
  return { secrets, params, env };
}

/**
 * Every secret and parameter is declared with firebase-functions/params, bound to a function (secrets)
 * and listed in docs/deploy.md, as is every environment variable the functions read: the runbook is the
 * one list of what a project must be given before its first deploy. `envNames` are the variables of the
 * functions' configuration schema (ENV_NAMES of functions/src/config.ts, the one module that reads them);
 * a `process.env.NAME` read anywhere in the sources counts too.
 */
export function checkConfig(sources: TextFile[], deployDoc: string, endpoints: Record<string, Endpoint>, envNames: readonly string[] = []): string[] {
  const problems: string[] = [];
  const { secrets, params, env: read } = configNames(sources);
  const env = new Set([...read, ...envNames]);
  const listed = (name: string) => new RegExp(`\\b${name}\\b`).test(deployDoc);
  const bound = new Set(Object.values(endpoints).flatMap((e) => (e.secretEnvironmentVariables ?? []).map((s) => s.key)));
  for (const s of secrets) {
    if (!listed(s)) problems.push(`secret ${s} (defineSecret) is not listed in docs/deploy.md`);
    if (!bound.has(s)) problems.push(`secret ${s} is declared but no exported function binds it (secrets: [...] in functions/src/index.ts)`);
  }
  for (const p of params) if (!listed(p)) problems.push(`parameter ${p} (firebase-functions/params) is not listed in docs/deploy.md`);
  for (const e of env) {
    if (secrets.has(e) || params.has(e)) continue;
    if (!listed(e)) problems.push(`environment variable ${e} (read by functions/src) is not listed in docs/deploy.md`);
  }
  for (const s of bound) if (!secrets.has(s)) problems.push(`a function binds secret ${s}, which no defineSecret declares`);
  return problems;
}

/** The Node runtimes Cloud Functions (2nd gen) runs and firebase-tools 14 deploys to. */
const SUPPORTED_RUNTIMES = ['20', '22'];

/** functions/package.json's engine is a runtime Cloud Functions has, firebase.json agrees, and the repo's engines allow it. */
export function checkEngine(functionsPkg: { engines?: { node?: string } }, firebaseJson: FirebaseJson, rootPkg: { engines?: { node?: string } }): string[] {
  const problems: string[] = [];
  const engine = functionsPkg.engines?.node;
  if (!engine) return ['functions/package.json: no engines.node (the runtime Cloud Functions deploys)'];
  if (!SUPPORTED_RUNTIMES.includes(engine)) problems.push(`functions/package.json: engines.node "${engine}" is not a Cloud Functions runtime (${SUPPORTED_RUNTIMES.join(', ')})`);
  const fns = Array.isArray(firebaseJson.functions) ? firebaseJson.functions : firebaseJson.functions ? [firebaseJson.functions] : [];
  for (const f of fns) {
    if (f.runtime && f.runtime !== `nodejs${engine}`) problems.push(`firebase.json: functions runtime "${f.runtime}" differs from functions/package.json engines.node "${engine}"`);
  }
  const min = /^>=\s*(\d+)/.exec(rootPkg.engines?.node ?? '');
  if (min && Number(engine) < Number(min[1])) problems.push(`package.json engines.node "${rootPkg.engines?.node}" excludes the functions runtime Node ${engine}`);
  return problems;
}

/** An emulator's address: loopback with a port (the emulators' and MailDev's), or a ws:// to one. */
const EMULATOR_ADDRESS = /\b(?:127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]):\d{2,5}\b/g;

/** No emulator address and no development secret in what gets deployed. */
export function scanForDevValues(files: TextFile[], devSecrets: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const f of files) {
    const addresses = [...new Set(f.text.match(EMULATOR_ADDRESS) ?? [])];
    if (addresses.length) problems.push(`${f.path}: names an emulator address (${addresses.slice(0, 3).join(', ')})`);
    for (const [name, value] of Object.entries(devSecrets)) {
      // A value short enough to occur by chance is no evidence (the dev files hold long random values).
      if (value.length >= 12 && f.text.includes(value)) problems.push(`${f.path}: holds the development value of ${name} (functions/.secret.local)`);
    }
  }
  return problems;
}

/** The committed Hosting headers (production's CSP and friends) name no emulator and no dev value. */
export function checkHeaders(firebaseJson: FirebaseJson, devSecrets: Record<string, string>): string[] {
  const text = (firebaseJson.hosting?.headers ?? []).flatMap((r) => (r.headers ?? []).map((h) => `${h.key}: ${h.value}`));
  const problems = scanForDevValues([{ path: 'firebase.json hosting.headers', text: text.join('\n') }], devSecrets);
  if (/\bws:\/\//.test(text.join('\n'))) problems.push('firebase.json hosting.headers: the CSP allows ws:// (the Firestore emulator\'s WebChannel), production uses https only');
  const csp = text.find((h) => h.startsWith('Content-Security-Policy:'));
  if (!csp) problems.push('firebase.json hosting.headers: no Content-Security-Policy');
  return problems;
}

/** KEY=value lines of a dotenv file (functions/.secret.local); comments and blanks skipped. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** .firebaserc: the project aliases (`firebase use --add`). */
export interface Firebaserc {
  projects?: Record<string, string>;
}

/** The emulators' projects (`demo-` ids never reach a real project). */
const isDemo = (v: string) => /(^|[^\w-])demo-[\w-]+/.test(v) || v.startsWith('demo-');

/** The project `--project` names (an alias of .firebaserc or an id), or why there is none to check. */
export function resolveProject(named: string | undefined, rc: Firebaserc): { id: string; alias?: string } | { problem: string } {
  if (!named) {
    return { problem: 'no project named: a build is made for one project (its web config, its SITE_URL); run `npm run deploy:check -- --project <alias or id>` (npm run deploy passes its --project on)' };
  }
  const id = rc.projects?.[named] ?? named;
  if (isDemo(id)) return { problem: `--project ${named} is the emulators' demo project (${id}), which cannot be deployed; name a real project (docs/deploy.md, "Aliases")` };
  return rc.projects?.[named] ? { id, alias: named } : { id };
}

/** What deploy:check read for the project: the web app's config the build gets, and the functions' variables. */
export interface ProjectSettings {
  id: string;
  alias?: string;
  /** The VITE_* variables the web build sees (the shell's, else the files'). */
  web: Record<string, string>;
  /** The web config files found, in the order read. */
  webFiles: string[];
  /** functions/.env, .env.<id> and .env.<alias> merged, as the Firebase CLI deploys them. */
  functionsEnv: Record<string, string>;
  functionsFiles: string[];
  /** SITE_URL of the shell running the check, if any (it would steer the build's robots.txt). */
  shellSiteUrl?: string;
}

const WEB_REQUIRED = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_AUTH_DOMAIN'] as const;
/** Variables of the local runs (scripts/lib/firebase-env.mjs) and the tests; a project never has them. */
const LOCAL_VARIABLES = /^(FIREBASE_AUTH_EMULATOR_HOST|FIRESTORE_EMULATOR_HOST|HOSTING_URL|MAILDEV_SMTP_URL|FUNCTIONS_EMULATOR|LOG_LEVEL|RATE_LIMIT_NAMESPACE|RATE_LIMIT_TEST_SECRET)$/;

/**
 * The project's settings are all there and are its own: the web app's config (no demo value, its project
 * id), SITE_URL and WEB_API_KEY in the functions' variables, every variable valid for the functions'
 * schema (`parse`: functions/src/config.ts parseConfig), no local-only variable.
 */
export function checkProjectSettings(s: ProjectSettings, parse: (env: Record<string, string>) => unknown): string[] {
  const problems: string[] = [];
  const webWhere = `web/.env.${s.id} or web/.env.production.local`;
  for (const name of WEB_REQUIRED) {
    const v = s.web[name];
    if (!v) problems.push(`web config: ${name} is not set for ${s.id} (${s.webFiles.length ? `not in ${s.webFiles.join(', ')}` : `no ${webWhere}`}): copy the web app's config there (docs/deploy.md, "The web app")`);
    else if (isDemo(v)) problems.push(`web config: ${name} is the emulators' demo value "${v}"; set ${s.id}'s own in ${webWhere} (docs/deploy.md, "The web app")`);
  }
  const webProject = s.web.VITE_FIREBASE_PROJECT_ID;
  if (webProject && !isDemo(webProject) && webProject !== s.id) problems.push(`web config: VITE_FIREBASE_PROJECT_ID is "${webProject}", not the project being deployed (${s.id}); the build would talk to another project`);

  const fnWhere = `functions/.env.${s.id}`;
  if (!s.functionsFiles.length) problems.push(`${fnWhere} is missing: create it with SITE_URL and WEB_API_KEY (docs/deploy.md, "Plain configuration")`);
  const site = s.functionsEnv.SITE_URL;
  if (!site) problems.push(`SITE_URL is not set for ${s.id} (${fnWhere}): the shop's https:// address, for mail links, canonical links, the sitemap and robots.txt; without it mails fail to render`);
  else if (!/^https:\/\/[^/\s]+/.test(site) || /\/\/(localhost|127\.|0\.0\.0\.0|\[::1\])/.test(site) || isDemo(site)) problems.push(`SITE_URL "${site}" (${fnWhere}) is not the shop's public https:// address`);
  if (s.shellSiteUrl && site && s.shellSiteUrl.replace(/\/+$/, '') !== site.replace(/\/+$/, '')) problems.push(`SITE_URL in the shell (${s.shellSiteUrl}) differs from ${fnWhere}'s (${site}): the functions read the file; unset it in the shell`);
  const key = s.functionsEnv.WEB_API_KEY;
  if (!key) problems.push(`WEB_API_KEY is not set for ${s.id} (${fnWhere}): the web app's apiKey, which the API's sign-in calls need`);
  else if (isDemo(key)) problems.push(`WEB_API_KEY is the emulators' demo value "${key}" (${fnWhere})`);
  else if (s.web.VITE_FIREBASE_API_KEY && !isDemo(s.web.VITE_FIREBASE_API_KEY) && key !== s.web.VITE_FIREBASE_API_KEY) problems.push(`WEB_API_KEY (${fnWhere}) differs from the web config's VITE_FIREBASE_API_KEY: both are the web app's apiKey`);
  for (const name of Object.keys(s.functionsEnv)) if (LOCAL_VARIABLES.test(name)) problems.push(`${name} is set in ${s.functionsFiles.join(', ')}: it is for the local runs only (docs/deploy.md), never for a project`);
  try {
    parse(s.functionsEnv);
  } catch (e) {
    problems.push(`${fnWhere}: ${(e as Error).message}`);
  }
  return problems;
}

/** The build is the project's: the web bundle holds its web config, and robots.txt names its sitemap. */
export function checkBuiltForProject(webFiles: TextFile[], s: Pick<ProjectSettings, 'id' | 'web' | 'functionsEnv'>): string[] {
  const problems: string[] = [];
  const js = webFiles.filter((f) => f.path.endsWith('.js'));
  const key = s.web.VITE_FIREBASE_API_KEY;
  if (key && js.length && !js.some((f) => f.text.includes(key) && f.text.includes(s.id))) problems.push(`web/dist: no bundle holds ${s.id}'s web config (its apiKey and project id): the build was made for another project`);
  const site = s.functionsEnv.SITE_URL?.replace(/\/+$/, '');
  const robots = webFiles.find((f) => /(^|\/)robots\.txt$/.test(f.path));
  if (!robots) problems.push('web/dist/robots.txt is missing (scripts/finish-web-build.mjs writes it)');
  else if (site && !robots.text.split('\n').includes(`Sitemap: ${site}/sitemap.xml`)) {
    const line = robots.text.split('\n').find((l) => l.startsWith('Sitemap:'));
    problems.push(`web/dist/robots.txt: ${line ? `"${line}"` : 'no Sitemap line'}, not "Sitemap: ${site}/sitemap.xml" (${s.id}'s SITE_URL)`);
  }
  return problems;
}
