// npm run migrate:order-facts [-- --project <id>]: gives the orders written before the typed facts
// their `payment` and `cancellation` fields (seed/order-facts.ts; docs/orders.md, "An order's facts").
// Safe to repeat. Without GOOGLE_APPLICATION_CREDENTIALS it talks to the running Firestore emulator
// (FIRESTORE_EMULATOR_HOST, default 127.0.0.1:8080 shifted by EMULATOR_PORT_OFFSET, as `npm start`
// places it).
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { firestoreEmulatorHost } from './emulator-host';
import { migrateOrderFacts } from './order-facts';

const args = process.argv.slice(2);
const at = args.indexOf('--project');
const real = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIRESTORE_EMULATOR_HOST;
if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= firestoreEmulatorHost();
const projectId = at >= 0 ? args[at + 1] : (process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT ?? 'demo-bookstore');

migrateOrderFacts(getFirestore(initializeApp({ projectId }))).then(
  ({ orders, updated }) => {
    console.log(`read ${orders} orders, gave ${updated} their payment and cancellation facts, on ${real ? projectId : `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`}`);
    process.exit(0);
  },
  (err: unknown) => {
    console.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
