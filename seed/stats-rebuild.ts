// npm run stats:rebuild [-- --project <id>]: recomputes the dashboard's running totals from the orders
// (rebuildOrderStats in functions/src/data/stats.ts). Run it while no order changes (docs/admin.md,
// "Backfill"). Which Firestore: seed/run-on-firestore.ts.
import { rebuildOrderStats } from '../functions/src/data/stats';
import { runOnFirestore } from './run-on-firestore';

runOnFirestore(rebuildOrderStats, ({ orders, documents }, where) => `rebuilt ${documents} stats documents from ${orders} orders on ${where}`);
