import request from 'supertest';
import type { z } from 'zod';
import { adminPlanInputSchema, adminPlanUpdateSchema, adminProductInputSchema, adminProductUpdateSchema } from '../../functions/src/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { ROUTE_LIST, type NamedRoute } from '../../functions/src/contracts/routes';
import { adminAuth, adminDb, createTestUser, HOSTING_URL, testClientHeaders, type TestUser } from '../helpers/emulators';
import { expiredToken, foreignProjectToken, FORGED_TOKEN } from '../helpers/id-tokens';
import { ROUTE_BODIES as BODIES, sampleProduct as product, samplePlan as plan } from '../helpers/route-samples';

// A hostile corpus over every API route, sent through Hosting -> the Functions emulator as a browser
// or a script would: ids Firestore reserves, tampered cursors, impossible dates, ill-formed unicode,
// wrong types, oversized bodies, wrong methods, non-JSON content types and bad tokens. The promise
// (docs/decisions.md, "Hostile input"): no 5xx, the catalogue body on every failure, nothing written,
// and every answer fast. Every request is built to be refused: a valid body is only ever sent with a
// bad path or a bad token, and a valid path only with a bad body, so any write is a bug.

type IdKind = 'product' | 'plan' | 'order' | 'uid' | 'inquiry' | 'token' | 'link';
type Auth = 'none' | 'member' | 'owner' | 'optional';
interface Route {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: Auth;
  body?: () => Record<string, unknown>;
  /** The route's body schema: a mutated body that it would accept is not hostile and is not sent. */
  schema?: z.ZodType;
}
interface Probe {
  method: string;
  path: string;
  token?: string;
  contentType?: string | null;
  body?: string | Buffer;
  why: string;
  /**
   * The platform (functions-framework, in production and in the emulator) parses JSON bodies before
   * the app and answers what its parser refuses with its own 4xx HTML page (see docs/decisions.md);
   * such probes must be 4xx, and the app's own answer to them is checked directly below.
   */
  platform?: boolean;
  /** The one status this probe must get (the owner-side probes: 400). */
  expect?: number;
  /**
   * Why this probe may succeed (the explicit list of allowed successes, see mayPass()); every other
   * probe must be refused with a 4xx.
   */
  mayPass?: string;
}

const LONE = '\ud800';

/** Which id each path parameter of the declarations holds. */
const PARAM_KINDS: Record<string, IdKind> = { productId: 'product', planId: 'plan', orderId: 'order', uid: 'uid', userId: 'uid', inquiryId: 'inquiry', token: 'token', linkId: 'link' };
const AUTH: Record<NamedRoute['access'], Auth> = { public: 'none', optional: 'optional', member: 'member', owner: 'owner' };

/** Every declared route (functions/src/contracts/routes.ts), as the corpus sends to it. */
const ROUTES: Route[] = ROUTE_LIST.map((r) => ({
  operationId: r.operationId,
  method: r.method.toUpperCase() as Route['method'],
  path: r.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_m, name: string) => `:${PARAM_KINDS[name] ?? name}`),
  auth: AUTH[r.access],
  body: BODIES[r.operationId],
  schema: r.body,
}));

/**
 * Owner-side (issue 24): hostile values in the owner's typed fields (dates, colours, image and file
 * paths), each in an otherwise valid body of every owner write that has them. Each must be refused
 * with 400; the owner's free text is stored and rendered escaped instead (tests/api/abuse.test.ts).
 */
const ownerProduct = () => ({
  ...product(),
  publishedAt: '2026-03-01',
  previewImages: ['/images/books/hostile/p1.jpg'],
  bookIntroduction: { primaryColor: '#2f5d62', slogan: '標語', overview: '簡介', summary: [], detail: [] },
  erratum: [{ chapter: '第一章', title: '錯字', content: ['第 3 頁'], postDate: '2026-04-01', file: '/files/hostile/errata.pdf' }],
});
const OWNER_HOSTILE: Record<'product' | 'plan', [field: string[], value: unknown][]> = {
  product: [
    [['publishedAt'], '2026-01-01</script>'],
    [['publishedAt'], '2026-02-30'],
    [['imgSrc'], 'javascript:alert(4)'],
    [['imgSrc'], 'https://evil.example/cover.jpg'],
    [['imgSrc'], '//evil.example/cover.jpg'],
    [['imgSrc'], '/images/../../etc/passwd.jpg'],
    [['imgSrc'], 'data:image/svg+xml,<svg onload=alert(1)>'],
    [['previewImages'], ['javascript:alert(4)']],
    [['previewImages'], ['https://evil.example/p.jpg']],
    [['bookIntroduction', 'primaryColor'], 'red}</style><x>'],
    [['bookIntroduction', 'primaryColor'], 'url(javascript:alert(1))'],
    [['erratum', '0', 'postDate'], '2026-13-01</script>'],
    [['erratum', '0', 'file'], 'javascript:alert(1)'],
    [['erratum', '0', 'file'], 'https://evil.example/e.pdf'],
  ],
  plan: [
    [['bannerImg', 'pc'], 'javascript:alert(4)'],
    [['bannerImg', 'mobile'], 'https://evil.example/banner.jpg'],
    [['closingDate'], '2026-99-99T00:00:00Z'],
    [['pickupPoints'], [{ id: '<x>', name: '取貨點', address: '地址', hours: '' }]],
  ],
};
const OWNER_WRITES: { method: Route['method']; path: string; kind: 'product' | 'plan'; body: () => Record<string, unknown>; schema: z.ZodType }[] = [
  { method: 'POST', path: '/admin/products', kind: 'product', body: ownerProduct, schema: adminProductInputSchema },
  { method: 'PUT', path: '/admin/products/:product', kind: 'product', body: () => ({ ...ownerProduct(), productId: undefined }), schema: adminProductUpdateSchema },
  { method: 'POST', path: '/admin/plans', kind: 'plan', body: plan, schema: adminPlanInputSchema },
  { method: 'PUT', path: '/admin/plans/:plan', kind: 'plan', body: () => ({ ...plan(), planId: undefined }), schema: adminPlanUpdateSchema },
];
function ownerHostileBodies() {
  return OWNER_WRITES.flatMap((w) =>
    OWNER_HOSTILE[w.kind].map(([field, value]) => {
      const b = JSON.parse(JSON.stringify(w.body())) as Record<string, unknown>;
      let at: Record<string, unknown> = b;
      for (const k of field.slice(0, -1)) at = at[k] as Record<string, unknown>;
      at[field.at(-1)!] = value;
      return { write: w, body: b, why: `owner ${field.join('.')} = ${JSON.stringify(value).slice(0, 40)}` };
    }),
  );
}

/** Method and path shape of every route the API serves (functions/src/contracts/routes.ts). */
const shape = (p: string) => p.replace(/\{[^}]+\}|:[A-Za-z]+/g, '*');
const SERVED = new Set(ROUTE_LIST.map((r) => `${r.method.toUpperCase()} ${shape(r.path)}`));

/** Ids every path parameter must refuse with 400 (or, for a well-formed id, answer 404/403). */
const HOSTILE_IDS = [
  '__x__',
  '__name__',
  '__xxxxxxxxxxxxxxxxxxxxxxxx__',
  '.',
  '..',
  'a%2Fb',
  '%00',
  '%E6%9B%B8',
  '%F0%9F%93%9A%F0%9F%93%9A%F0%9F%93%9A%F0%9F%93%9A%F0%9F%93%9A%F0%9F%93%9A',
  'x'.repeat(2000),
  "'%20OR%201=1--",
  '%3Cscript%3E',
];

/** Replacements for a body's fields: each one alone makes the body invalid. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['a lone surrogate', `abc${LONE}def`],
  ['null', null],
  ['a number', 12345],
  ['an array', ['a', 'b']],
  ['an object', { $gt: '' }],
  ['a 100 kB string', 'x'.repeat(100_000)],
  ['an empty string in a required field', ''],
];

/** Whole bodies that are not the object a route expects. */
const HOSTILE_BODIES: [string, string, 'platform'?][] = [
  ['an empty object', '{}'],
  ['an array', '[]'],
  ['a string', '"x"', 'platform'],
  ['a number', '42', 'platform'],
  ['true', 'true', 'platform'],
  ['malformed JSON', '{"email":', 'platform'],
  ['a prototype pollution attempt', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
  ['deep nesting', `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`],
  ['a 70 KiB body', JSON.stringify({ remark: 'x'.repeat(70 * 1024) })],
  ['a 1 MiB body', JSON.stringify({ remark: 'x'.repeat(1024 * 1024) })],
  ['a lone surrogate as raw JSON escape', '{"email":"\\ud800@example.com","password":"\\udc00","userName":"\\ud800"}'],
  ['not JSON at all', '\u00ff\u00fe', 'platform'],
];

const PLATFORM_CONTENT_TYPES = new Set(['application/json; charset=utf-16']);
const CONTENT_TYPES: (string | null)[] = [
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/plain;charset=UTF-8',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  null,
];

const DAYS = ['2026-02-30', '2025-02-29', '2025-13-01', '2025-04-31', '2025-1-1', '0000-00-00', '20250101', 'yesterday', '2025-01-0%ED%A0%80'];
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const CURSORS = [
  b64({ c: '2026-01-01T00:00:00.000Z', id: 'a/b' }),
  b64({ c: '2026-01-01T00:00:00.000Z', id: '' }),
  b64({ c: '2026-01-01T00:00:00.000Z', id: '__name__' }),
  b64({ c: '2026-01-01T00:00:00.000Z', id: '__xxxxxxxxxxxxxxxxxxxx__' }),
  b64({ c: '2026-01-01T00:00:00.000Z', id: 'a'.repeat(1500) }),
  b64({ c: { $gt: 1 }, id: 'abcdefghijklmnopq' }),
  b64({ c: 'not a time', id: 'abcdefghijklmnopq' }),
  b64({ c: '2026-01-01T00:00:00.000Z', id: `abcdefghijklmnop${LONE}` }),
  b64([1, 2]),
  b64('null'),
  b64('{'),
  'not-base64!!',
  '%00',
  'x'.repeat(301),
];

function fill(path: string, ids: Partial<Record<IdKind, string>>, real: Record<IdKind, string>): string {
  return path.replace(/:(product|plan|order|uid|inquiry|token|link)/g, (_m, k: IdKind) => ids[k] ?? real[k]);
}

function buildCorpus(tokens: Record<'member' | 'owner' | 'unverified', string>, real: Record<IdKind, string>): Probe[] {
  const probes: Probe[] = [];
  const tokenFor = (auth: Auth) => (auth === 'owner' ? tokens.owner : auth === 'member' || auth === 'optional' ? tokens.member : undefined);
  const json = (v: unknown) => JSON.stringify(v);

  for (const route of ROUTES) {
    const kinds = [...route.path.matchAll(/:(product|plan|order|uid|inquiry|token|link)/g)].map((m) => m[1] as IdKind);
    const read = route.method === 'GET' && (route.auth === 'none' || route.auth === 'optional');
    const token = tokenFor(route.auth);
    const body = route.body?.();
    // Hostile ids in each path parameter, with the right token and an otherwise valid body.
    for (const kind of kinds) {
      for (const id of HOSTILE_IDS) {
        // `.` and `..` are resolved by the URL itself (only reads get them, see above): a write would reach another route (the revoke of a
        // link would become the DELETE of its plan), so only reads get them.
        if (route.method !== 'GET' && (id === '.' || id === '..')) continue;
        // `.` and `..` are resolved by the URL itself (only reads get them, see above): the request reaches the parent path, which a public read may answer.
        const mayPass = id === '.' || id === '..' ? 'a read, with its own token, of the path that . or .. resolves to' : undefined;
        probes.push({ method: route.method, path: fill(route.path, { [kind]: id }, real), token, body: body && json(body), why: `${kind} id ${id.slice(0, 30)}`, mayPass });
      }
    }
    if (body) {
      const path = fill(route.path, {}, real);
      // Each field (one level down too) replaced by each hostile value.
      const fields: string[][] = [];
      for (const [k, v] of Object.entries(body)) {
        if (v === undefined) continue;
        fields.push([k]);
        if (v && typeof v === 'object' && !Array.isArray(v)) for (const k2 of Object.keys(v)) fields.push([k, k2]);
        if (Array.isArray(v) && v[0] && typeof v[0] === 'object') for (const k2 of Object.keys(v[0] as object)) fields.push([k, '0', k2]);
      }
      for (const field of fields) {
        for (const [name, value] of HOSTILE_VALUES) {
          const b = structuredClone(body) as Record<string, unknown>;
          let at: Record<string, unknown> = b;
          for (const k of field.slice(0, -1)) at = at[k] as Record<string, unknown>;
          at[field.at(-1)!] = value;
          if (route.schema?.safeParse(b).success !== false) continue;
          probes.push({ method: route.method, path, token, body: json(b), why: `${field.join('.')} = ${name}` });
        }
      }
      for (const [name, raw, platform] of HOSTILE_BODIES) probes.push({ method: route.method, path, token, body: raw, why: `body: ${name}`, platform: !!platform });
      // A valid body in any other media type (what a cross-site HTML form can send).
      for (const ct of CONTENT_TYPES) {
        const raw = ct?.includes('urlencoded') ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : json(body);
        probes.push({ method: route.method, path, token, contentType: ct, body: raw, why: `content type ${ct ?? 'none'}`, platform: PLATFORM_CONTENT_TYPES.has(ct ?? '') });
      }
    }
    // Tokens: none, malformed, forged, expired, another project's, an unverified member's.
    const badBody = body ? '{}' : undefined;
    const path = fill(route.path, {}, real);
    for (const [name, t] of [
      ['no token', undefined],
      ['a malformed token', 'not-a-jwt'],
      ['a forged token', FORGED_TOKEN],
      ['an expired token', expiredToken(tokens.member)],
      ['a foreign token', foreignProjectToken(tokens.member)],
      ['an unverified member token', tokens.unverified],
      ['a 10 kB token', 'a'.repeat(10_000)],
    ] as [string, string | undefined][]) {
      // A public read does not look at the token; an optional one reads as anonymous without one, and
      // as the (real, if unverified) member with the unverified member's token. Any other token is 401.
      const ignored = read && (route.auth === 'none' || t === undefined || t === tokens.unverified);
      // A member route about the caller alone (no uid in its path, e.g. the LINE link) answers an
      // unverified member about their own account: only ordering needs a verified email.
      const own = route.auth === 'member' && t === tokens.unverified && !kinds.includes('uid') && !body;
      probes.push({ method: route.method, path, token: t, body: badBody, why: `token: ${name}`, mayPass: ignored ? 'a public read, whatever the token' : own ? "an unverified member's own account" : undefined });
    }
    // Other methods on the same path, unless the API serves that method there too (DELETE of a plan
    // is the owner's own action, not a wrong method: it would delete the seed's plan).
    for (const method of [route.method === 'GET' ? 'POST' : 'GET', 'DELETE', 'OPTIONS']) {
      if (SERVED.has(`${method} ${shape(`/api${route.path}`)}`)) continue;
      probes.push({ method, path, token, body: method === 'GET' || method === 'HEAD' ? undefined : '{"x":1}', why: `method ${method}`, mayPass: method === 'OPTIONS' ? 'a preflight answers with the methods allowed, no data' : undefined });
    }
  }

  for (const { write, body, why } of ownerHostileBodies()) {
    probes.push({ method: write.method, path: fill(write.path, {}, real), token: tokens.owner, body: json(body), why, expect: 400 });
  }

  // Queries: the owner's order filters, cursors and dates, and junk on public reads.
  for (const day of DAYS) {
    probes.push({ method: 'GET', path: `/admin/orders?from=${day}`, token: tokens.owner, why: `from ${day}` });
    probes.push({ method: 'GET', path: `/admin/orders?to=${day}`, token: tokens.owner, why: `to ${day}` });
  }
  for (const cursor of CURSORS) probes.push({ method: 'GET', path: `/admin/orders?cursor=${encodeURIComponent(cursor)}`, token: tokens.owner, why: `cursor ${cursor.slice(0, 20)}` });
  for (const q of [
    'from=2026-03-01&to=2026-02-01',
    'limit=0',
    'limit=-1',
    'limit=1e9',
    'limit=abc',
    'limit[]=1',
    'status=bogus',
    'status[]=preparing',
    'planId=__x__',
    'planId=a%2Fb',
    `q=${'x'.repeat(200)}`,
    'q[$gt]=',
    'from[]=2026-01-01',
    'cursor[]=a',
  ]) {
    probes.push({ method: 'GET', path: `/admin/orders?${q}`, token: tokens.owner, why: `query ${q.slice(0, 30)}` });
  }
  for (const q of ['a[b][c][d][e][f]=1', `x=${'y'.repeat(5000)}`, '__proto__[admin]=1', 'a=%00']) {
    probes.push({ method: 'GET', path: `/products/simple?${q}`, why: `junk query ${q.slice(0, 20)}`, mayPass: 'a public read without a query ignores one' });
    probes.push({ method: 'GET', path: `/stock?${q}`, why: `junk query ${q.slice(0, 20)}`, mayPass: 'a public read without a query ignores one' });
  }
  // Paths that are no route at all.
  for (const p of ['/', '/nope', '/admin', '/admin/', '/products', '/order', '/groupOrder', '/member', '/auth', '/auth/nope']) {
    probes.push({ method: 'GET', path: p, why: `no route ${p}` });
  }
  // The Functions emulator's own router answers an encoded dot-dot path with its HTML 404.
  probes.push({ method: 'GET', path: '/..%2F..%2Fetc%2Fpasswd', why: 'dot-dot path', platform: true });
  for (const method of ['HEAD', 'PUT']) probes.push({ method, path: '/products/simple', body: method === 'PUT' ? '{}' : undefined, why: `method ${method}`, mayPass: method === 'HEAD' ? 'HEAD of a public read' : undefined });
  return probes;
}

// Collections whose documents change by reading (none today). A rate limiter that counts in Firestore
// would belong here: counting refused requests is its job, not a write by the request.
// Counters the corpus is allowed to move: the rate limits it trips, and the mail pacing's per-minute
// slots (functions/src/data/mail-slots.ts), which the deliveries of earlier suites' mails keep writing.
const COUNTER_COLLECTIONS = /^(rateLimits?|rate-limits?|limiter.*|mailSlots)$/i;

/**
 * Every document in Firestore (two levels of subcollections) with its update time; a mail document with
 * its content instead. Mails that earlier suites queued (a burst's shop notices) are delivered at the
 * pace functions/src/mail/pacing.ts allows, some only by the drain schedule the emulators never run;
 * their `delivery` progress is the trigger's work, not the corpus's. A mail the corpus caused is still
 * a new document.
 */
/** `read` over `items`, 64 at a time, in order. */
async function inChunks<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 64) out.push(...(await Promise.all(items.slice(i, i + 64).map(read))));
  return out;
}

async function snapshot(): Promise<Map<string, string>> {
  const db = adminDb();
  const out = new Map<string, string>();
  // Level by level, each level's reads many at once: one listCollections per document, one after
  // another, took 20 s of CI's time on the thousands of documents the API suite leaves behind.
  const walk = async (cols: FirebaseFirestore.CollectionReference[], depth: number) => {
    const snaps = await inChunks(cols.filter((col) => !COUNTER_COLLECTIONS.test(col.id)), async (col) => ({ col, snap: await col.get() }));
    const docs: FirebaseFirestore.DocumentReference[] = [];
    for (const { col, snap } of snaps) {
      for (const d of snap.docs) {
        if (col.path === 'mail') {
          const { delivery: _delivery, ...content } = d.data();
          out.set(d.ref.path, JSON.stringify(content));
        } else out.set(d.ref.path, d.updateTime.toDate().toISOString() + d.updateTime.nanoseconds);
        docs.push(d.ref);
      }
    }
    if (depth >= 2) return;
    const below = (await inChunks(docs, (ref) => ref.listCollections())).flat();
    if (below.length) await walk(below, depth + 1);
  };
  await walk(await db.listCollections(), 0);
  return out;
}

async function accountCount(): Promise<number> {
  let n = 0;
  let page: string | undefined;
  do {
    const r = await adminAuth().listUsers(1000, page);
    n += r.users.length;
    page = r.pageToken;
  } while (page);
  return n;
}

interface Answer {
  probe: Probe;
  status: number;
  ms: number;
  text: string;
}

// The corpus counts as its own client for the rate limits (docs/limits.md): as the one local client that
// every suite shares it would use up the budget of sign-ups and mails that the browser journeys need.
const CLIENT = testClientHeaders('hostile-corpus');

async function send(probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { ...CLIENT };
  if (probe.token !== undefined) headers.authorization = `Bearer ${probe.token}`;
  if (probe.body !== undefined && probe.contentType !== null) headers['content-type'] = probe.contentType ?? 'application/json';
  const t = performance.now();
  try {
    const res = await fetch(`${HOSTING_URL}/api${probe.path}`, {
      method: probe.method,
      headers,
      body: probe.body as BodyInit | undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = probe.method === 'HEAD' ? '' : await res.text();
    return { probe, status: res.status, ms: performance.now() - t, text };
  } catch (err) {
    return { probe, status: 0, ms: performance.now() - t, text: String(err) };
  }
}

function catalogueProblem(a: Answer): string | null {
  if (a.status === 0) return `no answer: ${a.text}`;
  if (a.probe.expect !== undefined && a.status !== a.probe.expect) return `answered ${a.status}, not ${a.probe.expect}: ${a.text.slice(0, 120)}`;
  if (a.status >= 500) return `answered ${a.status}: ${a.text.slice(0, 120)}`;
  // Every probe is built to be refused: a success is a problem unless the probe is one of the few that
  // may pass, and says why (a forged token reading /member/{uid} with 200 would be caught here).
  if (a.status < 400) return a.probe.mayPass ? null : `answered ${a.status}, not a 4xx: ${a.text.slice(0, 120)}`;
  if (a.probe.method === 'HEAD') return null;
  if (a.probe.platform) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(a.text) as Record<string, unknown>;
  } catch {
    return `not JSON: ${a.text.slice(0, 80)}`;
  }
  if (body.statusCode !== a.status) return `statusCode ${String(body.statusCode)} on a ${a.status}`;
  if (typeof body.statusMessage !== 'string' || typeof body.message !== 'string') return 'no statusMessage or message';
  if (body.details !== undefined && !Array.isArray(body.details)) return 'details is not an array';
  if (/at \w+ \(|\.js:\d+|node_modules/.test(a.text)) return 'leaks a stack';
  return null;
}

describe('a hostile corpus through Hosting', () => {
  let member: TestUser;
  let owner: TestUser;
  let unverified: TestUser;
  let before: Map<string, string>;
  let accountsBefore: number;
  const answers: Answer[] = [];

  beforeAll(async () => {
    [member, owner, unverified] = await Promise.all([createTestUser(), createTestUser({ admin: true }), createTestUser({ emailVerified: false })]);
    before = await snapshot();
    accountsBefore = await accountCount();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([member, owner, unverified].filter(Boolean).map((u) => adminAuth().deleteUser(u.uid)));
  });

  it('sends at least 1,500 requests over every route, answers none with a 5xx and every failure with the catalogue body', async () => {
    // Real or well-formed ids: the seed's book and plan, the member's uid; the order, inquiry, organiser
    // token and link are well-formed but unknown.
    const real: Record<IdKind, string> = {
      product: 'company-registration-guide',
      plan: 'cpaSouth',
      order: 'hostileOrder000000001',
      uid: member.uid,
      inquiry: 'hostileInquiry00001',
      token: `hostileLink01.${'a'.repeat(43)}`,
      link: 'hostileLink01',
    };
    const corpus = buildCorpus({ member: member.idToken, owner: owner.idToken, unverified: unverified.idToken }, real);
    expect(corpus.length).toBeGreaterThanOrEqual(1500);
    // Every declared route is probed, and every one that takes a body has a valid one to break.
    expect(ROUTES.length).toBe(ROUTE_LIST.length);
    expect(ROUTE_LIST.filter((r) => r.body && !BODIES[r.operationId]).map((r) => r.operationId)).toEqual([]);
    for (const route of ROUTES) {
      const path = fill(route.path, {}, real);
      expect(corpus.some((p) => p.method === route.method && p.path === path), `${route.method} ${route.path}`).toBe(true);
    }

    // Eight at a time: the Functions emulator starts one worker per concurrent request.
    const started = performance.now();
    const queue = [...corpus];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) answers.push(await send(p));
      }),
    );

    if (process.env.HOSTILE_DUMP) (await import('node:fs')).writeFileSync(process.env.HOSTILE_DUMP, JSON.stringify(answers.map((a) => ({ ...a, text: a.text.slice(0, 300), probe: { ...a.probe, body: String(a.probe.body ?? '').slice(0, 300), token: a.probe.token?.slice(0, 20) } }))));
    const problems = answers.map((a) => ({ a, problem: catalogueProblem(a) })).filter((x) => x.problem);
    expect(problems.map(({ a, problem }) => `${a.probe.method} ${a.probe.path.slice(0, 80)} (${a.probe.why}): ${problem?.replace(/\s+/g, ' ').slice(0, 160)}`)).toEqual([]);

    const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
    const slow = answers.filter((a) => a.ms > 6000).map((a) => `${a.probe.method} ${a.probe.path.slice(0, 60)} (${a.probe.why}) ${Math.round(a.ms)} ms`);
    console.log(`hostile corpus: ${answers.length} requests, ${Math.round(performance.now() - started)} ms in all, p50 ${Math.round(ms[Math.floor(ms.length / 2)]!)} ms, p99 ${Math.round(ms[Math.floor(ms.length * 0.99)]!)} ms, max ${Math.round(ms.at(-1)!)} ms; statuses ${JSON.stringify(countBy(answers.map((a) => a.status)))}`);
    expect(slow).toEqual([]);
  }, 360_000);

  it('wrote nothing: every document and account is as it was', async () => {
    expect(answers.length).toBeGreaterThan(0);
    const after = await snapshot();
    const changed = [...after].filter(([path, t]) => before.get(path) !== t).map(([path]) => path);
    const removed = [...before.keys()].filter((path) => !after.has(path));
    expect({ changed, removed }).toEqual({ changed: [], removed: [] });
    expect(await accountCount()).toBe(accountsBefore);
  });
});

describe('the owner-side corpus', () => {
  it('starts from valid owner bodies, and the contracts refuse every hostile value in them', () => {
    for (const w of OWNER_WRITES) expect(w.schema.safeParse(w.body()).success, `${w.method} ${w.path}`).toBe(true);
    const accepted = ownerHostileBodies().filter(({ write, body }) => write.schema.safeParse(body).success);
    expect(accepted.map(({ write, why }) => `${write.method} ${write.path}: ${why}`)).toEqual([]);
  });
});

describe('what the platform answers before the app, against the app', () => {
  // superstatic (the Hosting emulator) answers a path with bad percent-encoding with its own 500
  // before any function runs; production Hosting refuses it at Google's front end. The app must still
  // answer such a path with a 400 wherever it meets one (the plain server, Cloud Run behind another proxy).
  const app = createApp();
  it.each(HOSTILE_BODIES.filter(([, , platform]) => platform))('answers the body %s with the catalogue 400', async (_name, raw) => {
    const res = await request(app).post('/api/auth/signIn').set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400 });
    expect(['Invalid JSON body', 'Bad Request']).toContain(res.body.statusMessage);
  });
  it.each([...PLATFORM_CONTENT_TYPES])('answers a body in %s with the catalogue 415', async (type) => {
    const res = await request(app).post('/api/auth/signIn').set('Content-Type', type).send('{}');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, statusMessage: 'Unsupported Media Type' });
  });
  it('answers an encoded dot-dot path with the catalogue 404', async () => {
    const res = await request(app).get('/api/..%2F..%2Fetc%2Fpasswd');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });
  it.each(['/api/products/detail/%ED%A0%80', '/api/products/detail/%E0%A4%A', '/api/member/%C0%AF', '/api/order/%FF/%FE', '/api/groupOrder/cpaSouth/%'])('%s -> 400', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
  });
});

function countBy(values: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
