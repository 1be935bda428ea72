// Run any command against the emulators with the demo data imported (the same setup `npm test` uses):
//   node scripts/emulators.mjs exec "npx vitest run --project api tests/api/products.test.ts"
//   node scripts/emulators.mjs start            (no build; see npm start for the full shop)
// EMULATOR_PORT_OFFSET=1000 (a multiple of 1000) shifts every port, so two checkouts can run at once.
import { randomBytes } from 'node:crypto';
import { claimStack, configArgs, emulatorEnv, firebase, PROJECT_ID, requireJava } from './lib/firebase-env.mjs';
import { startMailDev } from './lib/maildev.mjs';

requireJava();
claimStack('node scripts/emulators.mjs');
const [mode = 'start', ...rest] = process.argv.slice(2);
const only = process.env.EMULATORS_ONLY ?? 'auth,firestore,functions,hosting';
const hostingPublic = process.env.WEB_OUT_DIR;
const args = [`emulators:${mode}`, ...configArgs({ hostingPublic }), '--project', PROJECT_ID, '--only', only, '--import', 'emulator-data'];
if (mode === 'exec') args.push(rest.join(' '));
// As in scripts/test.mjs: `exec` runs tests, which may name their own rate-limit client (docs/limits.md).
const extra = mode === 'exec' ? { RATE_LIMIT_TEST_SECRET: randomBytes(18).toString('base64url') } : {};
const inbox = await startMailDev();
const { done } = firebase(args, { env: emulatorEnv(extra) });
const code = await done;
inbox.stop();
process.exit(code);
