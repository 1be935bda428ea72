// npm run import:legacy at the old shop's size and beyond: a generated RTDB export with 10,000 orders
// (member and campaign orders, every status), 2,000 members, 1,000 subscribers, 40 books and 10
// campaigns, dry-run then applied to the Firestore emulator, then applied again (nothing to write).
// Aim (issue 26): dry run <= 30 s, apply <= 2 min. Times are wall clock, including tsx's start. Then
// npm run backup of the whole database and npm run restore of it into an empty project.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './lib.mjs';

export const title = 'Legacy import: 10,000 old-shop orders, dry run, apply, apply again (seed/import-legacy.ts); then backup and restore';

const require = createRequire(import.meta.url);
const ORDERS = 10_000;
const BOOKS = 40;
const PLANS = 10;
const MEMBERS = 2_000;
// A run of its own: ids and order numbers no other run or test uses, so every run imports afresh.
const run36 = Date.now().toString(36).slice(-5);

const pad = (n, w) => String(n).padStart(w, '0');

function makeExport() {
  const bookId = (i) => `BN${run36}${pad(i, 3)}`;
  const products = {};
  const stock = {};
  for (let i = 0; i < BOOKS; i++) {
    products[bookId(i)] = {
      productId: bookId(i),
      name: `基準測試書 ${i}`,
      imgSrc: '/images/books/test.jpg',
      content: ['第一章', '第二章'],
      bookIntroduction: { summary: ['摘要'], detail: ['說明'] },
      price: { originalPrice: 500 + i, discount: String(450 + i) },
      launched: i % 5 !== 0,
    };
    stock[bookId(i)] = { qty: 100 + i };
  }
  const planId = (p) => `-BenchPlan${run36}${p}`;
  const groupBuying = {};
  for (let p = 0; p < PLANS; p++) {
    groupBuying[planId(p)] = {
      buildTime: '2020/01/01 09:00',
      group: `基準公會 ${p}`,
      launch: true,
      plan: { title: `基準團購 ${p}`, closingDate: '2020/12/31', bannerImg: '', products: [0, 1, 2].map((k) => ({ productId: bookId((p + k) % BOOKS), launch: true, price: 400 })) },
    };
  }
  const uid = (m) => `benchUid${run36}${pad(m, 5)}`;
  const users = {};
  for (let m = 0; m < MEMBERS; m++) users[uid(m)] = { userName: `會員${m}`, email: `bench${run36}.${m}@old-shop.example`, userUid: uid(m), picture: '' };
  const order = {};
  const groupOrder = {};
  for (let i = 0; i < ORDERS; i++) {
    const month = 1 + (i % 12);
    const day = 1 + (i % 28);
    const qty = 1 + (i % 3);
    const book = bookId(i % BOOKS);
    const group = i % 4 === 0;
    const record = {
      buyer: `買家${i}`,
      receiver: { name: `收件人${i}`, address: '臺北市中正區重慶南路一段 100 號' },
      email: group ? `guest${run36}.${i}@old-shop.example` : users[uid(i % MEMBERS)].email,
      phone: '0912-345-678',
      bankAccountNo: i % 7 === 0 ? '00000' : pad(i % 100000, 5),
      // 15 digits, unique per order and per run.
      orderId: `${pad(parseInt(run36, 36) % 1e6, 6)}${pad(i, 9)}`,
      orderList: [{ productId: book, productName: products[book].name, qty, unitPrice: 450, totalPrice: 450 * qty }],
      totalPrice: 450 * qty + (i % 2 ? 60 : 0),
      oderDate: `2020/${pad(month, 2)}/${pad(day, 2)} ${pad(i % 24, 2)}:${pad(i % 60, 2)}`,
      status: String(1 + (i % 5)),
      isClosed: i % 5 >= 2,
    };
    if (group) {
      const p = planId(i % PLANS);
      (groupOrder[p] ??= {})[`-N${i}`] = { ...record, orderList: [{ ...record.orderList[0], productId: groupBuying[p].plan.products[0].productId, planId: p }] };
    } else (order[uid(i % MEMBERS)] ??= {})[`-N${i}`] = record;
  }
  const subscribeList = {};
  for (let s = 0; s < 1000; s++) subscribeList[`-S${s}`] = { email: `reader${run36}.${s}@old-shop.example`, subscribe: s % 10 !== 0 };
  return { products, stock, group_buying: groupBuying, users, order, group_order: groupOrder, subscribeList };
}

async function importLegacy(file, ...flags) {
  const t = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'seed/import-legacy.ts', '--file', file, '--json', ...flags], {
    cwd: ROOT,
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { seconds: (performance.now() - t) / 1000, out: JSON.parse(stdout) };
}

export async function run(say) {
  const dir = mkdtempSync(path.join(tmpdir(), 'legacy-bench-'));
  const file = path.join(dir, 'export.json');
  try {
    const data = makeExport();
    writeFileSync(file, JSON.stringify(data));
    const total = (out, key) => Object.values(out[key]).reduce((n, v) => n + (typeof v === 'number' ? v : v.new), 0);
    const dry = await importLegacy(file);
    say(`   export: ${ORDERS} orders, ${MEMBERS} members, 1000 subscribers, ${BOOKS} books, ${PLANS} campaigns; refused ${dry.out.refusals.length}`);
    say(`   dry run      ${dry.seconds.toFixed(1).padStart(6)} s   (map ${dry.out.seconds.map.toFixed(1)} s, compare with Firestore ${dry.out.seconds.compare.toFixed(1)} s; ${total(dry.out, 'state')} documents new)   aim <= 30 s`);
    const applied = await importLegacy(file, '--apply');
    say(`   apply        ${applied.seconds.toFixed(1).padStart(6)} s   (writes ${applied.out.seconds.apply.toFixed(1)} s; ${total(applied.out, 'created')} documents created)   aim <= 120 s`);
    const again = await importLegacy(file, '--apply');
    say(`   apply again  ${again.seconds.toFixed(1).padStart(6)} s   (${total(again.out, 'created')} documents created)`);

    // Counted once: the 2020 months' totals hold exactly the bench's orders of each status.
    const { initializeApp, getApps } = require(path.join(ROOT, 'node_modules/firebase-admin/lib/app/index.js'));
    const { getFirestore } = require(path.join(ROOT, 'node_modules/firebase-admin/lib/firestore/index.js'));
    const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-bookstore' }));
    const months = await db.getAll(...Array.from({ length: 12 }, (_, m) => db.doc(`statsMonths/2020-${pad(m + 1, 2)}`)));
    const counted = months.reduce((n, s) => n + Object.values(s.get('n') ?? {}).reduce((a, b) => a + b, 0), 0);
    say(`   dashboard: ${counted} orders counted in 2020 (expected ${ORDERS}, more if an earlier bench run on these emulators imported its own)`);

    // What a backup and a restore take at this size (docs/backup.md): the whole database out, then
    // into a project of its own on the same emulator (no trigger listens there).
    const node = (script, ...args) => promisify(execFile)(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, env: process.env, maxBuffer: 64 * 1024 * 1024 });
    const out = path.join(dir, 'backup');
    let t = performance.now();
    await node('scripts/backup.mjs', '--out', out);
    const docs = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')).documents;
    say(`   npm run backup   ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s   (${docs} documents)`);
    const target = `demo-bench-restore-${run36}`;
    t = performance.now();
    await node('scripts/restore.mjs', '--from', out, '--project', target);
    say(`   npm run restore  ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s   (into the project ${target})`);
    await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${target}/databases/(default)/documents`, { method: 'DELETE' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
