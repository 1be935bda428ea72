import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { declareQuery, shapedQuery, type QueryShape } from '../../functions/src/data/query-shapes';
import type { IndexesJson } from '../deploy/checks';
import { loadDeclaredQueries } from '../deploy/declared-queries';
import { checkQueryIndexes, checkQuerySources } from '../deploy/query-indexes';

// The composite indexes the repositories' queries need (npm run deploy:check, "query indexes"). The
// Firestore emulator enforces no index, so this is what fails CI when a query lacks its index.
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const repoIndexes = (): IndexesJson => JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8')) as IndexesJson;
let shapes: readonly QueryShape[] = [];
// Loading every repository module (and what it imports) is the slow part: about 10 s on a busy machine.
beforeAll(async () => {
  shapes = await loadDeclaredQueries(root);
}, 120_000);

const asc = (fieldPath: string) => ({ fieldPath, order: 'ASCENDING' });
const desc = (fieldPath: string) => ({ fieldPath, order: 'DESCENDING' });
const shape = (s: Omit<QueryShape, 'name'>): QueryShape => ({ name: 'probe', ...s });

describe('the repo', () => {
  it('declares every query of data/ and allocator/, and firestore.indexes.json has exactly the indexes they need', () => {
    expect(shapes.length).toBeGreaterThan(30);
    expect(checkQueryIndexes(shapes, repoIndexes())).toEqual([]);
  });

  it('builds no query by hand in functions/src', () => {
    const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
    const files = walk(path.join(root, 'functions/src')).filter((f) => f.endsWith('.ts') && !f.includes('__tests__'));
    expect(checkQuerySources(files.map((f) => ({ path: path.relative(root, f), text: readFileSync(f, 'utf8') })))).toEqual([]);
  });

  it('fails, naming the query and the index to add, when the orders userId + createdAt index is removed', () => {
    const broken = repoIndexes();
    broken.indexes = broken.indexes!.filter((i) => !(i.collectionGroup === 'orders' && i.fields?.[0]?.fieldPath === 'userId'));
    const problems = checkQueryIndexes(shapes, broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('data/orders.ts listOrdersOfUser');
    expect(problems[0]).toContain('{"collectionGroup":"orders","queryScope":"COLLECTION","fields":[{"fieldPath":"userId","order":"ASCENDING"},{"fieldPath":"createdAt","order":"DESCENDING"}]}');
  });

  it("fails on each combination of the owner's filters: removing status + planId + createdAt names that one", () => {
    const broken = repoIndexes();
    broken.indexes = broken.indexes!.filter((i) => i.fields?.length !== 3);
    const problems = checkQueryIndexes(shapes, broken);
    expect(problems).toEqual([expect.stringMatching(/filtered order list.*where status ==, where planId ==.*"fields":\[\{"fieldPath":"status","order":"ASCENDING"\},\{"fieldPath":"planId","order":"ASCENDING"\},\{"fieldPath":"createdAt","order":"DESCENDING"\}\]/)]);
  });
});

describe("checkQueryIndexes: Firestore's rules", () => {
  const none: IndexesJson = { indexes: [] };
  const needs = (s: QueryShape, indexes: IndexesJson = none) => checkQueryIndexes([s], indexes);

  it('needs no composite index for equality filters alone, or one field ranged and ordered', () => {
    expect(needs(shape({ collection: 'c', where: [{ field: 'a', op: '==' }, { field: 'b', op: 'in' }] }))).toEqual([]);
    expect(needs(shape({ collection: 'c', where: [{ field: 'a', op: '>=' }, { field: 'a', op: '<' }], orderBy: [{ field: 'a', dir: 'desc' }] }))).toEqual([]);
    expect(needs(shape({ collection: 'c', where: [{ field: 'a', op: '==' }], orderBy: [{ field: '__name__' }] }))).toEqual([]);
  });

  it('needs one for equality and a range or order on another field, two orders, two ranges, array-contains with a filter', () => {
    const cases: [QueryShape, object[]][] = [
      [shape({ collection: 'c', where: [{ field: 'a', op: '==' }, { field: 'b', op: '<' }] }), [asc('a'), asc('b')]],
      [shape({ collection: 'c', where: [{ field: 'a', op: '==' }], orderBy: [{ field: 'b', dir: 'desc' }] }), [asc('a'), desc('b')]],
      [shape({ collection: 'c', orderBy: [{ field: 'a' }, { field: 'b', dir: 'desc' }] }), [asc('a'), desc('b')]],
      [shape({ collection: 'c', where: [{ field: 'b', op: '>' }, { field: 'a', op: '!=' }] }), [asc('a'), asc('b')]],
      [shape({ collection: 'c', where: [{ field: 'tags', op: 'array-contains' }, { field: 'a', op: '==' }] }), [asc('a'), { fieldPath: 'tags', arrayConfig: 'CONTAINS' }]],
    ];
    for (const [s, fields] of cases) {
      const problems = needs(s);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(JSON.stringify({ collectionGroup: 'c', queryScope: 'COLLECTION', fields }));
      expect(needs(s, { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields }] })).toEqual([]);
    }
  });

  it('takes equality fields in any order, but not an order in the other direction or another scope', () => {
    const s = shape({ collection: 'c', where: [{ field: 'a', op: '==' }, { field: 'b', op: '==' }], orderBy: [{ field: 't', dir: 'desc' }] });
    expect(needs(s, { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields: [asc('b'), desc('a'), desc('t'), desc('__name__')] }] })).toEqual([]);
    expect(needs(s, { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields: [asc('a'), asc('b'), asc('t')] }] })).toHaveLength(2);
    expect(needs(s, { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION_GROUP', fields: [asc('a'), asc('b'), desc('t')] }] })).toHaveLength(2);
  });

  it('checks each combination of optional filters', () => {
    const s = shape({ collection: 'c', where: [{ field: 'a', op: '==', optional: true }, { field: 'b', op: '==', optional: true }], orderBy: [{ field: 't', dir: 'desc' }] });
    const problems = needs(s);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/where a ==, where b ==/);
  });

  it('checks each branch of an or as its own query (Firestore runs each on its own index)', () => {
    const eqOnly = shape({ collection: 'c', where: [{ field: 's', op: 'in' }], anyOf: [{ field: 'a', op: '==', optional: true }, { field: 'b', op: '==', optional: true }] });
    expect(needs(eqOnly)).toEqual([]);
    const ordered = shape({ collection: 'c', anyOf: [{ field: 'a', op: '==' }, { field: 'b', op: '==' }], orderBy: [{ field: 't', dir: 'desc' }] });
    const problems = needs(ordered);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/the branch a ==.*"fields":\[\{"fieldPath":"a","order":"ASCENDING"\},\{"fieldPath":"t","order":"DESCENDING"\}\]/);
    expect(problems[1]).toMatch(/the branch b ==/);
    expect(needs(ordered, { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields: [asc('a'), desc('t')] }, { collectionGroup: 'c', queryScope: 'COLLECTION', fields: [asc('b'), desc('t')] }] })).toEqual([]);
  });

  it('needs a collection-group index even for one field, and honours a field exemption', () => {
    expect(needs(shape({ collection: 'c', group: true, where: [{ field: 'a', op: '==' }] }))[0]).toMatch(/collection-group single-field index on c\.a/);
    expect(needs(shape({ collection: 'c', group: true, where: [{ field: 'a', op: '==' }] }), { indexes: [], fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] } as never] })).toEqual([]);
    expect(needs(shape({ collection: 'c', orderBy: [{ field: 'expireAt' }] }), { indexes: [], fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'expireAt', ttl: true, indexes: [] } as never] })[0]).toMatch(/a field override in firestore\.indexes\.json exempts/);
  });

  it('reports an index no query needs', () => {
    const problems = checkQueryIndexes([], { indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields: [asc('a'), asc('b')] }] });
    expect(problems).toEqual([expect.stringMatching(/indexes\[0\] \(c: a ASCENDING, b ASCENDING\) serves no declared query/)]);
  });
});

describe('checkQuerySources and shapedQuery', () => {
  it('finds a query built by hand and a shape declared inside a function', () => {
    const problems = checkQuerySources([
      { path: 'functions/src/data/x.ts', text: "const s = await col.where('a', '==', 1).get();\n// col.where() in a comment\n" },
      { path: 'functions/src/data/y.ts', text: "export function f() {\n  const s = declareQuery({ name: 'x', collection: 'c' });\n}\n" },
    ]);
    expect(problems).toEqual([expect.stringMatching(/x\.ts:1: builds a query by hand/), expect.stringMatching(/y\.ts:2: declareQuery outside a module-level/)]);
  });

  it('builds the declared filters and orders, leaving out the optional ones not given', () => {
    const calls: string[] = [];
    const q = { where: (f: string, op: string, v: unknown) => (calls.push(`where ${f} ${op} ${String(v)}`), q), orderBy: (f: string, d: string) => (calls.push(`orderBy ${f} ${d}`), q) };
    const parent = { collection: (id: string) => (calls.push(`collection ${id}`), q) } as never;
    const s = declareQuery({ name: 'probe', collection: 'c', where: [{ field: 'a', op: '==' }, { field: 'b', op: '<', optional: true }], orderBy: [{ field: 'b', dir: 'desc' }] });
    shapedQuery(parent, s, ['x', undefined]);
    expect(calls).toEqual(['collection c', 'where a == x', 'orderBy b desc']);
    expect(() => shapedQuery(parent, s, [undefined as never, 1])).toThrow(/no value for a ==/);
  });

  it('builds an or of the anyOf clauses given, a plain filter for one, and refuses none', () => {
    const calls: string[] = [];
    const q = { where: (f: unknown, op?: string, v?: unknown) => (calls.push(op === undefined ? `where ${String(f)}` : `where ${String(f)} ${op} ${String(v)}`), q) };
    const parent = { collection: () => q } as never;
    const ns = { Filter: { where: (f: string, op: string, v: unknown) => `${f} ${op} ${String(v)}`, or: (...fs: string[]) => `or(${fs.join(', ')})` } } as never;
    const s = declareQuery({ name: 'probe', collection: 'c', where: [{ field: 's', op: 'in' }], anyOf: [{ field: 'a', op: '==', optional: true }, { field: 'b', op: '==', optional: true }, { field: 'u', op: '==', optional: true }] });
    shapedQuery(parent, s, [['x'], 'e', 'p', undefined], 'c', ns);
    expect(calls).toEqual(['where s in x', 'where or(a == e, b == p)']);
    calls.length = 0;
    shapedQuery(parent, s, [['x'], undefined, 'p', undefined], 'c', ns);
    expect(calls).toEqual(['where s in x', 'where b == p']);
    expect(() => shapedQuery(parent, s, [['x'], undefined, undefined, undefined], 'c', ns)).toThrow(/no value for any clause of its or/);
    expect(() => shapedQuery(parent, s, [['x'], 'e', 'p', undefined])).toThrow(/needs firebase-admin\/firestore's Filter/);
  });
});
