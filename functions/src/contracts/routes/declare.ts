import { z } from 'zod';
import { productIdSchema } from '../common';
import { ERROR_KEYS } from '../errors';

// What every route file of this folder shares: the declaration's shape, the caches, the owner's access and the
// email sign-ups' helpers. The routes themselves are declared by resource beside this file and listed once in ../routes.ts.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone; anyone, a bearer token optional; any signed-in member; the shop owner. */
export type Access = 'public' | 'optional' | 'member' | 'owner';

/**
 * A rate limit, counted in Firestore across instances (http/middleware/rate-limit.ts, docs/limits.md).
 * `per`: whose counter: the client's address (default), the body's email or phone (canonical,
 * functions/src/domain/contact.ts), the body's email from this client, or the signed-in account. `count: 'failures'` counts only refused attempts.
 */
export interface LimitDecl {
  name: string;
  windowMs: number;
  limit: number;
  per?: 'client' | 'email' | 'phone' | 'emailAndClient' | 'account';
  count?: 'all' | 'failures' | 'created';
}

export interface SuccessDecl {
  description: string;
  /** A zod schema of the JSON body, or a plain-text media type with its description. */
  schema?: z.ZodType;
  text?: { mediaType: string; description: string };
}

export interface RouteDecl {
  method: Method;
  /** OpenAPI path template, `/api/...` with `{param}`. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: Access;
  /**
   * The caller must be the member that this path parameter names; `owner: true` lets the shop owner in
   * too. Checked after validation (403 `Permission denied`).
   */
  self?: { param: string; owner: boolean };
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Partial<Record<200 | 201 | 204, SuccessDecl>>;
  /**
   * The refusals of this route's own rules, by status, with their catalogue keys. What its access and its
   * validation imply (401, 403 for members and the owner, 400 for a schema, 413 and 415 for a body) and
   * 500/503 are added by the document's generator.
   */
  errors?: Partial<Record<number, readonly string[]>>;
  /** Cache-Control of the route's answers (default `no-store`, as every failure). */
  cache?: string;
  /** Cache-Control when the caller is the shop owner (an answer that differs for them). */
  ownerCache?: string;
  /** Rate limits, in order. */
  limits?: readonly LimitDecl[];
  /** The limits count only requests that passed validation (refused input costs nothing). */
  limitValidOnly?: boolean;
  /** The largest JSON body accepted, in bytes (default 64 KiB, http/middleware/body.ts). */
  bodyLimit?: number;
  /** The body is not read at all, whatever its type (RFC 8058's one-click form post). */
  ignoresBody?: boolean;
  /**
   * How long the request may wait before it answers 503 (http/middleware/deadline.ts): `placement` for
   * the routes that take stock through the allocator, which withdraws a request only at its own, longer
   * deadline; `read` (the default) for the rest.
   */
  deadline?: 'read' | 'placement';
}

/** Keeps each declaration's literal types (method, path, schemas) for the typed client. */
export const route = <const D extends RouteDecl>(d: D): D => d;

/** What a group of routes shares (their tag and who may call, at times a cache or a self check), said once by its file. */
type Shared = Pick<RouteDecl, 'tag' | 'access'> & Partial<Pick<RouteDecl, 'cache' | 'self'>>;

/** What each declaration of a group says for itself: its schemas, answers, refusals, limits. */
type Particulars = Omit<RouteDecl, 'method' | 'path' | 'tag' | 'access' | 'summary' | 'description'>;

/**
 * The declarations of one group: each gives its method, path and particulars, then its summary and
 * description (the document's words); the group's shared fields fill in the rest.
 */
export const routesOf =
  <const S extends Shared>(shared: S) =>
  <const M extends Method, const P extends string, const D extends Particulars>(method: M, path: P, particulars: D, summary: string, description: string) =>
    route({ method, path, ...shared, ...particulars, summary, description });

/** A 200 answer with a JSON body. */
export const ok = <const S extends z.ZodType>(description: string, schema: S) => ({ 200: { description, schema } });

/** A 201 answer with a JSON body (something was made). */
export const created = <const S extends z.ZodType>(description: string, schema: S) => ({ 201: { description, schema } });

/**
 * What an order placement declares beside its own refusals: it takes stock through the allocator (its
 * deadline), its limits count only valid requests, and it is idempotent: 201 for a new order, 200 with
 * the same order for the same request again.
 */
export const placement = <const S extends z.ZodType>(schema: S) =>
  ({
    limitValidOnly: true,
    deadline: 'placement',
    responses: {
      201: { description: 'The order was placed', schema },
      200: { description: 'The same request again: the order placed before', schema },
    },
  }) as const;

/** The refusal of a route whose path names something that may not exist. */
export const NOT_FOUND = { 404: [ERROR_KEYS.notFound] } as const;

/** A CSV download (functions/src/contracts/csv.ts). */
export const CSV_FILE = { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } } as const;

/** An Excel workbook download (functions/src/lib/xlsx.ts). */
export const XLSX_FILE = {
  200: { description: 'The workbook', text: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'An .xlsx workbook, as an attachment' } },
} as const;

export const K = ERROR_KEYS;

export const MINUTE = 60_000;

export const HOUR = 60 * MINUTE;

/** Public catalogue and content answers: browsers keep them briefly, Hosting's CDN longer. */
export const CATALOGUE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** Plans open and close by the clock: a shorter CDN life than the books themselves. */
export const PLAN_OFFERS = 'public, max-age=60, s-maxage=60';

/**
 * Stock changes with every order, so it is never cached for long: browsers revalidate every time
 * (ETag), and the CDN may absorb a burst for 2 s. The book pages follow the count live via Firestore.
 */
export const STOCK = 'public, max-age=0, s-maxage=2, must-revalidate';

/** Progress is live through Firestore; the CDN may hold the plan for a few seconds, browsers revalidate. */
export const PLAN = 'public, max-age=0, s-maxage=10';

/** Answers for one person only: never in a shared cache. */
export const PRIVATE = 'private, no-store';

/** The owner's console: 401 without a token, 403 for anyone but the owner, never cached. */
export const OWNER = { access: 'owner', cache: PRIVATE } as const;

/** The owner's routes (tag Owner): the console's, the inbox's, the invoices' and the settings'. */
export const ownerRoute = routesOf({ tag: 'Owner', ...OWNER });

export const productParams = z.object({ productId: productIdSchema });

/** What an email sign-up's declarations say for themselves (到貨通知, 「截止前提醒我」), beside their words. */
interface SignUpDecl<P extends string, B extends z.ZodType, S extends z.ZodType> {
  path: P;
  tag: string;
  body: B;
  answer: { description: string; schema: S };
}

/** A POST of an email sign-up (its own or its cancel), with what is particular to it (`extra`). */
const signUpRoute = <const P extends string, B extends z.ZodType, S extends z.ZodType, const X extends Pick<RouteDecl, 'errors' | 'limits'>>(d: SignUpDecl<P, B, S>, extra: X, summary: string, description: string) =>
  route({ method: 'post', path: d.path, tag: d.tag, summary, description, access: 'public', body: d.body, responses: { 200: d.answer }, ...extra });

/**
 * An email sign-up whose mail carries a signed cancel link: public, one 409 of its own, limited per
 * address (`{limitName}-ip`) and per email (`{limitName}-email`).
 */
export const emailSignUp = <const P extends string, const L extends string, B extends z.ZodType, S extends z.ZodType>(d: SignUpDecl<P, B, S> & { limitName: L; conflict: string }, summary: string, description: string) =>
  signUpRoute(
    d,
    {
      limits: [
        { name: `${d.limitName}-ip`, windowMs: 10 * MINUTE, limit: 10 },
        { name: `${d.limitName}-email`, windowMs: HOUR, limit: 10, per: 'email' },
      ],
      errors: { 404: [K.notFound], 409: [d.conflict], 429: [K.tooManyAttempts] },
    },
    summary,
    description,
  );

/** The cancel of an email sign-up, with the signed token of its mail's link (404 for none). */
export const signedCancel = <const P extends string, B extends z.ZodType, S extends z.ZodType>(d: SignUpDecl<P, B, S>, summary: string, description: string) =>
  signUpRoute(d, { errors: NOT_FOUND }, summary, description);
