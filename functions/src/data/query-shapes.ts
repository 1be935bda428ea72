// The one way the repositories (data/, allocator/) build a Firestore query: each query's shape (its
// collection, filters and orders) is declared once, at module level, with declareQuery, and the query is
// built from that declaration by shapedQuery, so the declaration cannot drift from the query it runs.
// npm run deploy:check and a unit test (scripts/__tests__/query-indexes.test.ts) read every declaration and
// compute, by Firestore's rules (scripts/deploy/query-indexes.ts), the composite indexes the queries need:
// the Firestore emulator enforces no index, so a missing one would otherwise first show in production as
// FAILED_PRECONDITION. Only types come from firebase-admin: importing this module stays free.

/** The filter operators of Firestore's where(). */
export type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';

export interface Clause {
  readonly field: string;
  readonly op: FilterOp;
  /** A filter the caller may leave out (its value undefined): every combination is checked. */
  readonly optional?: true;
}

export interface Order {
  /** A field path, or '__name__' for the document id. */
  readonly field: string;
  readonly dir?: 'asc' | 'desc';
}

export interface QueryShape {
  /** Where the query is and what it is for, named in the deploy check's findings. */
  readonly name: string;
  /** The collection id (a top-level collection, or a subcollection of the parent given to shapedQuery). */
  readonly collection: string;
  /** A collection-group query (every collection of that id). */
  readonly group?: true;
  readonly where?: readonly Clause[];
  /**
   * Clauses of which at least one holds (Firestore's Filter.or), beside every `where` clause. Firestore runs
   * each branch (the `where` clauses and one of these) on its own index, so the deploy check checks each
   * branch as a query. Optional ones left out are left out of the or; at least one must be given.
   */
  readonly anyOf?: readonly Clause[];
  readonly orderBy?: readonly Order[];
}

declare const declared: unique symbol;
/** A shape declareQuery registered; shapedQuery takes nothing else, so no query escapes the check. */
export type DeclaredQuery<S extends QueryShape = QueryShape> = S & { readonly [declared]: true };

/** One value per where clause, in order, then one per anyOf clause; undefined leaves out an optional clause. */
type ClauseValues<W> = { readonly [K in keyof W]: W[K] extends { optional: true } ? unknown : NonNullable<unknown> | null };
type Values<W> = W extends readonly Clause[] ? ClauseValues<W> : readonly [];
type ValuesOf<S extends QueryShape> = readonly [...Values<S['where']>, ...Values<S['anyOf']>];

/** What shapedQuery needs of firebase-admin/firestore to build an or (passed in: importing this module stays free). */
export type FilterNs = Pick<typeof import('firebase-admin/firestore'), 'Filter'>;

// The declarations of the modules loaded so far: code, not state (each is a constant written at module
// level; the deploy check loads every module of data/ and allocator/ before reading this list).
const registry: QueryShape[] = [];

/** Declares a query's shape. Call it at module level only (a unit test checks). */
export function declareQuery<const S extends QueryShape>(shape: S): DeclaredQuery<S> {
  registry.push(shape);
  return shape as DeclaredQuery<S>;
}

/** Every shape declared by the modules imported so far. */
export function declaredQueries(): readonly QueryShape[] {
  return registry;
}

interface Parent {
  collection(id: string): FirebaseFirestore.CollectionReference;
}
interface GroupParent {
  collectionGroup(id: string): FirebaseFirestore.Query;
}

/**
 * The query a declared shape describes, on `parent` (the Firestore instance, or the document whose
 * subcollection it is). Limits, selects, cursors and aggregations are the caller's: they need no index.
 */
export function shapedQuery<S extends QueryShape>(
  parent: Parent | (Parent & GroupParent),
  shape: DeclaredQuery<S>,
  values: ValuesOf<S>,
  /** Another collection of the same kind (a test's own, data/mail.ts and data/mail-slots.ts); the shape's by default. */
  collectionId: string = shape.collection,
  /** firebase-admin/firestore (functions/src/lib/firebase.ts firestoreNs), for a shape with anyOf. */
  ns?: FilterNs,
): FirebaseFirestore.Query {
  const clauses = shape.where ?? [];
  const anyOf = shape.anyOf ?? [];
  const given = values as readonly unknown[];
  if (given.length !== clauses.length + anyOf.length) throw new Error(`query "${shape.name}": ${given.length} values for ${clauses.length + anyOf.length} filters`);
  let q: FirebaseFirestore.Query = shape.group ? (parent as GroupParent).collectionGroup(collectionId) : parent.collection(collectionId);
  const present = (c: Clause, v: unknown) => {
    if (v !== undefined) return true;
    if (!c.optional) throw new Error(`query "${shape.name}": no value for ${c.field} ${c.op}`);
    return false;
  };
  clauses.forEach((c, i) => {
    if (present(c, given[i])) q = q.where(c.field, c.op, given[i]);
  });
  if (anyOf.length) {
    const branches = anyOf.map((c, i) => [c, given[clauses.length + i]] as const).filter(([c, v]) => present(c, v));
    if (!branches.length) throw new Error(`query "${shape.name}": no value for any clause of its or`);
    if (branches.length === 1) q = q.where(branches[0]![0].field, branches[0]![0].op, branches[0]![1]);
    else {
      if (!ns) throw new Error(`query "${shape.name}": an or needs firebase-admin/firestore's Filter`);
      q = q.where(ns.Filter.or(...branches.map(([c, v]) => ns.Filter.where(c.field, c.op, v))));
    }
  }
  for (const o of shape.orderBy ?? []) q = q.orderBy(o.field, o.dir ?? 'asc');
  return q;
}
