import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createTestUser, FIRESTORE_HOST, HOSTING_URL, seedBook, type TestUser, uniq } from '../helpers/emulators';

// Firestore goes away in the middle of a burst of orders: the Firestore emulator's Java process of
// THIS emulator run (found by its port) is frozen with SIGSTOP, which is what a network partition
// looks like to the Admin SDK (no answer at all, the slowest failure), and thawed with SIGCONT, so the
// data survives and can be checked. Runs as its own suite after the others (scripts/test.mjs), so no
// other test waits on the frozen emulator.

const INITIAL = 7;
const BURST = 10;
/**
 * Reads answer within the API's 10 s request deadline, and so does a placement whose first reads find
 * Firestore gone; a placement already queued answers within 45 s (the allocator's own 40 s, then 5 s
 * more: functions/src/http/middleware/deadline.ts). The Functions emulator adds the start
 * of a cold worker process per concurrent request, which on a loaded two-core machine takes seconds.
 * Either way well under the 60 s function timeout, where a hang would end.
 */
const MAX_READ_MS = 30_000;
const MAX_ORDER_MS = 58_000;

function firestorePid(): number {
  const port = FIRESTORE_HOST.split(':').at(-1)!;
  const ps = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const line = ps.split('\n').find((l) => /\bjava\b/.test(l) && new RegExp(`--port[= ]${port}\\b`).test(l));
  if (!line) throw new Error(`no Firestore emulator process listening on port ${port}`);
  return Number(line.trim().split(/\s+/)[0]);
}

interface Answer {
  orderId: string;
  status: number;
  ms: number;
  body: Record<string, unknown>;
}

describe('Firestore unreachable in the middle of a burst of orders', () => {
  let pid: number;
  let frozen = false;
  let member: TestUser;
  let productId: string;
  const freeze = () => {
    process.kill(pid, 'SIGSTOP');
    frozen = true;
  };
  const thaw = () => {
    if (frozen) process.kill(pid, 'SIGCONT');
    frozen = false;
  };

  beforeAll(async () => {
    pid = firestorePid();
    member = await createTestUser();
    productId = await seedBook({ prefix: 'outage-book', qty: INITIAL, name: '停機測試書', listPrice: 600, salePrice: 500 });
  });

  afterAll(() => {
    // Never leave the emulator frozen, whatever failed.
    thaw();
  });

  const place = async (orderId: string): Promise<Answer> => {
    const t = performance.now();
    const res = await fetch(`${HOSTING_URL}/api/order/${member.uid}/${orderId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}` },
      body: JSON.stringify({
        items: [{ productId, qty: 1 }],
        receiver: { name: '王小明', address: '臺南市中西區青年路 1 號' },
        phone: '0912-345-678',
        bankAccountNo: '12345',
      }),
      signal: AbortSignal.timeout(90_000),
    });
    return { orderId, status: res.status, ms: performance.now() - t, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };

  it('answers every order and read quickly with 201, 409 or 503, shows the Chinese message, and loses or half-writes nothing', async () => {
    const orderIds = Array.from({ length: BURST }, (_, i) => `outage${String(i).padStart(4, '0')}${uniq('').replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 40));

    // The burst: a third before the outage, the rest while Firestore is frozen; a few lanes at a
    // time, because the Functions emulator starts a worker process per concurrent request and a
    // pile of cold workers on two cores would measure the emulator, not the API.
    const lanes = (ids: string[], width: number) => {
      const queue = [...ids];
      const out: Answer[] = [];
      return Promise.all(
        Array.from({ length: width }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) out.push(await place(id));
        }),
      ).then(() => out);
    };
    // Warm as many workers as the outage will need at once, so that no cold start hides in a timing.
    await Promise.all(Array.from({ length: 12 }, () => fetch(`${HOSTING_URL}/api/stock`).then((r) => r.arrayBuffer())));
    const first = await lanes(orderIds.slice(0, 5), 5);
    freeze();
    const rest = lanes(orderIds.slice(5), 5);

    const readsAt = performance.now();
    const reads = await Promise.all(
      [`/api/stock/${productId}`, `/api/products/detail/${productId}`, '/api/stock'].map(async (path) => {
        const res = await fetch(`${HOSTING_URL}${path}`, { signal: AbortSignal.timeout(90_000) });
        return { path, status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown>, ms: performance.now() - readsAt };
      }),
    );
    for (const r of reads) {
      expect(r, r.path).toMatchObject({ status: 503, body: { statusCode: 503, statusMessage: 'Firebase not find' } });
      expect(r.ms, r.path).toBeLessThan(MAX_READ_MS);
    }

    // What a shopper sees: the book page's data call fails, the page says so in Chinese.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ locale: 'zh-TW' });
      await page.goto(`${HOSTING_URL}/bookstore/${productId}`);
      // The page shares the browser's six connections to Hosting with its chunks while its API calls wait out
      // their 10 s deadline; in one CI run (100 idle emulator workers left by the burst tests) it took longer
      // than 40 s to show the message. The API's own 503 timing is asserted above.
      await page.getByText('外部伺服器連線失敗').first().waitFor({ timeout: MAX_ORDER_MS });
    } finally {
      await browser.close();
    }

    const during = await rest;
    const answers = [...first, ...during];
    thaw();
    const times = answers.filter((a) => a.status === 503).map((a) => Math.round(a.ms)).sort((x, y) => x - y);
    console.log(`outage: ${times.length} orders answered 503 in ${times.join(', ')} ms; reads in ${reads.map((r) => Math.round(r.ms)).join(', ')} ms`);
    for (const a of answers) {
      expect([201, 409, 503], `${a.orderId}: ${a.status} ${JSON.stringify(a.body)}`).toContain(a.status);
      expect(a.ms, a.orderId).toBeLessThan(MAX_ORDER_MS);
      if (a.status === 503) expect(a.body).toMatchObject({ statusCode: 503, statusMessage: 'Firebase not find' });
    }
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // An order sent while Firestore is away fails at its first reads, before anything is queued: it is
    // answered as fast as a read, not after the allocator's 40 s (functions/src/api/orders/place-order.ts).
    for (const a of during) expect(a, a.orderId).toMatchObject({ status: 503 });
    for (const a of during) expect(a.ms, a.orderId).toBeLessThan(MAX_READ_MS);

    // Back up: once reads answer again, the client retries what failed with the same orderId.
    await expect
      .poll(async () => (await fetch(`${HOSTING_URL}/api/stock/${productId}`, { signal: AbortSignal.timeout(70_000) })).status, { timeout: 90_000, interval: 1000 })
      .toBe(200);
    let final = answers;
    for (let round = 0; round < 5 && final.some((a) => a.status >= 500); round++) {
      const retried: Answer[] = [];
      for (const a of final) retried.push(a.status >= 500 ? await place(a.orderId) : a);
      final = retried;
    }
    for (const a of final) expect([200, 201, 409], `${a.orderId} after the outage: ${a.status}`).toContain(a.status);

    // Nothing lost, nothing half-written: stock + copies ordered = the initial stock, and every order
    // that exists was answered as placed.
    const stock = (await adminDb().doc(`stock/${productId}`).get()).data()?.qty as number;
    const orders = (await adminDb().collection('orders').where('userId', '==', member.uid).get()).docs.map((d) => d.data());
    const sold = orders.flatMap((o) => (o.items as { productId: string; qty: number }[]).filter((i) => i.productId === productId)).reduce((n, i) => n + i.qty, 0);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + sold).toBe(INITIAL);
    for (const o of orders) {
      expect(o).toMatchObject({ status: 'awaitingPayment', userId: member.uid });
      expect(typeof o.orderNo).toBe('string');
      expect(o.totalPrice).toBeGreaterThan(0);
    }
    const placed = new Set(final.filter((a) => a.status === 200 || a.status === 201).map((a) => a.orderId));
    expect(new Set(orders.map((o) => o.orderId as string))).toEqual(placed);
    expect(placed.size).toBe(Math.min(BURST, INITIAL));
  }, 240_000);
});
