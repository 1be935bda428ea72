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
