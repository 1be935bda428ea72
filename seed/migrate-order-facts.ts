// npm run migrate:order-facts [-- --project <id>]: gives the orders written before the typed facts
// their `payment` and `cancellation` fields (seed/order-facts.ts; docs/orders.md, "An order's facts").
// Safe to repeat. Which Firestore: seed/run-on-firestore.ts.
import { migrateOrderFacts } from './order-facts';
import { runOnFirestore } from './run-on-firestore';

runOnFirestore(migrateOrderFacts, ({ orders, updated }, where) => `read ${orders} orders, gave ${updated} their payment and cancellation facts, on ${where}`);
