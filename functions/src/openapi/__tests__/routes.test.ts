import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { openApiDocument } from '../document';
import { ROUTES } from '../routes';

// The route table (routes.ts) must describe exactly the routes the Express app serves, and the
// generated files must match the contracts (regenerate with `npm run openapi`).

interface Layer {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every (method, path) of the app, found by walking Express's router stack. */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
        out.push(`${method} ${join(prefix, layer.route.path)}`);
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
      out.push(...servedRoutes(layer.handle.stack, join(prefix, mount)));
    }
  }
  return out;
}

const join = (a: string, b: string) => `${a}/${b}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
const toOpenApi = (p: string) => p.replace(/:(\w+)/g, '{$1}');

describe('the route table', () => {
  const app = createApp() as unknown as { router: { stack: Layer[] } };
  const served = servedRoutes(app.router.stack).map((r) => toOpenApi(r));
  const described = ROUTES.map((r) => `${r.method} ${r.path}`);

  it('finds the routes of the app (the walk itself works)', () => {
    expect(served.length).toBeGreaterThan(40);
    expect(served).toContain('patch /api/order/{userId}/{orderId}');
    expect(served).toContain('get /api/stock');
  });

  it('describes every route the app serves', () => {
    const missing = served.filter((r) => !described.includes(r));
    expect(missing, 'routes without a description in functions/src/openapi/routes.ts').toEqual([]);
  });

  it('describes no route the app does not serve, and none twice', () => {
    expect(described.filter((r) => !served.includes(r))).toEqual([]);
    expect(new Set(described).size).toBe(described.length);
  });

  it('gives every route a summary, a description, a success response and the path parameters of its path', () => {
    for (const r of ROUTES) {
      expect(r.summary.length, r.path).toBeGreaterThan(5);
      expect(r.description.length, r.path).toBeGreaterThan(10);
      expect(Object.keys(r.responses).length, r.path).toBeGreaterThan(0);
      const inPath = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(r.params?.shape ?? {}).sort(), `${r.method} ${r.path}`).toEqual(inPath);
    }
  });
});

describe('the generated files', () => {
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const committed = readFileSync(path.join(root, 'functions', 'openapi.json'), 'utf8');
  const generated = `${JSON.stringify(openApiDocument(), null, 2)}\n`;

  it('functions/openapi.json is the document generated from the contracts (run `npm run openapi`)', () => {
    expect(committed === generated, 'functions/openapi.json is out of date: run `npm run openapi`').toBe(true);
  });

  it('docs/api/index.html renders that very document (run `npm run openapi`)', () => {
    const sha = createHash('sha256').update(generated).digest('hex');
    const page = readFileSync(path.join(root, 'docs', 'api', 'index.html'), 'utf8');
    expect(page.includes(`<meta name="openapi-sha256" content="${sha}">`), 'docs/api/index.html is out of date: run `npm run openapi`').toBe(true);
    // Offline: the Redoc script is inlined, nothing is loaded from a CDN.
    expect(page).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('is OpenAPI 3.1 with every route, the error catalogue and the error body', () => {
    const doc = JSON.parse(committed) as {
      openapi: string;
      info: { description: string; 'x-error-catalogue': Record<string, string> };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const r of ROUTES) {
      const op = doc.paths[r.path]?.[r.method];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op!.responses.default, `${r.method} ${r.path}`).toBeDefined();
    }
    expect(doc.info['x-error-catalogue']['409 OUT_OF_STOCK']).toBe('庫存不足，請調整數量');
    expect(doc.info.description).toContain('`EMAIL_NOT_VERIFIED`');
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    expect(doc.components.schemas.Order).toBeDefined();
  });
});
