// npm run backup [-- --out <folder>] [--project <id>]
// A logical copy of every Firestore document (subcollections included) into a folder: manifest.json and
// documents.ndjson (scripts/lib/firestore-backup.mjs). Against the running emulator by default; a real
// project only when named with --project and GOOGLE_APPLICATION_CREDENTIALS. In production the managed
// export and point-in-time recovery are the backups (docs/backup.md); this is the emulators' and a
// portable copy. Auth users are not in Firestore: `firebase auth:export` (docs/backup.md).
import path from 'node:path';
import * as ns from 'firebase-admin/firestore';
import { backup } from './lib/firestore-backup.mjs';
import { failed, firestoreTarget } from './lib/firestore-target.mjs';
import { ROOT } from './lib/firebase-env.mjs';

const args = process.argv.slice(2);
const usage = 'usage: npm run backup -- [--out <folder>] [--project <id>]';
const { db, projectId, where } = firestoreTarget(args, usage);
const at = args.indexOf('--out');
const takenAt = new Date().toISOString();
const dir = at >= 0 ? path.resolve(args[at + 1]) : path.join(ROOT, 'backups', `${projectId}-${takenAt.replace(/[:.]/g, '-')}`);

try {
  const t = performance.now();
  const manifest = await backup(db, ns, dir, { projectId, takenAt, source: where });
  console.log(`backed up ${manifest.documents} documents from ${where} to ${dir} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  for (const [name, n] of Object.entries(manifest.collections)) console.log(`  ${name.padEnd(28)} ${String(n).padStart(7)}`);
  process.exit(0);
} catch (err) {
  failed(err, where);
}
