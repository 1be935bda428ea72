// npm run restore -- --from <folder> [--wipe] [--with-stats] [--project <id>]
// Writes a backup made by `npm run backup` back (scripts/lib/firestore-backup.mjs): every document is set
// to the backup's version; --wipe first deletes every document, so that the database is the backup
// exactly. The dashboard's totals are left out unless --with-stats: they are rebuilt from the restored
// orders with `npm run stats:rebuild` once the orderStats trigger is idle (docs/backup.md). Against the
// running emulator by default; a real project only when named with --project and
// GOOGLE_APPLICATION_CREDENTIALS.
import path from 'node:path';
import * as ns from 'firebase-admin/firestore';
import { restore, wipe } from './lib/firestore-backup.mjs';
import { failed, firestoreTarget } from './lib/firestore-target.mjs';

const args = process.argv.slice(2);
const usage = 'usage: npm run restore -- --from <folder> [--wipe] [--with-stats] [--project <id>]';
const at = args.indexOf('--from');
if (at < 0 || !args[at + 1]) {
  console.error(usage);
  process.exit(2);
}
const dir = path.resolve(args[at + 1]);
const { db, where } = firestoreTarget(args, usage);

try {
  const t = performance.now();
  if (args.includes('--wipe')) {
    await wipe(db);
    console.log(`wiped every document of ${where}`);
  }
  const { manifest, written, skipped } = await restore(db, ns, dir, args.includes('--with-stats') ? { skip: [] } : undefined);
  console.log(`restored ${written} documents of the backup of ${manifest.projectId} taken ${manifest.takenAt} to ${where} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (skipped) console.log(`left out ${skipped} documents of the dashboard's totals: when the orderStats trigger is idle, rebuild them from the restored orders with \`npm run stats:rebuild\``);
  process.exit(0);
} catch (err) {
  failed(err, where);
}
