// npm run stats:rebuild [-- --project <id>]: recomputes the dashboard's running totals from the orders
// (rebuildOrderStats in functions/src/data/stats.ts). Without GOOGLE_APPLICATION_CREDENTIALS it
// talks to the running Firestore emulator (FIRESTORE_EMULATOR_HOST, default 127.0.0.1:8080 shifted by
// EMULATOR_PORT_OFFSET, as `npm start` places it). Run it
// while no order changes (docs/admin.md, "Backfill").
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildOrderStats } from '../functions/src/data/stats';
import { firestoreEmulatorHost } from './emulator-host';

const args = process.argv.slice(2);
const at = args.indexOf('--project');
const real = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIRESTORE_EMULATOR_HOST;
if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= firestoreEmulatorHost();
const projectId = at >= 0 ? args[at + 1] : (process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT ?? 'demo-bookstore');

rebuildOrderStats(getFirestore(initializeApp({ projectId }))).then(
  ({ orders, documents }) => {
    console.log(`rebuilt ${documents} stats documents from ${orders} orders on ${real ? projectId : `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`}`);
    process.exit(0);
  },
  (err: unknown) => {
    console.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
