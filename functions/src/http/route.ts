import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Answer } from '../contracts/common';
import { ROUTES, type LimitDecl, type RouteDecl } from '../contracts/routes';
import { forbidden } from '../lib/failure';
import { currentUser, optionalAuth, requireAuth, requireOwner, type AuthUser } from './middleware/auth';
import { jsonBody } from './middleware/body';
import { deadline, deadlineMsOf } from './middleware/deadline';
import { bodyEmail, bodyEmailAndClient, bodyPhone, rateLimits } from './middleware/rate-limit';
import { validate, validated } from './middleware/validate';

// Mounts the routes declared in contracts/routes.ts: each declaration gets its deadline, body policy, access,
// rate limits, validation and Cache-Control from here, in that order, and then its handler, bound next
// to it in api/<resource>/router.ts with `handle()`. functions/src/openapi/__tests__/routes.test.ts
// walks the mounted stack and proves that each route runs with what it declares.

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The JSON bodies the declaration allows (204: none). */
type SuccessBody<D extends RouteDecl> = {
  [S in keyof D['responses']]: D['responses'][S] extends { schema: infer Z extends z.ZodType } ? z.input<Z> : undefined;
}[keyof D['responses']];

/** What a handler is given: the validated request, the caller, and Express's req/res for what only they know. */
export interface Call<D extends RouteDecl> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  /** The caller; never null where the route requires a member or the owner. */
  user: D['access'] extends 'member' | 'owner' ? AuthUser : AuthUser | null;
  /** Answers with another declared success status than the first (e.g. 201 for a new order, 200 for a replay). */
  status: (code: keyof D['responses'] & number) => void;
  req: Request;
  res: Response;
}

const SENT = Symbol('sent');
/** Returned by a handler that answered itself (a CSV file, a body prepared ahead with its ETag). */
export const sent = { [SENT]: true } as const;
type Sent = typeof sent;

/**
 * A handler answers a declared body, as an Answer (contracts/common.ts): a stored document (an OrderDoc
 * not mapped by publicOrder) anywhere in it is a compile error.
 */
export type Handler<D extends RouteDecl> = (call: Call<D>) => Promise<Answer<SuccessBody<D>> | Sent>;

export interface Bound {
  decl: RouteDecl;
  run: (call: Call<RouteDecl>) => Promise<unknown>;
}

/** Binds a handler to its declaration; the handler's answer is type-checked against the declared schema. */
export function handle<D extends RouteDecl>(decl: D, handler: Handler<D>): Bound {
  return { decl, run: handler as unknown as Bound['run'] };
}

const ACCESS: Record<RouteDecl['access'], RequestHandler[]> = {
  public: [],
  optional: [optionalAuth],
  member: [requireAuth],
  owner: [requireAuth, requireOwner],
};

const KEYS: Record<NonNullable<LimitDecl['per']>, ((req: Request) => string) | undefined> = {
  client: undefined,
  email: bodyEmail,
  phone: bodyPhone,
  emailAndClient: bodyEmailAndClient,
  account: (req) => currentUser(req)?.uid ?? '',
};

/** A route's limits as one step that checks them all at once (none: no step). */
const limiters = (limits: readonly LimitDecl[] = []): RequestHandler[] =>
  limits.length ? [rateLimits(limits.map((l) => ({ name: l.name, windowMs: l.windowMs, limit: l.limit, key: KEYS[l.per ?? 'client'], count: l.count })))] : [];

/** The caller must be the member the path names (or the owner, where allowed). */
function selfCheck(self: NonNullable<RouteDecl['self']>): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    const named = (validated(req, {}).params as Record<string, unknown> | undefined)?.[self.param];
    if (!user || (user.uid !== named && !(self.owner && user.isOwner))) return next(forbidden(self.owner ? undefined : 'A member acts only for themselves'));
    return next();
  };
}

/** Sets the declared Cache-Control of the answer (the owner's own where one is declared). */
export function cacheControl(cache = 'no-store', ownerCache?: string): RequestHandler {
  return Object.assign<RequestHandler, { cache: string; ownerCache?: string }>(
    (req, res, next) => {
      res.set('Cache-Control', ownerCache && currentUser(req)?.isOwner ? ownerCache : cache);
      next();
    },
    { cache, ownerCache },
  );
}

/** The Express path of an OpenAPI path: `/api/member/{uid}` -> `/member/:uid` (mounted under /api). */
export const expressPath = (path: string) => path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/** A route's rate limits and validation, in its declared order (limits after validation with `limitValidOnly`). */
function checks(decl: RouteDecl): RequestHandler[] {
  const schemas = { params: decl.params, query: decl.query, body: decl.body };
  const limits = limiters(decl.limits);
  return decl.limitValidOnly ? [validate(schemas), ...limits] : [...limits, validate(schemas)];
}

function steps(decl: RouteDecl): RequestHandler[] {
  return [
    deadline(deadlineMsOf(decl.deadline)),
    ...(decl.ignoresBody ? [] : [jsonBody(decl.bodyLimit)]),
    ...ACCESS[decl.access],
    ...checks(decl),
    ...(decl.self ? [selfCheck(decl.self)] : []),
    cacheControl(decl.cache, decl.ownerCache),
  ];
}

/**
 * Runs a public route's rate limits, validation and handler on a request whose body was parsed
 * elsewhere: the storefront's forms sent without JavaScript (functions/src/ssr/forms.ts), so that they
 * are held to the very limits (names, windows, client key) and schema of their API route, and served by
 * its handler. Resolves with the handler's answer; rejects with the Failure the API would answer.
 */
export async function runRoute({ decl, run }: Bound, req: Request, res: Response): Promise<unknown> {
  if (decl.access !== 'public') throw new Error(`${decl.method} ${decl.path} is not public`);
  for (const step of checks(decl)) await new Promise<void>((resolve, reject) => void step(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  const v = validated(req, {});
  return run({ params: v.params, query: v.query, body: v.body, user: null, status: () => undefined, req, res } as Call<RouteDecl>);
}

function answer({ decl, run }: Bound): RequestHandler {
  const statuses = Object.keys(decl.responses).map(Number).sort();
  return async (req, res) => {
    let status = statuses[0]!;
    const v = validated(req, {});
    const out = await run({ params: v.params, query: v.query, body: v.body, user: currentUser(req), status: (s) => (status = s), req, res } as Call<RouteDecl>);
    if (out === sent) return;
    if (status === 204) res.status(204).end();
    else res.status(status).json(out);
  };
}

/**
 * Mounts every declared route on the API router, each exactly once; a declaration without a handler
 * (or with two) stops the app from being built at all.
 */
export function mountRoutes(api: Router, bound: readonly Bound[]): void {
  const byDecl = new Map<RouteDecl, Bound>();
  for (const b of bound) {
    if (byDecl.has(b.decl)) throw new Error(`${b.decl.method} ${b.decl.path} has two handlers`);
    byDecl.set(b.decl, b);
  }
  for (const [operationId, decl] of Object.entries(ROUTES) as [string, RouteDecl][]) {
    const b = byDecl.get(decl);
    if (!b) throw new Error(`${operationId} (${decl.method} ${decl.path}) is declared but has no handler`);
    api[decl.method](expressPath(decl.path), ...steps(decl), answer(b));
  }
  if (byDecl.size !== Object.keys(ROUTES).length) throw new Error('a handler is bound to a route that is not in contracts/routes.ts');
}
