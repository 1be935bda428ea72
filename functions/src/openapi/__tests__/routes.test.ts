import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ROUTES, type RouteDecl } from '../../contracts/routes';
import { optionalAuth, requireAuth, requireOwner } from '../../http/middleware/auth';
import { BODY_LIMIT } from '../../http/middleware/body';
import { PLACEMENT_REQUEST_DEADLINE_MS, REQUEST_DEADLINE_MS } from '../../http/middleware/deadline';
import { expressPath } from '../../http/route';
import { Failure } from '../../lib/failure';
import { openApiDocument } from '../document';

// Each route declared in contracts/routes.ts must RUN with what it declares: this walks the Express app
// that createApp() builds (no emulator needed: nothing here reaches Firestore) and, per declared route,
// finds the one mounted route and checks its steps: the body limit, the access middleware (the very
// functions of http/middleware/auth.ts), the rate limiters (their options), the validator (the very
// schemas, and that it refuses a wrong request), and the Cache-Control it sets.

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: RequestHandler }[] };
  handle?: RequestHandler & { stack?: Layer[] };
}

interface Mounted {
  method: string;
  path: string;
  handles: (RequestHandler & Record<string, unknown>)[];
}

function mountedRoutes(stack: Layer[], prefix = ''): Mounted[] {
  const out: Mounted[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
        out.push({ method, path: `${prefix}${layer.route.path}`, handles: layer.route.stack.map((s) => s.handle as Mounted['handles'][number]) });
      }
    } else if (layer.handle?.stack) {
      out.push(...mountedRoutes(layer.handle.stack, prefix));
    }
  }
  return out;
}

const app = createApp() as unknown as { router: { stack: Layer[] } };
const mounted = mountedRoutes(app.router.stack);
const declared = Object.entries(ROUTES) as [string, RouteDecl][];

function stepsOf(decl: RouteDecl): Mounted['handles'] {
  const found = mounted.filter((m) => m.method === decl.method && m.path === expressPath(decl.path));
  expect(found, `${decl.method} ${decl.path} mounted once`).toHaveLength(1);
  return found[0]!.handles;
}

/** Runs one middleware with a fake request; resolves with what it passed to next(). */
function run(handler: RequestHandler, req: Partial<Request>): Promise<{ err: unknown; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  const res = { set: (k: string, v: string) => ((headers[k.toLowerCase()] = v), res) } as unknown as Response;
  return new Promise((resolve) => {
    void handler(req as Request, res, ((err?: unknown) => resolve({ err, headers })) as NextFunction);
  });
}

describe('the mounted routes are the declared ones', () => {
  it('mounts every declared route exactly once, and nothing undeclared', () => {
    const paths = declared.map(([, d]) => `${d.method} ${expressPath(d.path)}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(mounted.map((m) => `${m.method} ${m.path}`).sort()).toEqual([...paths].sort());
    expect(declared.length).toBeGreaterThan(60);
  });

  it.each(declared)('%s runs with its declared access', (_id, decl) => {
    const steps = stepsOf(decl);
    const auth = steps.filter((h) => h === requireAuth || h === optionalAuth || h === requireOwner);
    const expected = { public: [], optional: [optionalAuth], member: [requireAuth], owner: [requireAuth, requireOwner] }[decl.access];
    expect(auth).toEqual(expected);
    // The access comes before anything that reads the body or counts.
    if (auth.length) expect(steps.indexOf(auth[0]!)).toBeLessThanOrEqual(2);
  });

  it.each(declared)('%s validates with its declared schemas, and refuses a wrong request', async (_id, decl) => {
    const steps = stepsOf(decl);
    const validators = steps.filter((h) => 'schemas' in h);
    expect(validators).toHaveLength(1);
    const schemas = validators[0]!.schemas as Record<string, unknown>;
    expect(schemas.params).toBe(decl.params);
    expect(schemas.query).toBe(decl.query);
    expect(schemas.body).toBe(decl.body);
    // What the schemas make of a request: a declared part refuses a number; an undeclared one is not looked at.
    const wrong = await run(validators[0]!, { params: (decl.params ? 7 : {}) as never, query: (decl.query ? 7 : {}) as never, body: decl.body ? 7 : undefined });
    if (decl.params || decl.query || decl.body) {
      expect(wrong.err).toBeInstanceOf(Failure);
      expect((wrong.err as Failure).kind).toBe('invalid');
    } else {
      expect(wrong.err).toBeUndefined();
    }
  });

  it.each(declared)('%s counts its declared rate limits, before or after validation as declared', (_id, decl) => {
    const steps = stepsOf(decl);
    // One step checks all of a route's limits at once (http/middleware/rate-limit.ts rateLimits).
    const limiters = steps.filter((h) => 'limiters' in h);
    expect(limiters.length).toBe(decl.limits?.length ? 1 : 0);
    const options = limiters.flatMap((h) => h.limiters as { name: string; windowMs: number; limit: number; count?: string; key?: unknown }[]);
    expect(options.map((o) => [o.name, o.windowMs, o.limit, o.count ?? 'all'])).toEqual((decl.limits ?? []).map((l) => [l.name, l.windowMs, l.limit, l.count ?? 'all']));
    expect(options.map((o) => o.key !== undefined)).toEqual((decl.limits ?? []).map((l) => (l.per ?? 'client') !== 'client'));
    const validator = steps.findIndex((h) => 'schemas' in h);
    for (const l of limiters) expect(steps.indexOf(l) > validator, `${decl.path}'s limits after validation`).toBe(decl.limitValidOnly === true);
  });

  it.each(declared)('%s sets its declared Cache-Control, deadline and body', async (_id, decl) => {
    const steps = stepsOf(decl);
    const caches = steps.filter((h) => 'cache' in h);
    expect(caches).toHaveLength(1);
    // An anonymous caller gets the declared Cache-Control.
    const { headers } = await run(caches[0]!, {});
    expect(headers['cache-control']).toBe(decl.cache ?? 'no-store');
    expect(caches[0]!.ownerCache).toBe(decl.ownerCache);
    // The deadline runs first, so a hung step still gets its 503 in time.
    expect(steps.findIndex((h) => 'deadlineMs' in h)).toBe(0);
    expect(steps[0]!.deadlineMs).toBe(decl.deadline === 'placement' ? PLACEMENT_REQUEST_DEADLINE_MS : REQUEST_DEADLINE_MS);
    const bodies = steps.filter((h) => 'bodyLimit' in h);
    if (decl.ignoresBody) expect(bodies).toEqual([]);
    else expect(bodies.map((h) => h.bodyLimit)).toEqual([decl.bodyLimit ?? BODY_LIMIT]);
  });

  it('declares a summary, a description, a success answer and exactly the path parameters of each path', () => {
    for (const [id, r] of declared) {
      expect(r.summary.length, id).toBeGreaterThan(5);
      expect(r.description.length, id).toBeGreaterThan(10);
      expect(Object.keys(r.responses).length, id).toBeGreaterThan(0);
      const inPath = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(r.params?.shape ?? {}).sort(), id).toEqual(inPath);
      if (r.self) expect(inPath, id).toContain(r.self.param);
      if (r.self) expect(r.access, id).toBe('member');
    }
  });
});

describe('the generated files', () => {
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const committed = readFileSync(path.join(root, 'functions', 'openapi.json'), 'utf8');
  const generated = `${JSON.stringify(openApiDocument(), null, 2)}\n`;

  it('functions/openapi.json is the document generated from the declarations (run `npm run openapi`)', () => {
    expect(committed === generated, 'functions/openapi.json is out of date: run `npm run openapi`').toBe(true);
  });

  it('docs/api/index.html renders that very document (run `npm run openapi`)', () => {
    const sha = createHash('sha256').update(generated).digest('hex');
    const page = readFileSync(path.join(root, 'docs', 'api', 'index.html'), 'utf8');
    expect(page.includes(`<meta name="openapi-sha256" content="${sha}">`), 'docs/api/index.html is out of date: run `npm run openapi`').toBe(true);
    // Offline: the Redoc script is inlined, nothing is loaded from a CDN.
    expect(page).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('is OpenAPI 3.1 with every declared route, its cache, the error catalogue and the error body', () => {
    const doc = JSON.parse(committed) as {
      openapi: string;
      info: { description: string; 'x-error-catalogue': Record<string, string> };
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { headers?: Record<string, { description?: string }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const [id, r] of declared) {
      const op = doc.paths[r.path]?.[r.method];
      expect(op?.operationId, `${r.method} ${r.path}`).toBe(id);
      expect(op!.responses.default, id).toBeDefined();
      const ok = Object.keys(r.responses)[0]!;
      expect(op!.responses[ok]!.headers?.['Cache-Control']?.description, id).toContain(r.cache ?? 'no-store');
    }
    expect(doc.info['x-error-catalogue']['409 OUT_OF_STOCK']).toBe('庫存不足，請調整數量');
    expect(doc.info.description).toContain('`EMAIL_NOT_VERIFIED`');
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    expect(doc.components.schemas.Order).toBeDefined();
  });
});
