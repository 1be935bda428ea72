import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '../../functions/src/contracts/routes';

// The runbooks (README.md, docs/*.md) against the code, where a wrong line can be caught: each was found
// wrong once by someone following them (issue 33).
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('docs/operations.md', () => {
  const ops = read('docs/operations.md');
  const scheduled = [...read('functions/src/index.ts').matchAll(/^export const (\w+) = onSchedule\(/gm)].map((m) => m[1]!);

  it('has a missed-run alert for every scheduled job of functions/src/index.ts', () => {
    expect(scheduled.length).toBeGreaterThanOrEqual(7);
    expect(scheduled.filter((job) => !ops.includes(`job = "${job}"`))).toEqual([]);
  });

  it('says where every function logs (its Cloud Run service name)', () => {
    const all = [...read('functions/src/index.ts').matchAll(/^export const (\w+) = on\w+\(/gm)].map((m) => m[1]!);
    expect(all.filter((fn) => !ops.includes(`\`${fn.toLowerCase()}\``))).toEqual([]);
  });

  it('has the export-failure alert docs/backup.md points at', () => {
    expect(read('docs/backup.md')).toMatch(/operations\.md/);
    expect(ops).toMatch(/### \d+\. .*export/i);
    expect(ops).toContain('firestore-nightly-export');
  });
});

describe('the TTL list', () => {
  it('names every TTL policy of firestore.indexes.json in docs/deploy.md', () => {
    const { fieldOverrides } = JSON.parse(read('firestore.indexes.json')) as { fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[] };
    const ttl = fieldOverrides.filter((o) => o.ttl).map((o) => `${o.collectionGroup}.${o.fieldPath}`);
    expect(ttl.length).toBeGreaterThanOrEqual(4);
    const deploy = read('docs/deploy.md');
    expect(ttl.filter((f) => !deploy.includes(`\`${f}\``))).toEqual([]);
  });
});

describe('the paths the docs send people to', () => {
  // The web router's paths (web/src/app/router.tsx, the owner console's in admin-console.tsx) and the API's.
  const webRoutes = [...read('web/src/app/router.tsx').matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1]}`);
  const adminRoutes = [...read('web/src/features/admin/components/admin-console.tsx').matchAll(/<Route path="([^"*]+)"/g)].map((m) => `/admin/${m[1]}`);
  const apiRoutes = ROUTE_LIST.map((r) => r.path.replace(/\{(\w+)\}/g, ':$1'));
  const patterns = [...webRoutes.filter((p) => p !== '/*' && p !== '/admin/*'), '/', '/admin', ...adminRoutes, ...apiRoutes].map(
    (p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+').replace(/\{\w+\}/g, '[^/]+')}/?$`),
  );
  // Only paths under the shop's own first segments: the docs name file paths and schema pointers too.
  const firstSegments = new Set([...webRoutes, ...apiRoutes].map((p) => p.split('/')[1]).filter((s): s is string => !!s && !s.startsWith(':') && s !== '*'));

  it('names no page or API path that the router or the API does not have', () => {
    const wrong: string[] = [];
    for (const doc of docs) {
      for (const m of read(doc).matchAll(/`(\/[A-Za-z][\w/:{}-]*)`/g)) {
        const p = m[1]!.replace(/\{(\w+)\}/g, ':$1');
        if (!firstSegments.has(p.split('/')[1]!)) continue;
        // An API path may name a group of routes (`/api/order` routes); a page must be one.
        const group = p.startsWith('/api') && apiRoutes.some((r) => r.startsWith(`${p}/`));
        if (!group && !patterns.some((re) => re.test(p.replace(/:(\w+)/g, 'x')))) wrong.push(`${doc}: ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
