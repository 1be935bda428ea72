// Loads every module of functions/src/data and functions/src/allocator, whose declareQuery calls register
// their query shapes, and answers those shapes (npm run deploy:check and scripts/__tests__/query-indexes.test.ts).
// Loading them is cheap and offline: firebase-admin is imported on first use only (functions/src/lib/firebase.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { declaredQueries, type QueryShape } from '../../functions/src/data/query-shapes';

/** The directories whose modules may query Firestore (the rest of the functions go through them). */
export const QUERY_DIRS = ['functions/src/data', 'functions/src/allocator'];

export async function loadDeclaredQueries(root: string): Promise<readonly QueryShape[]> {
  for (const dir of QUERY_DIRS) {
    for (const name of readdirSync(path.join(root, dir)).filter((n) => n.endsWith('.ts')).sort()) {
      await import(pathToFileURL(path.join(root, dir, name)).href);
    }
  }
  return [...declaredQueries()];
}
