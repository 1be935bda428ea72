// npm run import:legacy -- --file <export.json> [--images <dir>] [--apply] [--project <id>] [--json]
// Reads the old shop's Realtime Database export (the console's "Export JSON"), maps it to this shop's
// collections (seed/legacy/mapping.ts) and prints what it would write and every record it refuses.
// Covers named relative to the old site are brought over from --images into web/public/images/books
// (seed/legacy/covers.ts; --public <dir> writes them elsewhere, for the tests).
// With --apply it writes what is new (seed/legacy/write.ts): to the running Firestore emulator
// (FIRESTORE_EMULATOR_HOST, or 127.0.0.1:8080 shifted by EMULATOR_PORT_OFFSET), or to a real project
// only when one is named with --project and GOOGLE_APPLICATION_CREDENTIALS is set. docs/migration.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { bringCovers } from './legacy/covers';
import { mapLegacyExport, parseLegacyExport, RECORD_KINDS, type ImportPlan } from './legacy/mapping';
import { applyImport, compareWithFirestore, type Existing } from './legacy/write';
import { firestoreEmulatorHost } from './emulator-host';

const args = process.argv.slice(2);
const value = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const file = value('--file');
const apply = args.includes('--apply');
const asJson = args.includes('--json');
const named = value('--project');
const images = value('--images');
const publicDir = path.resolve(value('--public') ?? path.join(import.meta.dirname, '..', 'web', 'public'));
if (!file) {
  console.error('usage: npm run import:legacy -- --file <export.json> [--images <dir of the old covers>] [--apply] [--project <id>] [--json]');
  process.exit(2);
}
let exported: unknown;
try {
  exported = parseLegacyExport(readFileSync(file, 'utf8'), file);
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  console.error(e.code === 'ENOENT' ? `${file}: no such file` : e.code === 'EISDIR' ? `${file} is a folder, not the export file` : e.message);
  process.exit(2);
}
const real = Boolean(named) && !process.env.FIRESTORE_EMULATOR_HOST;
if (real && !process.env.GOOGLE_APPLICATION_CREDENTIALS) {
  console.error(`--project ${named} names a real project: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key of it (or FIRESTORE_EMULATOR_HOST for an emulator)`);
  process.exit(2);
}
if (!real) process.env.FIRESTORE_EMULATOR_HOST ??= firestoreEmulatorHost();
const projectId = named ?? process.env.GCLOUD_PROJECT ?? 'demo-bookstore';
const where = real ? `project ${projectId}` : `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST} (${projectId})`;

const KIND_TARGET: Record<keyof Existing, string> = {
  products: 'products/{productId} -> products/{productId}',
  stock: 'stock/{productId}.qty -> stock/{productId} (+ a movement)',
  plans: 'group_buying/{planId} -> groupBuyingPlans/{planId}, planProgress/{planId}',
  orders: 'order/{uid}/{id}, group_order/{planId}/{id} -> orders/legacy-{orderNo}, orderNumbers/{orderNo}',
  members: 'users/{uid} -> members/{uid}',
  subscriptions: 'subscribeList/{pushId} -> subscriptions/{email}',
};
const KIND_OF: Record<keyof Existing, (typeof RECORD_KINDS)[number]> = { products: 'product', stock: 'stock', plans: 'plan', orders: 'order', members: 'member', subscriptions: 'subscriber' };

function report(plan: ImportPlan, state: Existing, seconds: { map: number; compare: number }) {
  const lines = [`legacy export ${file} against ${where}${apply ? '' : ' (dry run: nothing is written; --apply writes)'}`, ''];
  lines.push('kind           read  mapped  refused     new  present  mapping');
  for (const kind of Object.keys(KIND_TARGET) as (keyof Existing)[]) {
    const k = KIND_OF[kind];
    const refused = plan.refusals.filter((r) => r.kind === k).length;
    const c = state[kind];
    lines.push(`${kind.padEnd(13)} ${String(plan.read[k]).padStart(5)} ${String(c.new + c.present).padStart(7)} ${String(refused).padStart(8)} ${String(c.new).padStart(7)} ${String(c.present).padStart(8)}  ${KIND_TARGET[kind]}`);
  }
  lines.push('', `refused (${plan.refusals.length}):`);
  for (const r of plan.refusals) lines.push(`  ${r.path}: ${r.reason}`);
  if (plan.notes.length) {
    lines.push('', `notes (${plan.notes.length}):`);
    for (const n of plan.notes.slice(0, 50)) lines.push(`  ${n}`);
    if (plan.notes.length > 50) lines.push(`  ... and ${plan.notes.length - 50} more`);
  }
  const overdue = plan.orders.filter((o) => o.status === 'awaitingPayment' && o.paymentDueAt !== null && o.paymentDueAt < new Date().toISOString()).length;
  if (overdue) lines.push('', `${overdue} imported ${overdue === 1 ? 'order is' : 'orders are'} unpaid past the payment deadline: the next unpaid-order sweep cancels them without a mail and returns their copies (docs/migration.md)`);
  lines.push('', `mapped in ${seconds.map.toFixed(1)} s, compared with Firestore in ${seconds.compare.toFixed(1)} s`);
  return lines.join('\n');
}

async function main() {
  const t0 = performance.now();
  const now = new Date().toISOString();
  const plan = mapLegacyExport(exported, now);
  const covers = await bringCovers(plan, images, publicDir, apply);
  const t1 = performance.now();
  const db = getFirestore(initializeApp({ projectId }));
  const state = await compareWithFirestore(db, plan, now);
  const t2 = performance.now();
  const seconds = { map: (t1 - t0) / 1000, compare: (t2 - t1) / 1000 };
  const created = apply ? await applyImport(db, plan, now) : null;
  const t3 = performance.now();
  if (asJson) {
    console.log(JSON.stringify({ apply, read: plan.read, state, refusals: plan.refusals, notes: plan.notes, covers, created, seconds: { ...seconds, apply: (t3 - t2) / 1000 } }));
    return;
  }
  console.log(report(plan, state, seconds));
  if (created) {
    console.log(`\nwrote ${Object.entries(created).map(([k, n]) => `${n} ${k}`).join(', ')} in ${((t3 - t2) / 1000).toFixed(1)} s to ${where}`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(/ECONNREFUSED|UNAVAILABLE/.test(msg) ? `Firestore is not reachable at ${where}: start the emulators with \`npm start\` first` : `failed: ${msg}`);
    process.exit(1);
  },
);
