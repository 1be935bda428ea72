import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../seed/data/products';
import { shopSettings } from '../../seed/data/settings';
import { FIRESTORE_HOST, testClientHeaders, uniq } from '../helpers/emulators';
import { contact, newOrderId } from '../helpers/owner-fixtures';

// The restore drill (docs/backup.md): a shop with orders, stock and a campaign's progress, `npm run
// backup`, a wipe of the whole database, `npm run restore`, and the same answers from the API. It runs
// beside the other API test files, so the shop it wipes is one of its own: a project id of its own on the
// same Firestore emulator (the emulator keeps each project's data apart), served by the API as a plain
// Node server started for that project (functions/lib/server.js). Nothing the other files read is
// touched. The Functions emulator's triggers belong to demo-bookstore and do not run here: the drill
// proves the data comes back, not the dashboard's totals (docs/backup.md, "Dashboard totals").

const ROOT = path.resolve(import.meta.dirname, '../..');
const DRILL = `demo-drill-${Date.now().toString(36)}`;
const exec = promisify(execFile);

let app: App;
let db: Firestore;
let server: ChildProcess;
let api = '';
const dir = mkdtempSync(path.join(tmpdir(), 'backup-drill-'));
const bookId = 'drill-book';
const planId = 'drillPlan';

async function startServer(): Promise<string> {
  server = spawn(process.execPath, [path.join(ROOT, 'functions/lib/server.js')], {
    env: { ...process.env, GCLOUD_PROJECT: DRILL, PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      const m = /listening on (http:\/\/\S+)\/api/.exec(String(d));
      if (m) resolve(m[1]!);
    });
    server.on('exit', (code) => reject(new Error(`the API server exited with ${code}`)));
  });
}

const call = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${api}/api${url}`, { method, headers: { 'Content-Type': 'application/json', ...testClientHeaders() }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const script = (name: string, ...args: string[]) => exec(process.execPath, [path.join(ROOT, `scripts/${name}.mjs`), ...args, '--project', DRILL], { cwd: ROOT, env: process.env });

beforeAll(async () => {
  app = initializeApp({ projectId: DRILL }, DRILL);
  db = getFirestore(app);
  // The drill's shop: the demo settings, one book with 20 copies, an open campaign.
  const { productId: _id, ...book } = products[0]!;
  const now = new Date().toISOString();
  const batch = db.batch();
  batch.set(db.doc('settings/shop'), shopSettings);
  batch.set(db.doc(`products/${bookId}`), { ...book, name: '備份演練用書', updatedAt: now });
  batch.set(db.doc(`stock/${bookId}`), { qty: 20, updatedAt: now });
  batch.set(db.doc(`groupBuyingPlans/${planId}`), {
    title: '備份演練團購',
    organizer: '演練公會',
    closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    launched: true,
    bannerImg: { pc: '', mobile: '' },
    content: [],
    products: [{ productId: bookId, groupPrice: 700, maxPerOrder: 10 }],
    minQuantity: 10,
    pickupNotes: '',
    paymentNotes: '',
    pickupPoints: [],
    postalDelivery: true,
    updatedAt: now,
  });
  batch.set(db.doc(`planProgress/${planId}`), { orders: 0, copies: 0, minQuantity: 10, updatedAt: now });
  await batch.commit();
  api = await startServer();
});

afterAll(async () => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  await fetch(`http://${FIRESTORE_HOST}/emulator/v1/projects/${DRILL}/databases/(default)/documents`, { method: 'DELETE' });
  await deleteApp(app);
});

describe('backup and restore drill', () => {
  it('brings back the same orders, stock and campaign progress after the database is wiped', async () => {
    const placed: { orderNo: string; email: string }[] = [];
    for (const qty of [2, 3, 1]) {
      const email = `${uniq('drill')}@example.com`;
      const res = await call('PATCH', `/groupOrder/${planId}/${newOrderId()}`, { items: [{ productId: bookId, qty }], buyer: '演練買家', email, ...contact() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      placed.push({ orderNo: String(res.body.orderNo), email });
    }
    const look = () =>
      Promise.all([
        ...placed.map((o) => call('POST', '/order/lookup', { orderNo: o.orderNo, email: o.email })),
        call('GET', `/stock/${bookId}`),
        call('GET', `/groupBuying/${planId}`),
      ]);
    const before = await look();
    expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(before[3]!.body).toEqual({ productId: bookId, qty: 14 });
    expect(before[4]!.body.progress).toMatchObject({ orders: 3, copies: 6 });

    await script('backup', '--out', dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { projectId: string; collections: Record<string, number> };
    expect(manifest.projectId).toBe(DRILL);
    // The emulator seeds every project with the imported demo shop: its books and campaigns are in too.
    expect(manifest.collections).toMatchObject({ orders: 3, orderNumbers: 3, settings: 1 });
    expect(manifest.collections.products).toBeGreaterThanOrEqual(1);

    // The disaster: every document of the drill's database gone.
    expect((await fetch(`http://${FIRESTORE_HOST}/emulator/v1/projects/${DRILL}/databases/(default)/documents`, { method: 'DELETE' })).status).toBe(200);
    const wiped = await look();
    expect(wiped.slice(0, 3).map((r) => r.status)).toEqual([404, 404, 404]);
    expect(wiped[4]!.status).toBe(404);

    const { stdout } = await script('restore', '--from', dir);
    expect(stdout).toMatch(/restored \d+ documents/);
    const after = await look();
    expect(after).toEqual(before);

    // And the database is the backup: a second backup holds the same documents, but for the rate
    // limits' counters, which the lookups since have moved, and the dashboard's totals (the placements'
    // batches wrote them), which a restore leaves out for `npm run stats:rebuild` (docs/backup.md).
    const again = path.join(dir, 'again');
    await script('backup', '--out', again);
    const lines = (p: string) =>
      readFileSync(path.join(p, 'documents.ndjson'), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('{"path":"rateLimits/') && !/^\{"path":"stats(Days|Months|Plans|Events)\//.test(l))
        .sort();
    expect(lines(dir).length).toBeGreaterThan(10);
    expect(lines(again)).toEqual(lines(dir));
  });
});
