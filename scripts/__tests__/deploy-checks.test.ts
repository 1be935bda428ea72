import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, parseConfig } from '../../functions/src/config';
import { TTL_POLICIES } from '../../functions/src/data/collections';
import {
  checkBuiltForProject,
  checkConfig,
  checkEngine,
  checkHeaders,
  checkIndexes,
  checkProjectSettings,
  checkReactProduction,
  checkRewrites,
  configNames,
  parseDotenv,
  resolveProject,
  scanForDevValues,
  type Endpoint,
  type FirebaseJson,
  type ProjectSettings,
} from '../deploy/checks';
import { readProjectSettings } from '../deploy/project-settings';

// npm run deploy:check's pure checks (scripts/deploy/checks.ts) against broken fixtures: each must find
// what is wrong, and pass the repo's own config. The build and the rules compiler are the runner's.
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const repoJson = <T>(p: string) => JSON.parse(readFileSync(path.join(root, p), 'utf8')) as T;
const firebaseJson = repoJson<FirebaseJson>('firebase.json');
const https = (region = 'asia-east1'): Endpoint => ({ region: [region], httpsTrigger: {} });

describe('checkReactProduction', () => {
  it('refuses an ssr bundle that picks React by NODE_ENV at run time, or holds development React', () => {
    const runtimePick = [{ path: 'ssr/entry.mjs', text: 'module.exports=process.env.NODE_ENV===`production`?a():b()' }];
    expect(checkReactProduction(runtimePick, 'ssr')[0]).toMatch(/reads process\.env\.NODE_ENV/);
    const dev = [{ path: 'dist/x.js', text: 'console.error(\'Each child in a list should have a unique "key" prop.\')' }];
    expect(checkReactProduction(dev, 'web')[0]).toMatch(/development build/);
    expect(checkReactProduction([], 'ssr')[0]).toMatch(/missing/);
  });
  it('passes a production bundle', () => {
    expect(checkReactProduction([{ path: 'ssr/entry.mjs', text: 'var e=Symbol.for("react.element");' }], 'ssr')).toEqual([]);
  });
});

describe('checkRewrites', () => {
  it('finds a rewrite to a missing function, to the wrong region, and to a non-HTTPS function', () => {
    const cfg: FirebaseJson = { hosting: { rewrites: [
      { source: '/api/**', function: { functionId: 'api', region: 'asia-east1' } },
      { source: '/', function: { functionId: 'ssr', region: 'asia-east1' } },
      { source: '/x', function: { functionId: 'gone', region: 'asia-east1' } },
      { source: '/y', function: 'sweep' },
    ] } };
    const problems = checkRewrites(cfg, { api: https(), ssr: https('us-central1'), sweep: { region: ['us-central1'] } });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/"gone", which functions\/lib\/index.js does not export/);
    expect(problems.join('\n')).toMatch(/"ssr" in asia-east1, but the function is deployed in us-central1/);
    expect(problems.join('\n')).toMatch(/"sweep", which is not an HTTPS/);
  });
  it('passes the committed firebase.json against api and ssr in asia-east1', () => {
    expect(checkRewrites(firebaseJson, { api: https(), ssr: https() })).toEqual([]);
  });
});

describe('checkIndexes', () => {
  it('finds a malformed index and a missing TTL policy', () => {
    const problems = checkIndexes(
      { indexes: [{ collectionGroup: 'orders', queryScope: 'COLLECTION', fields: [{ fieldPath: 'status', order: 'ASCENDING' }] }], fieldOverrides: [{ collectionGroup: 'rateLimits', fieldPath: 'expiresAt', ttl: true }] },
      [{ collection: 'rateLimits', field: 'expiresAt' }, { collection: 'allocResults', field: 'expireAt' }],
    );
    expect(problems).toHaveLength(2);
    expect(problems[1]).toMatch(/no TTL policy for allocResults\.expireAt/);
  });
  it('passes the committed indexes with the TTL fields the code declares', () => {
    expect(checkIndexes(repoJson('firestore.indexes.json'), [...TTL_POLICIES])).toEqual([]);
  });
  it('the code declares every expiry field its repositories write', () => {
    const dir = path.join(root, 'functions/src/data');
    const fields = new Set(readdirSync(dir).filter((f) => f.endsWith('.ts')).flatMap((f) => readFileSync(path.join(dir, f), 'utf8').match(/\b(expireAt|expiresAt)\b/g) ?? []));
    for (const f of fields) expect(TTL_POLICIES.map((p) => p.field)).toContain(f);
  });
});

describe('checkConfig', () => {
  const sources = [
    { path: 'a.ts', text: "export const s = defineSecret('SMTP_CONNECTION_URI');\nconst k = defineString('WEB_API_KEY');" },
    { path: 'b.ts', text: 'const u = process.env.SITE_URL; const f = process.env.MAIL_FROM;' },
  ];
  const bound = { api: { ...https(), secretEnvironmentVariables: [{ key: 'SMTP_CONNECTION_URI' }] } };
  it('finds secrets, params and variables missing from the runbook, and an unbound secret', () => {
    const problems = checkConfig(sources, 'Set SMTP_CONNECTION_URI and SITE_URL.', { api: https() });
    expect(problems).toEqual([
      expect.stringMatching(/SMTP_CONNECTION_URI is declared but no exported function binds it/),
      expect.stringMatching(/parameter WEB_API_KEY .* not listed/),
      expect.stringMatching(/environment variable MAIL_FROM .* not listed/),
    ]);
  });
  it('passes when all are listed and bound', () => {
    expect(checkConfig(sources, 'SMTP_CONNECTION_URI WEB_API_KEY SITE_URL MAIL_FROM', bound)).toEqual([]);
  });
  it('counts the variables of the configuration schema, which reads process.env as a whole', () => {
    expect(checkConfig([], 'SITE_URL', {}, ['SITE_URL', 'TRUSTED_PROXY_HOPS'])).toEqual([expect.stringMatching(/environment variable TRUSTED_PROXY_HOPS .* not listed/)]);
  });
  it('finds every variable of functions/src/config.ts in the runbook', () => {
    const doc = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    expect(checkConfig([], doc, {}, ENV_NAMES)).toEqual([]);
  });
  it('reads every declaration in the functions sources (functions/src/params.ts)', () => {
    const dir = path.join(root, 'functions/src');
    const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
    const names = configNames(walk(dir).filter((f) => f.endsWith('.ts')).map((f) => ({ path: f, text: readFileSync(f, 'utf8') })));
    expect([...names.secrets].sort()).toEqual(['LINE_CHANNEL_SECRET', 'SMTP_CONNECTION_URI', 'UNSUBSCRIBE_SECRET']);
  });
});

describe('checkEngine', () => {
  it('finds an unsupported engine, a firebase.json runtime that disagrees, and repo engines that exclude it', () => {
    expect(checkEngine({ engines: { node: '16' } }, {}, {})[0]).toMatch(/not a Cloud Functions runtime/);
    expect(checkEngine({ engines: { node: '22' } }, { functions: [{ runtime: 'nodejs20' }] }, {})[0]).toMatch(/differs/);
    expect(checkEngine({ engines: { node: '20' } }, {}, { engines: { node: '>=22' } })[0]).toMatch(/excludes/);
    expect(checkEngine({}, {}, {})[0]).toMatch(/no engines\.node/);
  });
  it('passes the committed package files', () => {
    expect(checkEngine(repoJson('functions/package.json'), firebaseJson, repoJson('package.json'))).toEqual([]);
  });
});

describe('scanForDevValues and checkHeaders', () => {
  const devSecrets = parseDotenv('# comment\nUNSUBSCRIBE_SECRET=dev-only-value-long-enough\nSHORT=abc\n');
  it('finds emulator addresses and development secrets in built files', () => {
    const problems = scanForDevValues([
      { path: 'web/dist/env.js', text: 'const a="127.0.0.1:9099",b="localhost:8080";' },
      { path: 'functions/lib/x.js', text: 'const k="dev-only-value-long-enough"; const s="abc";' },
      { path: 'functions/lib/ok.js', text: 'if (host === "localhost" || host === "127.0.0.1") {}' },
    ], devSecrets);
    expect(problems).toEqual([expect.stringMatching(/web\/dist\/env\.js: .*127\.0\.0\.1:9099, localhost:8080/), expect.stringMatching(/x\.js: holds the development value of UNSUBSCRIBE_SECRET/)]);
  });
  it('finds the emulators in committed headers, and passes the committed ones', () => {
    const broken: FirebaseJson = { hosting: { headers: [{ source: '**', headers: [{ key: 'Content-Security-Policy', value: "connect-src 'self' http://127.0.0.1:8080 ws://127.0.0.1:8080" }] }] } };
    expect(checkHeaders(broken, devSecrets)).toHaveLength(2);
    expect(checkHeaders({ hosting: { headers: [] } }, devSecrets)[0]).toMatch(/no Content-Security-Policy/);
    expect(checkHeaders(firebaseJson, devSecrets)).toEqual([]);
  });
});

describe('the project deployed: resolveProject, readProjectSettings, checkProjectSettings, checkBuiltForProject', () => {
  const rc = { projects: { default: 'demo-bookstore', staging: 'shop-staging', production: 'shop-prod' } };
  const web = { VITE_FIREBASE_API_KEY: 'AIzaSyProdKey', VITE_FIREBASE_PROJECT_ID: 'shop-prod', VITE_FIREBASE_AUTH_DOMAIN: 'shop-prod.firebaseapp.com' };
  const good: ProjectSettings = { id: 'shop-prod', alias: 'production', web, webFiles: ['web/.env.shop-prod'], functionsEnv: { SITE_URL: 'https://shop.example.tw', WEB_API_KEY: 'AIzaSyProdKey' }, functionsFiles: ['functions/.env.shop-prod'] };
  const check = (over: Partial<ProjectSettings>) => checkProjectSettings({ ...good, ...over }, parseConfig);

  it('needs a project named, resolves an alias, and refuses the demo project', () => {
    expect(resolveProject(undefined, rc)).toEqual({ problem: expect.stringMatching(/no project named.*--project <alias or id>/) });
    expect(resolveProject('production', rc)).toEqual({ id: 'shop-prod', alias: 'production' });
    expect(resolveProject('shop-other', rc)).toEqual({ id: 'shop-other' });
    expect(resolveProject('default', rc)).toEqual({ problem: expect.stringMatching(/demo project/) });
  });

  it('passes a project with its own web config, SITE_URL and WEB_API_KEY', () => {
    expect(check({})).toEqual([]);
  });

  it('names a missing web config, a demo value, and a web config of another project', () => {
    expect(check({ web: {}, webFiles: [] })).toEqual(['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_AUTH_DOMAIN'].map((n) => expect.stringContaining(`web config: ${n} is not set for shop-prod (no web/.env.shop-prod or web/.env.production.local)`)));
    const demo = check({ web: { ...web, VITE_FIREBASE_API_KEY: 'demo-api-key', VITE_FIREBASE_PROJECT_ID: 'demo-bookstore' } });
    expect(demo).toEqual([expect.stringMatching(/VITE_FIREBASE_API_KEY is the emulators' demo value "demo-api-key"/), expect.stringMatching(/VITE_FIREBASE_PROJECT_ID is the emulators' demo value "demo-bookstore"/)]);
    expect(check({ web: { ...web, VITE_FIREBASE_PROJECT_ID: 'shop-staging' } })).toEqual([expect.stringMatching(/"shop-staging", not the project being deployed \(shop-prod\)/)]);
  });

  it('names a missing functions file, SITE_URL and WEB_API_KEY, and refuses a SITE_URL that is no public https address', () => {
    expect(check({ functionsEnv: {}, functionsFiles: [] })).toEqual([
      expect.stringMatching(/functions\/\.env\.shop-prod is missing: create it with SITE_URL and WEB_API_KEY/),
      expect.stringMatching(/SITE_URL is not set for shop-prod .*mails fail to render/),
      expect.stringMatching(/WEB_API_KEY is not set for shop-prod/),
    ]);
    for (const site of ['http://shop.example.tw', 'https://localhost:5000', 'https://demo-bookstore.web.app']) {
      expect(check({ functionsEnv: { ...good.functionsEnv, SITE_URL: site } })).toEqual([expect.stringContaining(`SITE_URL "${site}"`)]);
    }
    expect(check({ functionsEnv: { ...good.functionsEnv, WEB_API_KEY: 'AIzaOther' } })[0]).toMatch(/differs from the web config/);
    expect(check({ shellSiteUrl: 'https://staging.example.tw' })[0]).toMatch(/SITE_URL in the shell .* differs/);
    expect(check({ functionsEnv: { ...good.functionsEnv, MAIL_PER_MINUTE: '-1', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' } })).toEqual([
      expect.stringMatching(/FIRESTORE_EMULATOR_HOST is set .* local runs only/),
      expect.stringMatching(/functions\/\.env\.shop-prod: Invalid configuration: MAIL_PER_MINUTE/),
    ]);
  });

  it('reads the project\'s own files, not another project\'s (fixture directories)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-project-'));
    try {
      mkdirSync(path.join(dir, 'web'));
      mkdirSync(path.join(dir, 'functions'));
      // A clean clone: no file at all.
      const bare = readProjectSettings(dir, { id: 'shop-prod', alias: 'production' }, {});
      expect(checkProjectSettings(bare, parseConfig).length).toBeGreaterThanOrEqual(5);
      writeFileSync(path.join(dir, 'functions/.env.shop-staging'), 'SITE_URL=https://staging.example.tw\nWEB_API_KEY=AIzaStaging\n');
      writeFileSync(path.join(dir, 'functions/.env.shop-prod'), 'SITE_URL=https://shop.example.tw\nWEB_API_KEY=AIzaSyProdKey\n');
      writeFileSync(path.join(dir, 'web/.env.shop-prod'), Object.entries(web).map(([k, v]) => `${k}=${v}`).join('\n'));
      writeFileSync(path.join(dir, 'web/.env.production.local'), 'VITE_FIREBASE_API_KEY=AIzaStaging\nVITE_FIREBASE_PROJECT_ID=shop-staging\n');
      const s = readProjectSettings(dir, { id: 'shop-prod', alias: 'production' }, { VITE_GTM_ID: 'GTM-ABC', PATH: '/bin' });
      expect(s).toMatchObject({ web: { ...web, VITE_GTM_ID: 'GTM-ABC' }, webFiles: ['web/.env.shop-prod'], functionsEnv: { SITE_URL: 'https://shop.example.tw' }, functionsFiles: ['functions/.env.shop-prod'] });
      expect(checkProjectSettings(s, parseConfig)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a build made for another project: its web config, or another robots.txt sitemap', () => {
    const robots = (site: string) => ({ path: 'web/dist/robots.txt', text: `User-agent: *\nSitemap: ${site}/sitemap.xml\n` });
    const bundle = { path: 'web/dist/assets/index.js', text: 'const e={VITE_FIREBASE_API_KEY:"AIzaSyProdKey",VITE_FIREBASE_PROJECT_ID:"shop-prod"}' };
    expect(checkBuiltForProject([bundle, robots('https://shop.example.tw')], good)).toEqual([]);
    expect(checkBuiltForProject([bundle, robots('https://staging.example.tw')], good)).toEqual([expect.stringMatching(/robots\.txt: "Sitemap: https:\/\/staging\.example\.tw\/sitemap\.xml", not "Sitemap: https:\/\/shop\.example\.tw\/sitemap\.xml"/)]);
    const demoBundle = { path: 'web/dist/assets/index.js', text: 'const e={VITE_FIREBASE_API_KEY:"demo-api-key",VITE_FIREBASE_PROJECT_ID:"demo-bookstore"}' };
    expect(checkBuiltForProject([demoBundle, robots('https://shop.example.tw')], good)).toEqual([expect.stringMatching(/no bundle holds shop-prod's web config/)]);
  });
});
