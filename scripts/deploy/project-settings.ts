// What npm run deploy:check reads for the project named (scripts/deploy-check.mjs): the web app's config the
// build gets and the functions' variables the deploy uploads, from the files docs/deploy.md names.
// Tested on fixture directories in scripts/__tests__/deploy-checks.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDotenv, type ProjectSettings } from './checks';

export function readProjectSettings(root: string, target: { id: string; alias?: string }, env: Readonly<Record<string, string | undefined>>): ProjectSettings {
  const { id, alias } = target;
  const exists = (f: string) => existsSync(path.join(root, f));
  const dotenv = (f: string) => parseDotenv(readFileSync(path.join(root, f), 'utf8'));
  // The project's own file, else the one web/.env.production.local; the shell's variables win over either
  // (as Vite takes them).
  const webFile = [`web/.env.${id}`, ...(alias ? [`web/.env.${alias}`] : []), 'web/.env.production.local'].find(exists);
  const web: Record<string, string> = {};
  for (const [k, v] of Object.entries(webFile ? dotenv(webFile) : {})) if (k.startsWith('VITE_')) web[k] = v;
  for (const [k, v] of Object.entries(env)) if (/^VITE_FIREBASE_|^VITE_GTM_ID$/.test(k) && v) web[k] = v;
  // The Firebase CLI deploys functions/.env, then .env.<project id> and .env.<alias> over it.
  const functionsFiles = ['functions/.env', `functions/.env.${id}`, ...(alias ? [`functions/.env.${alias}`] : [])].filter(exists);
  const functionsEnv: Record<string, string> = Object.assign({}, ...functionsFiles.map(dotenv));
  return { id, ...(alias ? { alias } : {}), web, webFiles: webFile ? [webFile] : [], functionsEnv, functionsFiles, ...(env.SITE_URL ? { shellSiteUrl: env.SITE_URL } : {}) };
}
