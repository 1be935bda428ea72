// Property-based tests of the whole API, through Hosting, with every answer checked against the
// OpenAPI document by Stoplight Prism's validating proxy (prism.ts). For every route of the route
// declarations (functions/src/contracts/routes.ts), fast-check makes requests from the route's own zod schemas
// (arbitraries.ts):
//   valid    requests the contract accepts, with the right token: no 5xx, no answer off the document;
//   hostile  the same requests broken one way (a body value of the wrong type or dropped, a hostile
//            string, a reserved or malformed id, a bad query, no or a wrong token, a non-JSON body,
//            a body over 64 KiB, a method the path lacks), kept only when the contract itself refuses
//            them: a 4xx with the catalogue body, no answer off the document, and nothing written.
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> FUZZ_ONLY=<operationId> (docs/api.md).
import { DEFAULT_HOLDING_LIMITS } from '../../functions/src/contracts/settings';
import { shopSettings as demoShopSettings } from '../../seed/data/settings';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import http from 'node:http';
import { isValidTaxId } from '../../functions/src/contracts/common';
import { ROUTE_LIST as ROUTES, type NamedRoute as RouteDoc } from '../../functions/src/contracts/routes';
import { errorBodySchema } from '../../functions/src/openapi/document';
import { HOSTING_URL } from '../helpers/emulators';
import { arbitraryOf, HOSTILE_STRINGS, mutate, mutationArbitrary, toJsonSchema, type Overrides } from './arbitraries';
import { createFixtures, fingerprint, hideFixtures, type Fixtures } from './fixtures';
import { CANARY_PATH, startPrism, type Prism } from './prism';

const VALID_RUNS = Number(process.env.FUZZ_VALID_RUNS ?? 8);
const HOSTILE_RUNS = Number(process.env.FUZZ_HOSTILE_RUNS ?? 32);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const ONLY = process.env.FUZZ_ONLY?.split(',');
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 3);
const routes = ROUTES.filter((r) => !ONLY || ONLY.includes(r.operationId));

type TokenKind = 'none' | 'member' | 'other' | 'unverified' | 'owner' | 'garbage' | 'notBearer' | 'emptyBearer';

interface FuzzRequest {
  route: RouteDoc;
  variant: string;
  method: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as is (not JSON), with this content type. */
  raw?: { contentType: string; text: string };
  token: TokenKind;
}

let prism: Prism;
let fx: Fixtures;
const createdProducts = new Set<string>();
/** Generated "valid" requests that the declared schemas refused, so they were not sent. */
let skipped = 0;
const createdPlans = new Set<string>();
let sent = 0;
/** Answers per phase and status, printed at the end: valid requests must mostly get past validation. */
const statuses: Record<string, Record<number, number>> = { valid: {}, hostile: {} };
// The fuzzer is a client of its own for the rate limits, so that it never uses up the limits that other
// suites' requests (all from 127.0.0.1) rely on: the emulators of a test run honour `X-Test-Client`
// with the run's secret (RATE_LIMIT_TEST_SECRET, set by scripts/test.mjs), and limiters keyed on the
// forwarded address see a client address of its own.
const clientAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const clientHeaders: Record<string, string> = {
  'X-Forwarded-For': clientAddress,
  ...(process.env.RATE_LIMIT_TEST_SECRET ? { 'X-Test-Client': `${process.env.RATE_LIMIT_TEST_SECRET}:fuzz-${clientAddress}` } : {}),
};

// --- Making requests ------------------------------------------------------------------------------

const idArb = (re: RegExp) => fc.stringMatching(re);

const personName = fc.oneof(fc.constantFrom('王小明', '林美華', '陳 大文', 'Mary Lin', '歐陽·娜娜'), idArb(/^[A-Za-z]{2,12}$/));
const dayIn = (min: string, max: string) => fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const calendarDay = dayIn('2020-01-01', '2030-12-31');

/** Ids of what the fuzzer owns (and a few it does not), per property name; see fixtures.ts. */
function overridesFor(route: RouteDoc): Overrides {
  const owner = route.access === 'owner';
  const ownerWrite = owner && route.method !== 'get';
  const planWrite = route.path.startsWith('/api/admin/plans');
  const newProductId = idArb(/^fuzz-[a-z0-9]{8,12}$/).map((id) => (createdProducts.add(id), id));
  const newPlanId = idArb(/^fuzz-[a-z0-9]{8,12}$/).map((id) => (createdPlans.add(id), id));
  const lines = fc
    .uniqueArray(fc.record({ productId: fc.constantFrom(...fx.books), qty: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2, selector: (l) => l.productId })
    .map((l) => l);
  const planLines = fc.uniqueArray(
    fc.record({ productId: fc.constantFrom(...fx.books, fx.spareBook), groupPrice: fc.integer({ min: 0, max: 5000 }), maxPerOrder: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }) }),
    { minLength: 1, maxLength: 3, selector: (l) => l.productId },
  );
  const o: Overrides = {
    uid: fc.constant(fx.member.uid),
    userId: fc.constant(fx.member.uid),
    userUid: fc.constant(fx.member.uid),
    orderId: route.method === 'patch' ? idArb(/^fuzz[A-Za-z0-9_-]{16,30}$/) : fc.oneof(fc.constantFrom(...fx.orderIds), idArb(/^[A-Za-z0-9_-]{16,64}$/)),
    orderNo: fc.oneof(fc.constantFrom(...fx.orderNos), idArb(/^QY\d{6}[2-9A-Z]{4}$/)),
    planId: planWrite ? (route.method === 'post' ? newPlanId : fc.constant(fx.sparePlan)) : fc.oneof(fc.constant(fx.plan), fc.constantFrom('cpaSouth', 'onecircle'), idArb(/^[A-Za-z0-9_-]{1,20}$/)),
    productId: ownerWrite
      ? route.method === 'post' && !planWrite
        ? newProductId
        : fc.constant(fx.spareBook)
      : fc.oneof(fc.constantFrom(...fx.books), fc.constant('company-registration-guide'), idArb(/^[A-Za-z0-9_-]{1,20}$/)),
    items: lines,
    products: planLines,
    taxId: fc.oneof(fc.constant(''), idArb(/^\d{8}$/).filter(isValidTaxId)),
    idToken: fc.oneof(fc.constant(fx.member.idToken), fc.string({ minLength: 1, maxLength: 40 })),
    closingDate: fc.date({ min: new Date(Date.now() + 86_400_000), max: new Date(Date.now() + 90 * 86_400_000), noInvalidDate: true }).map((d) => d.toISOString()),
    qty: route.path.includes('stock') ? fc.integer({ min: 0, max: 100_000 }) : fc.integer({ min: 1, max: 3 }),
    email: fc.stringMatching(/^[a-z][a-z0-9]{2,12}$/).map((u) => `fuzz.${u}@example.com`),
    // What the JSON Schema cannot say and the declared schemas check: a phone's digits, the letters a
    // person's name may hold, a date that is in the calendar.
    phone: fc.oneof(idArb(/^09\d{8}$/), idArb(/^0[2-8]-?\d{7,8}$/)),
    // An address in an address's shape (a place, a road, a number: contracts/common.ts addressSchema).
    address: fc
      .tuple(fc.constantFrom('臺南市中西區民族路二段', '高雄市前金區中正四路', '臺北市大安區復興南路一段', '新竹縣竹北市光明六路'), fc.integer({ min: 1, max: 999 }))
      .map(([road, n]) => `${road} ${n} 號`),
    name: personName,
    buyer: personName,
    date: calendarDay,
    postDate: calendarDay,
    publishedAt: fc.oneof(fc.constant(''), calendarDay),
    // A range whose end is not before its start; query integers within their bounds (a query value is
    // a number or a digit string, so its JSON Schema carries no range).
    from: dayIn('2020-01-01', '2024-12-31'),
    to: dayIn('2025-01-01', '2030-12-31'),
    limit: fc.integer({ min: 1, max: 100 }),
    days: fc.integer({ min: 1, max: 92 }),
    months: fc.integer({ min: 1, max: 36 }),
  };
  // The owner's writes never launch anything: the demo's catalogue and campaigns stay as they are.
  if (ownerWrite) o.launched = fc.constant(false);
  // Valid settings are the demo shop's own (saved again, unchanged): the API's instances cache settings/shop
  // for a minute, and the suites after this one expect the demo shop's bank details and addresses.
  if (route.path === '/api/admin/settings') {
    o.shop = fc.constant(demoShopSettings);
    o.notifications = fc.constant({ orders: 'each' });
    // The holding caps too (docs/limits.md): a fuzzed cap of 1 copy would refuse the browser journeys'
    // orders after this suite.
    o.limits = fc.constant(DEFAULT_HOLDING_LIMITS);
  }
  return o;
}

function validToken(route: RouteDoc): fc.Arbitrary<TokenKind> {
  if (route.access === 'owner') return fc.constant('owner');
  if (route.access === 'member') return fc.constant('member');
  if (route.access === 'optional') return fc.constantFrom<TokenKind>('none', 'member');
  return fc.constant('none');
}

function validRequest(route: RouteDoc): fc.Arbitrary<FuzzRequest> {
  const o = overridesFor(route);
  return fc.record({
    route: fc.constant(route),
    variant: fc.constant('valid'),
    method: fc.constant(route.method),
    params: route.params ? (arbitraryOf(toJsonSchema(route.params), o) as fc.Arbitrary<Record<string, string>>) : fc.constant({}),
    query: route.query ? (arbitraryOf(toJsonSchema(route.query), o).map(stringify) as fc.Arbitrary<Record<string, string>>) : fc.constant(undefined),
    body: route.body ? arbitraryOf(toJsonSchema(route.body), o) : fc.constant(undefined),
    token: validToken(route),
  }) as fc.Arbitrary<FuzzRequest>;
}

const stringify = (q: unknown) =>
  Object.fromEntries(Object.entries(q as Record<string, unknown>).map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)]));

// Path segments that URL normalisation would turn into another route (`.`, `..`, empty) and lone
// surrogates (which no URL can carry) are left out of path parameters.
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
// The Hosting emulator itself fails (500 "Unexpected error occurred.") on a path of about 5,000
// characters before the API sees it, so path parameters stay below that.
const HOSTILE_PATH = HOSTILE_STRINGS.filter((s) => s.trim() !== '' && s !== '.' && s !== '..' && wellFormed(s) && s.length <= 1000);
const OTHER_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function hostileRequest(route: RouteDoc): fc.Arbitrary<FuzzRequest> {
  return validRequest(route).chain((req) => {
    const variants: fc.Arbitrary<FuzzRequest>[] = [
      fc.constantFrom<TokenKind>('none', 'garbage', 'notBearer', 'emptyBearer', 'other', 'unverified', 'member').map((token) => ({ ...req, variant: `token:${token}`, token })),
    ];
    if (req.body !== undefined) {
      variants.push(mutationArbitrary(req.body).map((m) => ({ ...req, variant: `body:${m.kind}:${m.path.join('.')}`, body: mutate(req.body, m) })));
      variants.push(
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '').map((contentType) => ({
          ...req,
          variant: `content-type:${contentType || 'none'}`,
          raw: { contentType, text: contentType.includes('urlencoded') ? new URLSearchParams(stringify(req.body ?? {})).toString() : JSON.stringify(req.body) },
        })),
      );
      // Past the route's own declared limit (the bank statement routes take more than the default 64 KiB).
      variants.push(fc.constant({ ...req, variant: 'body:too-large', body: { ...(req.body as object), padding: 'x'.repeat((req.route.bodyLimit ?? 64 * 1024) + 6 * 1024) } }));
    }
    const names = Object.keys(req.params);
    if (names.length) {
      variants.push(
        fc.tuple(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_PATH)).map(([name, value]) => ({ ...req, variant: `param:${name}`, params: { ...req.params, [name]: value } })),
      );
    }
    if (req.query) {
      const keys = Object.keys(toJsonSchema(route.query!).properties ?? {});
      variants.push(
        fc
          .tuple(
            fc.constantFrom(...keys),
            fc.oneof(
              fc.constantFrom(...HOSTILE_STRINGS.filter(wellFormed)),
              fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '1e3', '-5', '101', '0', 'NaN'),
              // Tampered cursors: base64 of ids Firestore refuses or reserves.
              fc.constantFrom('a/b', '', '__name__', '__x__', '../x', 'x'.repeat(1600)).map((id) => Buffer.from(JSON.stringify({ id, createdAt: 'x' })).toString('base64url')),
              fc.constantFrom('a/b', '__name__').map((id) => Buffer.from(id).toString('base64url')),
            ),
          )
          .map(([key, value]) => ({ ...req, variant: `query:${key}`, query: { ...req.query, [key]: value } })),
      );
    }
    const others = OTHER_METHODS.filter((m) => !ROUTES.some((r) => r.path === route.path && r.method === m));
    if (others.length) variants.push(fc.constantFrom(...others).map((method) => ({ ...req, variant: `method:${method}`, method })));
    return fc.oneof(...variants);
  });
}

/** What the contract says of a request: refused (4xx) for certain, or possibly accepted. */
function refusedByContract(req: FuzzRequest): boolean {
  const { route } = req;
  if (req.method !== route.method) return true;
  if (req.raw) return true;
  if (req.variant === 'body:too-large') return true;
  const bad = (schema: z.ZodType | undefined, value: unknown) => schema !== undefined && !schema.safeParse(value).success;
  if (bad(route.params, req.params) || bad(route.query, req.query ?? {})) return true;
  if (bad(route.body, JSON.parse(JSON.stringify(req.body ?? null)))) return true;
  if (['garbage', 'notBearer', 'emptyBearer'].includes(req.token) && route.access !== 'public') return true;
  if (req.token === 'none' && (route.access === 'member' || route.access === 'owner')) return true;
  if (route.access === 'owner' && req.token !== 'owner') return true;
  // Member routes with the member's uid in their path are called for fixtures' member: anyone else but
  // the owner is refused. One without (the LINE link) is about the caller: any member may call it.
  if (route.access === 'member' && ['other', 'unverified'].includes(req.token) && route.path.includes('{')) return true;
  return false;
}

function tokenHeader(kind: TokenKind): string | undefined {
  switch (kind) {
    case 'none':
      return undefined;
    case 'garbage':
      return 'Bearer eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ4In0.';
    case 'notBearer':
      return `Basic ${Buffer.from('demo@example.com:demo1234').toString('base64')}`;
    case 'emptyBearer':
      return 'Bearer ';
    default:
      return `Bearer ${fx[kind].idToken}`;
  }
}

function url(req: FuzzRequest, base: string): string {
  const p = req.route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(req.params[name] ?? ''));
  const q = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return `${base}${p}${q}`;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  violations: string | null;
}

/**
 * Sends one request. node:http without keep-alive: a pooled connection that the server closes while
 * idle would fail the next request for reasons that are not the API's.
 */
async function send(req: FuzzRequest, base: string): Promise<Answer> {
  const headers: Record<string, string> = { ...clientHeaders };
  const auth = tokenHeader(req.token);
  if (auth) headers.Authorization = auth;
  let body: Buffer | undefined;
  if (req.raw) {
    body = Buffer.from(req.raw.text);
    if (req.raw.contentType) headers['Content-Type'] = req.raw.contentType;
  } else if (req.body !== undefined && req.method !== 'get') {
    body = Buffer.from(JSON.stringify(req.body));
    headers['Content-Type'] = 'application/json';
  }
  if (body) headers['Content-Length'] = String(body.length);
  const answer = await new Promise<Answer>((resolve, reject) => {
    const r = http.request(url(req, base), { method: req.method.toUpperCase(), headers, agent: false, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          violations: (res.headers['sl-violations'] as string | undefined) ?? null,
        }),
      );
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error('no answer within 120 s')));
    r.on('error', reject);
    r.end(body);
  });
  sent++;
  return answer;
}

/**
 * Prism answers some requests itself without asking the API: a method the document lacks (405) and,
 * on secured operations, a missing or non-Bearer Authorization (401). Those go straight to Hosting,
 * and checkAnswer holds their answers to the ErrorBody schema of the document itself.
 */
function target(req: FuzzRequest): string {
  if (req.method !== req.route.method) return HOSTING_URL;
  if (req.token === 'notBearer' || req.token === 'emptyBearer') return HOSTING_URL;
  if (req.token === 'none' && req.route.access !== 'public' && req.route.access !== 'optional') return HOSTING_URL;
  return prism.url;
}

function describeExchange(req: FuzzRequest, a: Answer): string {
  const body = req.raw ? `${req.raw.contentType}: ${req.raw.text.slice(0, 300)}` : JSON.stringify(req.body)?.slice(0, 600);
  return `${req.method.toUpperCase()} ${url(req, '')} [${req.variant}, token ${req.token}]\n  body: ${body}\n  -> ${a.status} ${a.contentType}\n  ${a.text.slice(0, 800)}${a.violations ? `\n  sl-violations: ${a.violations.slice(0, 800)}` : ''}`;
}

const strictErrorBody = errorBodySchema.strict();

/** What every answer must be: no 5xx (Prism turns an answer off the document into its own 500). */
function checkAnswer(req: FuzzRequest, a: Answer) {
  if (a.status >= 500) throw new Error(`5xx or an answer off the document:\n${describeExchange(req, a)}`);
  if (a.status >= 400 && !a.contentType.includes('json')) throw new Error(`an error without the catalogue body:\n${describeExchange(req, a)}`);
  if (a.status >= 400 && a.contentType.includes('json')) {
    const body = strictErrorBody.safeParse(JSON.parse(a.text));
    if (!body.success || body.data.statusCode !== a.status) throw new Error(`an error without the catalogue body:\n${describeExchange(req, a)}`);
    if (/at \w+ \(|\.js:\d+|node_modules/.test(a.text)) throw new Error(`an error that leaks internals:\n${describeExchange(req, a)}`);
  }
}

/** Whether the route's declared schemas (the very ones the server validates with) accept the request. */
function acceptedByDeclaration(req: FuzzRequest): boolean {
  const { params, query, body } = req.route;
  return (!params || params.safeParse(req.params).success) && (!query || query.safeParse(req.query ?? {}).success) && (!body || body.safeParse(req.body).success);
}

/** The validator's own refusal (functions/src/http/middleware/validate.ts): 400, "Invalid body" etc. */
function refusedBySchema(a: Answer): boolean {
  if (a.status !== 400 || !a.contentType.includes('json')) return false;
  const body = JSON.parse(a.text) as { message?: string };
  return /^Invalid (params|query|body)\b/.test(body.message ?? '');
}

/** Runs one property per route, a few routes at a time; failures are collected with their seeds. */
async function fuzzRoutes(kind: 'valid' | 'hostile', runs: number): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) {
      const arb = kind === 'valid' ? validRequest(route) : hostileRequest(route).filter(refusedByContract);
      const property = fc.asyncProperty(arb, async (req) => {
        // A valid request is one the route's declared schemas accept (the JSON Schema it was generated
        // from cannot say everything: a phone's digit count, a calendar date, a sale price under the list
        // price); what they refuse is skipped and counted, never sent as "valid".
        if (kind === 'valid' && !acceptedByDeclaration(req)) {
          skipped++;
          fc.pre(false);
        }
        const a = await send(req, target(req));
        statuses[kind]![a.status] = (statuses[kind]![a.status] ?? 0) + 1;
        checkAnswer(req, a);
        // A request made from the declared schemas that the server's validator refuses: the document and
        // the server disagree (a 400 for a reason the schema could not judge, e.g. an unknown book, is fine).
        if (kind === 'valid' && refusedBySchema(a)) throw new Error(`a request the contract allows was refused by the validator:\n${describeExchange(req, a)}`);
        if (kind === 'hostile' && (a.status < 400 || a.status >= 500)) throw new Error(`a request the contract refuses was not refused:\n${describeExchange(req, a)}`);
      });
      // Per route, by its place in the whole table: FUZZ_ONLY replays a route with the seed it had.
      const seed = SEED + ROUTES.indexOf(route);
      const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: !process.env.FUZZ_SHRINK, ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) });
      if (details.failed) {
        failures.push(`${kind} ${route.operationId} (${route.method.toUpperCase()} ${route.path}) — reproduce with FUZZ_SEED=${SEED} FUZZ_ONLY=${route.operationId}${details.counterexamplePath ? ` (fast-check seed ${seed}, path ${details.counterexamplePath})` : ''}\n${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

// --- The tests -------------------------------------------------------------------------------------

describe('the API under property-based fuzzing, every answer validated by Prism', () => {
  beforeAll(async () => {
    [prism, fx] = await Promise.all([startPrism(HOSTING_URL), createFixtures()]);
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${routes.length} routes, client ${clientAddress}`);
  }, 300_000);

  afterAll(async () => {
    prism?.stop();
    await hideFixtures(fx, createdProducts, createdPlans);
    console.log(`fuzz: ${sent} requests sent (${skipped} generated valid ones skipped: the declared schemas refuse them); answers by status: ${JSON.stringify(statuses)}`);
  });

  it('really validates: an answer off the document comes back as Prism\'s 500', async () => {
    const res = await fetch(`${prism.url}${CANARY_PATH}`);
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/neverThere/);
  });

  it('answers valid requests from the contract without a 5xx and within the document', async () => {
    const failures = await fuzzRoutes('valid', VALID_RUNS);
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);

  it('refuses hostile variants with a 4xx catalogue body within the document, and writes nothing', async () => {
    const before = await fingerprint(fx);
    const failures = await fuzzRoutes('hostile', HOSTILE_RUNS);
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(await fingerprint(fx)).toBe(before);
  }, 600_000);
});
