// Which composite indexes the repositories' queries need, by Firestore's rules, against what
// firestore.indexes.json declares (npm run deploy:check, "query indexes"; tested against broken fixtures in
// scripts/__tests__/query-indexes.test.ts). The queries are the shapes declared with declareQuery
// (functions/src/data/query-shapes.ts), from which the repositories build them. Pure: nothing here reads a file.
//
// The rules (https://firebase.google.com/docs/firestore/query-data/index-overview), for a collection query:
// - Firestore keeps a single-field index of every field, both directions, unless a field override exempts it;
//   equality filters alone (==, in), on any number of fields, are served by merging those;
// - one field that is filtered by a range (<, <=, >, >=, !=, not-in) and/or ordered, with no other filter,
//   is served by its single-field index;
// - anything else needs a composite index: equality filters and an order or range on another field, orders
//   or ranges on two fields, array-contains (-any) with any other filter or order;
// - its fields: the equality and array filters (any order among themselves), then the orders as written,
//   then the range fields not ordered explicitly (Firestore orders by them implicitly, ascending, by name);
//   the document id (__name__) at the end is implicit.
// A collection-group query has no automatic single-field index: even one field needs a fieldOverride with
// a COLLECTION_GROUP index. A field override that exempts a field (indexes: []) disables its single-field
// index for the queries that rely on it.
import type { IndexesJson } from './checks.ts';
import type { QueryShape } from '../../functions/src/data/query-shapes.ts';

type IndexField = { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' } | { fieldPath: string; arrayConfig: 'CONTAINS' };
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

const EQUALITY = new Set(['==', 'in']);
const ARRAY = new Set(['array-contains', 'array-contains-any']);
const DOC_ID = '__name__';

/** What one concrete query (an optional filter given or not) needs. */
type Need = { kind: 'none' } | { kind: 'single'; field: string; order: 'ASCENDING' | 'DESCENDING' } | { kind: 'composite'; index: CompositeIndex };

/**
 * The concrete queries of a shape: each combination of its optional filters, given or left out; a shape
 * with anyOf (an or) is as many queries as it has branches, each the `where` clauses and one branch,
 * since Firestore serves each branch of an or on its own index (its disjunctive normal form).
 */
function variants(shape: QueryShape): QueryShape[] {
  const { anyOf, ...plain } = shape;
  const where = shape.where ?? [];
  const optional = where.map((c, i) => (c.optional ? i : -1)).filter((i) => i >= 0);
  const out: QueryShape[] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    const left = new Set(optional.filter((_, b) => !(mask & (1 << b))));
    const kept = where.filter((_, i) => !left.has(i));
    if (!anyOf?.length) out.push({ ...plain, where: kept });
    else for (const branch of anyOf) out.push({ ...plain, name: `${shape.name}, the branch ${branch.field} ${branch.op}`, where: [...kept, branch] });
  }
  return out;
}

function needOf(q: QueryShape): Need {
  const where = q.where ?? [];
  const eq = [...new Set(where.filter((c) => EQUALITY.has(c.op)).map((c) => c.field))];
  const arr = [...new Set(where.filter((c) => ARRAY.has(c.op)).map((c) => c.field))];
  const range = [...new Set(where.filter((c) => !EQUALITY.has(c.op) && !ARRAY.has(c.op)).map((c) => c.field))];
  // An order on a field filtered by equality is a no-op; the document id closes every index implicitly.
  const orders = (q.orderBy ?? []).filter((o) => o.field !== DOC_ID && !eq.includes(o.field));
  const sort: { field: string; order: 'ASCENDING' | 'DESCENDING' }[] = orders.map((o) => ({ field: o.field, order: o.dir === 'desc' ? 'DESCENDING' : 'ASCENDING' }));
  for (const f of [...range].sort()) if (!sort.some((s) => s.field === f)) sort.push({ field: f, order: 'ASCENDING' });
  const scope = q.group ? 'COLLECTION_GROUP' : 'COLLECTION';
  const fields: IndexField[] = [...eq.map((f) => ({ fieldPath: f, order: 'ASCENDING' as const })), ...arr.map((f) => ({ fieldPath: f, arrayConfig: 'CONTAINS' as const })), ...sort.map((s) => ({ fieldPath: s.field, order: s.order }))];
  const distinct = new Set(fields.map((f) => f.fieldPath));
  if (distinct.size === 0) return { kind: 'none' };
  const composite = arr.length > 0 ? distinct.size > 1 : sort.length > 1 || (sort.length === 1 && eq.length > 0);
  if (composite) return { kind: 'composite', index: { collectionGroup: q.collection, queryScope: scope, fields } };
  if (sort.length === 1) return { kind: 'single', field: sort[0]!.field, order: sort[0]!.order };
  // Equality filters only: merged single-field indexes (a single field for a group query).
  if (scope === 'COLLECTION_GROUP' || arr.length) return { kind: 'single', field: [...distinct][0]!, order: 'ASCENDING' };
  return { kind: 'none' };
}

const fieldKey = (f: { fieldPath?: string; order?: string; arrayConfig?: string }) => `${f.fieldPath}:${f.arrayConfig ?? f.order}`;

/** Whether a declared index serves the needed one: the same equality set first (any order), then the same orders. */
function serves(declared: NonNullable<IndexesJson['indexes']>[number], need: CompositeIndex, eqCount: number): boolean {
  if (declared.collectionGroup !== need.collectionGroup || declared.queryScope !== need.queryScope) return false;
  const fields = (declared.fields ?? []).filter((f, i, all) => !(f.fieldPath === DOC_ID && i === all.length - 1));
  if (fields.length !== need.fields.length) return false;
  // Equality fields may be indexed in either direction.
  const eqKey = (f: { fieldPath?: string; order?: string; arrayConfig?: string }) => (f.arrayConfig ? fieldKey(f) : `${f.fieldPath}:eq`);
  const head = fields.slice(0, eqCount).map(eqKey).sort();
  const wantHead = need.fields.slice(0, eqCount).map(eqKey).sort();
  if (head.join() !== wantHead.join()) return false;
  return fields.slice(eqCount).map(fieldKey).join() === need.fields.slice(eqCount).map(fieldKey).join();
}

const indexJson = (i: CompositeIndex) => JSON.stringify({ collectionGroup: i.collectionGroup, queryScope: i.queryScope, fields: i.fields });

/**
 * Every composite index a declared query needs is in firestore.indexes.json, no declared composite index
 * serves no query, and no query relies on a single-field index a field override exempts.
 */
export function checkQueryIndexes(shapes: readonly QueryShape[], indexes: IndexesJson): string[] {
  const problems: string[] = [];
  const declared = indexes.indexes ?? [];
  const used = new Set<number>();
  const overrides = indexes.fieldOverrides ?? [];
  const missing = new Map<string, string[]>();
  for (const shape of shapes) {
    for (const v of variants(shape)) {
      const need = needOf(v);
      if (need.kind === 'composite') {
        const eqCount = need.index.fields.filter((f) => 'arrayConfig' in f || (v.where ?? []).some((c) => c.field === f.fieldPath && EQUALITY.has(c.op))).length;
        const found = declared.findIndex((d) => serves(d, need.index, eqCount));
        if (found >= 0) used.add(found);
        else missing.set(indexJson(need.index), [...(missing.get(indexJson(need.index)) ?? []), describe(v)]);
      } else if (need.kind === 'single') {
        const o = overrides.find((x) => x.collectionGroup === v.collection && x.fieldPath === need.field);
        const scope = v.group ? 'COLLECTION_GROUP' : 'COLLECTION';
        const exempt = o && Array.isArray((o as { indexes?: unknown[] }).indexes);
        const served = exempt
          ? ((o as { indexes: { order?: string; arrayConfig?: string; queryScope?: string }[] }).indexes).some((i) => (i.queryScope ?? 'COLLECTION') === scope && (i.order === need.order || i.arrayConfig))
          : scope === 'COLLECTION';
        if (!served) {
          problems.push(
            `query ${describe(v)} needs a ${scope === 'COLLECTION_GROUP' ? 'collection-group ' : ''}single-field index on ${v.collection}.${need.field}, which ${exempt ? 'a field override in firestore.indexes.json exempts' : 'Firestore does not create for collection groups'}: add {"queryScope": "${scope}", "order": "${need.order}"} to the fieldOverrides entry of ${v.collection}.${need.field}`,
          );
        }
      }
    }
  }
  for (const [json, queries] of missing) {
    const names = [...new Set(queries)];
    problems.push(`no composite index for ${names.join('; ')}: add to firestore.indexes.json "indexes": ${json}`);
  }
  for (const [i, d] of declared.entries()) {
    if (!used.has(i)) problems.push(`firestore.indexes.json indexes[${i}] (${d.collectionGroup}: ${(d.fields ?? []).map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`).join(', ')}) serves no declared query: remove it, or declare the query that needs it (functions/src/data/query-shapes.ts)`);
  }
  return problems;
}

/** A concrete query in one line: its name, then the query as Firestore sees it. */
function describe(q: QueryShape): string {
  const parts = [(q.group ? 'collectionGroup ' : '') + q.collection, ...(q.where ?? []).map((c) => `where ${c.field} ${c.op}`), ...(q.orderBy ?? []).map((o) => `orderBy ${o.field} ${o.dir ?? 'asc'}`)];
  return `"${q.name}" (${parts.join(', ')})`;
}

/** Query builders other than shapedQuery (functions/src/data/query-shapes.ts): each would escape the check. */
const RAW_QUERY = /\.(where|orderBy|collectionGroup|findNearest)\(/;

/**
 * The functions' sources (tests left out) build every query from a declared shape, and declare each shape
 * at module level, where loading the module registers it.
 */
export function checkQuerySources(files: readonly { path: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const f of files) {
    if (f.path.endsWith('query-shapes.ts')) continue;
    f.text.split('\n').forEach((line, i) => {
      if (RAW_QUERY.test(line) && !/^\s*(\/\/|\*)/.test(line)) problems.push(`${f.path}:${i + 1}: builds a query by hand; declare its shape with declareQuery and build it with shapedQuery (functions/src/data/query-shapes.ts), so that deploy:check knows its index`);
      if (/\bdeclareQuery\(/.test(line) && !/^(export )?const \w+ = declareQuery\(/.test(line) && !/^import /.test(line)) problems.push(`${f.path}:${i + 1}: declareQuery outside a module-level \`const X = declareQuery(...)\`: deploy:check reads only the shapes declared when a module loads`);
    });
  }
  return problems;
}
