import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { ORDER_NO_ALPHABET } from '../../functions/src/contracts/orders';
import { ROUTES } from '../../functions/src/contracts/routes';
import { counterId } from '../../functions/src/data/rate-limits';
import { adminDb, createTestUser, HOSTING_URL, testClientHeaders, uniq } from '../helpers/emulators';

// Rate limits through the real serving path: Hosting -> the Functions emulator, which runs one worker
// process per concurrent request, as production runs several instances. The limits are those
// `npm start` serves; each test names its own client (testClientHeaders) so that it neither uses up
// nor inherits the limits of the other suites, which all come from 127.0.0.1 too.

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${HOSTING_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Sends `total` requests, `parallel` at a time; the statuses in the order they were sent. */
async function inWaves(total: number, parallel: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < total; i += parallel) {
    const wave = await Promise.all(Array.from({ length: Math.min(parallel, total - i) }, (_, j) => send(i + j)));
    for (const res of wave) {
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toMatchObject({ statusCode: 429, statusMessage: 'TOO_MANY_ATTEMPTS_TRY_LATER' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      } else await res.body?.cancel();
    }
  }
  return statuses;
}

/** A well-formed order number that no order has (the lookup answers 404 until the limit). */
const guess = (i: number) => `QY990101${[0, 1, 2, 3].map((d) => ORDER_NO_ALPHABET[Math.floor(i / ORDER_NO_ALPHABET.length ** d) % ORDER_NO_ALPHABET.length]).join('')}`;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
/** A forged X-Forwarded-For that changes with every request. */
const forged = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${(i % 250) + 1}, 198.51.100.${(i * 7) % 250}` });

// The Functions emulator starts a worker process per concurrent request; on a busy machine the first
// ones take long to load. Warm a few up first, and give each test room.
beforeAll(async () => {
  await Promise.all(Array.from({ length: 5 }, async () => (await fetch(`${HOSTING_URL}/api/products/simple`)).arrayBuffer()));
}, 300_000);

describe('rate limits through Hosting and the Functions emulator', { timeout: 180_000 }, () => {
  it('30 wrong passwords for one account from one client, 5 at a time: 10 refused by Identity Toolkit, then 429 for that client only', async () => {
    const user = await createTestUser();
    const client = testClientHeaders();
    const statuses = await inWaves(30, 5, (i) => post('/auth/signIn', { email: user.email, password: `wrong-${i}` }, { ...client, ...forged(i) }));
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(20);
    // The first ten were real attempts; everything after them was stopped.
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // The guesser's client stays locked out of the account, even with the right password (guessing
    // teaches nothing); the member, from any other client, signs in: the lock is not the guesser's to hand out.
    expect((await post('/auth/signIn', { email: user.email, password: user.password }, { ...client, ...forged(99) })).status).toBe(429);
    expect((await post('/auth/signIn', { email: user.email, password: user.password }, testClientHeaders())).status).toBe(200);
  });

  it('40 order lookups with a forged, changing X-Forwarded-For: 10 answered, then 429', async () => {
    const client = testClientHeaders();
    const statuses = await inWaves(40, 5, (i) => post('/order/lookup', { orderNo: guess(i), email: 'guess@example.com' }, { ...client, ...forged(i) }));
    expect(count(statuses, 404)).toBe(10);
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
  });

  it('holds for a burst that lands in many worker processes at once', async () => {
    const client = testClientHeaders();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const res = await post('/order/lookup', { orderNo: guess(100 + i), phone: '0912345678' }, { ...client, ...forged(i) });
        await res.body?.cancel();
        return res.status;
      }),
    );
    // Per-process counters would let all 25 through. Concurrent checks may refuse a few more than
    // needed, never let more than the limit through.
    expect(count(statuses, 404)).toBeGreaterThanOrEqual(1);
    expect(count(statuses, 404)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBe(25 - count(statuses, 404));
  });

  it('counts one client across processes: the test process and the emulator workers share the counter', async () => {
    const id = uniq('shared');
    const headers = testClientHeaders(id);
    // An app built here, in the test's own process, with the emulator's settings (the empty namespace).
    const here = createApp({ rateLimits: { namespace: '', testClientSecret: process.env.RATE_LIMIT_TEST_SECRET } });
    for (let i = 0; i < 6; i++) {
      expect((await request(here).post('/api/order/lookup').set(headers).send({ orderNo: guess(200 + i), email: 'a@example.com' })).status).toBe(404);
    }
    const there = await inWaves(6, 1, (i) => post('/order/lookup', { orderNo: guess(300 + i), email: 'a@example.com' }, headers));
    expect(there).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it('limits sign-ups per client, and a refused sign-up creates no account', async () => {
    const client = testClientHeaders();
    const emails = Array.from({ length: 11 }, () => `${uniq('burst-signup')}@example.com`.toLowerCase());
    const statuses = await inWaves(11, 1, (i) => post('/auth/signUp', { email: emails[i], password: 'secret123', userName: '限流' }, { ...client, ...forged(i) }));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const last = await adminDb().collection('members').where('email', '==', emails[10]).get();
    expect(last.size).toBe(0);
  });

  it('limits reset mails per account whatever the client', async () => {
    const user = await createTestUser();
    const statuses = await inWaves(5, 1, () => post('/auth/sendPasswordResetEmail', { email: user.email }, testClientHeaders()));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('limits inquiries and newsletter sign-ups per client; refused input does not count', async () => {
    const client = testClientHeaders();
    const inquiry = (i: number) => ({ topic: 'contact', name: '限流測試', email: `${uniq('inq')}@example.com`, message: `這是第 ${i} 則詢問內容` });
    expect((await post('/inquiries', { ...inquiry(0), name: '' }, client)).status).toBe(400);
    const inquiries = await inWaves(9, 1, (i) => post('/inquiries', inquiry(i), { ...client, ...forged(i) }));
    expect(inquiries).toEqual([...Array(8).fill(201), 429]);

    const news = await inWaves(11, 1, (i) => post('/subscriptions', { email: `${uniq('news')}@example.com` }, { ...client, ...forged(i) }));
    expect(news).toEqual([...Array(10).fill(200), 429]);
  });

  it('keeps counters in rateLimits with an expiry for the TTL policy, and no email or address in them', async () => {
    const id = uniq('ttl');
    const email = `${uniq('ttl')}@example.com`;
    // The lookup's window as declared (functions/src/contracts/routes.ts).
    const LOOKUP_WINDOW_MS = ROUTES.lookupOrder.limits[0].windowMs;
    const windowOf = (t: number) => Math.floor(t / LOOKUP_WINDOW_MS) * LOOKUP_WINDOW_MS;
    const before = Date.now();
    await (await post('/order/lookup', { orderNo: guess(400), email }, testClientHeaders(id))).body?.cancel();
    const after = Date.now();
    // This request's own counter (the emulators' namespace is empty), in the window it landed in.
    const ids = [...new Set([windowOf(before), windowOf(after)])].map((w) => counterId('', 'order-lookup', `test:${id}`, w));
    const mine = (await Promise.all(ids.map((d) => adminDb().doc(`rateLimits/${d}`).get()))).filter((d) => d.exists);
    expect(mine).toHaveLength(1);
    const data = mine[0]!.data()!;
    expect(data).toMatchObject({ limiter: 'order-lookup', hits: 1 });
    expect(data.expiresAt.toMillis()).toBe(data.windowStart + 2 * LOOKUP_WINDOW_MS);
    expect(data.expiresAt.toMillis()).toBeGreaterThan(Date.now());
    // No counter of any limiter names the email or an address in its id or its fields.
    const all = await adminDb().collection('rateLimits').get();
    for (const d of all.docs) {
      expect(d.id).not.toContain('@');
      expect(JSON.stringify(d.data())).not.toContain(email);
      expect(JSON.stringify(d.data())).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
    }
  });

  it('checks a route\'s limits at once: a request refused by one is not counted by the others', async () => {
    // The group order's three limits (per client, email and phone: contracts/routes/group-buying.ts)
    // run at once; one that refuses takes back the hits the others counted (docs/limits.md, "Checked
    // at once"). The route counts valid orders only; these name no campaign, so each that passes the
    // limits is answered 404 and takes nothing.
    const [clientLimit, emailLimit] = ROUTES.placeGroupOrder.limits;
    const windowOf = (l: { windowMs: number }) => Math.floor(Date.now() / l.windowMs) * l.windowMs;
    const hits = async (l: { name: string; windowMs: number }, key: string) =>
      ((await adminDb().doc(`rateLimits/${counterId('', l.name, key, windowOf(l))}`).get()).data()?.hits as number | undefined) ?? 0;
    const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const email = () => `${uniq('at-once')}@example.com`.toLowerCase();
    const order = (body: Record<string, unknown>, headers: Record<string, string>) =>
      fetch(`${HOSTING_URL}/api/groupOrder/no-such-plan/${uniq('o').replace(/[^A-Za-z0-9_-]/g, '')}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ items: [{ productId: 'no-such-book', qty: 1 }], buyer: '陳美玲', receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' }, bankAccountNo: '54321', ...body }),
      });

    // A client at its limit: its 11th order is refused, and the email and phone it named are not used up.
    const busy = uniq('busy');
    const first = await inWaves(clientLimit.limit, 1, () => order({ email: email(), phone: phone() }, testClientHeaders(busy)));
    expect(first).toEqual(Array(clientLimit.limit).fill(404));
    const victim = { email: email(), phone: phone() };
    expect((await inWaves(1, 1, () => order(victim, testClientHeaders(busy))))[0]).toBe(429);
    expect(await hits(emailLimit, victim.email)).toBe(0);
    expect(await hits(ROUTES.placeGroupOrder.limits[2], victim.phone)).toBe(0);

    // So the victim's contact still has its five orders a day, from another client; the sixth is
    // refused by the email limit alone, and the client and phone it named keep no hit of it.
    const other = uniq('other');
    const lastPhone = phone();
    const answers = await inWaves(emailLimit.limit + 1, 1, (i) => order({ email: victim.email, phone: i === emailLimit.limit ? lastPhone : phone() }, testClientHeaders(other)));
    expect(answers).toEqual([...Array(emailLimit.limit).fill(404), 429]);
    expect(await hits(clientLimit, `test:${other}`)).toBe(emailLimit.limit);
    expect(await hits(ROUTES.placeGroupOrder.limits[2], lastPhone)).toBe(0);
    expect(await hits(emailLimit, victim.email)).toBe(emailLimit.limit);
  });

});
