// npm run seed: start empty auth + firestore emulators, run seed/seed.ts, export into emulator-data/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { configArgs, firebase, PROJECT_ID, requireJava, ROOT } from './lib/firebase-env.mjs';

requireJava();
const out = path.join(ROOT, 'emulator-data');
rmSync(out, { recursive: true, force: true });
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const { done } = firebase([
  'emulators:exec', ...configArgs(), '--project', PROJECT_ID, '--only', 'auth,firestore',
  '--export-on-exit', out, `"${tsx}" seed/seed.ts`,
]);
process.exit(await done);
