// npm run openapi: generates the API's OpenAPI 3.1 document from the zod contracts and renders it.
//   functions/openapi.json   served by GET /api/openapi.json (deployed with the function's source)
//   docs/api/index.html      the reference page: Redoc (Redocly CLI build-docs) with its script inlined,
//                            so it opens offline from the file system or any static server
// `npm test` (unit) fails when either file is out of step with the contracts: run this after changing
// functions/src/contracts/ (the route declarations are contracts/routes.ts) or functions/src/openapi/document.ts. `--check` only reports.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ROOT, run } from './lib/firebase-env.mjs';

export const SPEC_FILE = path.join(ROOT, 'functions', 'openapi.json');
export const PAGE_FILE = path.join(ROOT, 'docs', 'api', 'index.html');

const { openApiDocument } = await tsImport('../functions/src/openapi/document.ts', import.meta.url);
const json = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
const sha = createHash('sha256').update(json).digest('hex');

if (process.argv.includes('--check')) {
  const specOk = existsSync(SPEC_FILE) && readFileSync(SPEC_FILE, 'utf8') === json;
  const pageOk = existsSync(PAGE_FILE) && readFileSync(PAGE_FILE, 'utf8').includes(`<meta name="openapi-sha256" content="${sha}">`);
  console.log(`functions/openapi.json ${specOk ? 'up to date' : 'OUT OF DATE'}; docs/api/index.html ${pageOk ? 'up to date' : 'OUT OF DATE'}`);
  process.exit(specOk && pageOk ? 0 : 1);
}

writeFileSync(SPEC_FILE, json);
mkdirSync(path.dirname(PAGE_FILE), { recursive: true });
const code = await run(
  'npx',
  ['redocly', 'build-docs', SPEC_FILE, '--inlineBundle', '--title', '青嶼書房 API reference', '--output', PAGE_FILE, '--lint-config', 'off'],
  { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
if (code !== 0) process.exit(code);
// The page records which document it shows, so the unit test can tell a stale page without re-rendering.
const html = readFileSync(PAGE_FILE, 'utf8').replace('<head>', `<head><meta name="openapi-sha256" content="${sha}">`);
if (!html.includes(sha)) throw new Error('could not stamp docs/api/index.html');
writeFileSync(PAGE_FILE, html);
console.log(`wrote functions/openapi.json (${(json.length / 1024).toFixed(0)} KiB) and docs/api/index.html (sha256 ${sha.slice(0, 12)})`);
