// Which Firestore a maintenance script talks to: the running emulator by default (FIRESTORE_EMULATOR_HOST,
// else 127.0.0.1:8080 shifted by EMULATOR_PORT_OFFSET), a real project only when named with --project and
// GOOGLE_APPLICATION_CREDENTIALS is set. Shared by npm run backup and npm run restore.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

/** Returns {db, projectId, where} or exits with a usage error. */
export function firestoreTarget(args, usage) {
  const at = args.indexOf('--project');
  const named = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && (!named || named.startsWith('--'))) {
    console.error(usage);
    process.exit(2);
  }
  const real = Boolean(named) && !process.env.FIRESTORE_EMULATOR_HOST;
  if (real && !process.env.GOOGLE_APPLICATION_CREDENTIALS) {
    console.error(`--project ${named} names a real project: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key of it (or FIRESTORE_EMULATOR_HOST for an emulator)`);
    process.exit(2);
  }
  if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${8080 + Number(process.env.EMULATOR_PORT_OFFSET || 0)}`;
  const projectId = named ?? process.env.GCLOUD_PROJECT ?? 'demo-bookstore';
  const app = getApps()[0] ?? initializeApp({ projectId });
  const where = real ? `project ${projectId}` : `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST} (${projectId})`;
  return { db: getFirestore(app), projectId, where, real };
}

/** One clear line for the usual failure (nothing listening), else the error's message. */
export function failed(err, where) {
  const msg = err instanceof Error ? err.message : String(err);
  console.error(/ECONNREFUSED|UNAVAILABLE/.test(msg) ? `Firestore is not reachable at ${where}: start the emulators with \`npm start\` first` : `failed: ${msg}`);
  process.exit(1);
}
