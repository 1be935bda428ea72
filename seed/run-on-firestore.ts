// What the one-off maintenance scripts (npm run stats:rebuild, npm run migrate:order-facts) share: they
// run one job on a project's Firestore and say what it did. Without GOOGLE_APPLICATION_CREDENTIALS the
// job talks to the running Firestore emulator (FIRESTORE_EMULATOR_HOST, default 127.0.0.1:8080 shifted
// by EMULATOR_PORT_OFFSET, as `npm start` places it); `--project <id>` names the project.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firestoreEmulatorHost } from './emulator-host';

/** Runs `job` on the chosen Firestore, prints `done(result, where)` and exits 0, or prints the failure and exits 1. */
export function runOnFirestore<R>(job: (firestore: Firestore) => Promise<R>, done: (result: R, where: string) => string): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--project');
  const real = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIRESTORE_EMULATOR_HOST;
  if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= firestoreEmulatorHost();
  const projectId = at >= 0 ? args[at + 1] : (process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT ?? 'demo-bookstore');
  const where = real ? String(projectId) : `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`;
  job(getFirestore(initializeApp({ projectId }))).then(
    (result) => {
      console.log(done(result, where));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
