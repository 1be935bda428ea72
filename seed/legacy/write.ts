// The Firestore half of `npm run import:legacy` (docs/migration.md): which mapped records are new, and
// writing those. Every write is a `create`: a record that exists (imported before, or made by this
// shop since) is never overwritten, so a second run writes nothing and the owner's later edits stand.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { PLAN_PROGRESS, PLANS, recomputePlanProgress } from '../../functions/src/data/plans';
import { ORDER_NUMBERS, ORDERS, type OrderDoc } from '../../functions/src/data/orders';
import { PRODUCTS } from '../../functions/src/data/products';
import { placedOrderTotals } from '../../functions/src/data/stats';
import { STOCK } from '../../functions/src/data/stock';
import { IMPORT_ACTOR, type ImportPlan } from './mapping';

const MEMBERS = 'members';
const SUBSCRIPTIONS = 'subscriptions';
const ALREADY_EXISTS = 6;
/** Orders per batch: each is 2 creates, plus a few stats documents for the batch (a batch holds 500 writes). */
const ORDERS_PER_BATCH = 200;

interface Target {
  collection: string;
  id: string;
  data: Record<string, unknown>;
}

export interface KindCount {
  /** Mapped records not in Firestore yet: what --apply writes. */
  new: number;
  /** Mapped records whose document exists: left as they are. */
  present: number;
}

export type Existing = Record<'products' | 'stock' | 'plans' | 'orders' | 'members' | 'subscriptions', KindCount>;

function targets(plan: ImportPlan, now: string): Record<keyof Existing, Target[]> {
  return {
    products: plan.products.map(({ productId, ...p }) => ({ collection: PRODUCTS, id: productId, data: { ...p, createdAt: now, updatedAt: now } })),
    stock: plan.stock.map((s) => ({ collection: STOCK, id: s.productId, data: { qty: s.qty, updatedAt: now } })),
    plans: plan.plans.map(({ planId, ...p }) => ({ collection: PLANS, id: planId, data: { ...p, updatedAt: now } })),
    orders: plan.orders.map((o) => ({ collection: ORDERS, id: o.orderId, data: o as unknown as Record<string, unknown> })),
    members: plan.members.map((m) => ({ collection: MEMBERS, id: m.userUid, data: { ...m } })),
    subscriptions: plan.subscriptions.map((s) => ({ collection: SUBSCRIPTIONS, id: s.email, data: { ...s } })),
  };
}

/** Which of the targets' documents exist (getAll in pages). */
async function existing(db: Firestore, list: readonly Target[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < list.length; i += 300) {
    const snaps = await db.getAll(...list.slice(i, i + 300).map((t) => db.collection(t.collection).doc(t.id)));
    for (const s of snaps) if (s.exists) found.add(`${s.ref.parent.id}/${s.id}`);
  }
  return found;
}

const key = (t: Target) => `${t.collection}/${t.id}`;

/** The dry run's second half: per kind, how many mapped records are new and how many exist already. */
export async function compareWithFirestore(db: Firestore, plan: ImportPlan, now: string): Promise<Existing> {
  const all = targets(plan, now);
  const out = {} as Existing;
  for (const [kind, list] of Object.entries(all) as [keyof Existing, Target[]][]) {
    const found = await existing(db, list);
    out[kind] = { new: list.length - list.filter((t) => found.has(key(t))).length, present: list.filter((t) => found.has(key(t))).length };
  }
  return out;
}

async function createAll(db: Firestore, list: readonly Target[], extra?: (batch: FirebaseFirestore.WriteBatch, t: Target) => void): Promise<number> {
  const found = await existing(db, list);
  const todo = list.filter((t) => !found.has(key(t)));
  for (let i = 0; i < todo.length; i += 400) {
    const batch = db.batch();
    for (const t of todo.slice(i, i + 400)) {
      batch.create(db.collection(t.collection).doc(t.id), t.data);
      extra?.(batch, t);
    }
    await batch.commit();
  }
  return todo.length;
}

/**
 * Orders with their numbers and the dashboard's totals, in one batch per page: an order and what it
 * adds to the totals land together or not at all, so a run that stops half way and runs again counts
 * every order once. No stock moves (the old shop's counts already net its sales) and no mail is made
 * (only documents of `mail` send one).
 */
async function createOrders(db: Firestore, orders: readonly OrderDoc[]): Promise<OrderDoc[]> {
  const created: OrderDoc[] = [];
  for (let i = 0; i < orders.length; i += ORDERS_PER_BATCH) {
    const page = orders.slice(i, i + ORDERS_PER_BATCH);
    for (let attempt = 0; ; attempt++) {
      const found = await existing(db, page.map((o) => ({ collection: ORDERS, id: o.orderId, data: {} })));
      const todo = page.filter((o) => !found.has(`${ORDERS}/${o.orderId}`));
      if (!todo.length) break;
      const batch = db.batch();
      for (const o of todo) {
        batch.create(db.collection(ORDERS).doc(o.orderId), o as unknown as Record<string, unknown>);
        batch.create(db.collection(ORDER_NUMBERS).doc(o.orderNo), { orderId: o.orderId, createdAt: o.createdAt });
      }
      for (const [path, fields] of placedOrderTotals(todo as unknown as Record<string, unknown>[], (n) => FieldValue.increment(n))) batch.set(db.doc(path), fields, { merge: true });
      try {
        await batch.commit();
        created.push(...todo);
        break;
      } catch (err) {
        // Another run created some of them meanwhile: read again and write the rest.
        if ((err as { code?: number }).code !== ALREADY_EXISTS || attempt >= 2) throw err;
      }
    }
  }
  return created;
}

/** Writes what is new; returns how many documents of each kind it created. */
export async function applyImport(db: Firestore, plan: ImportPlan, now: string): Promise<Record<keyof Existing, number>> {
  const all = targets(plan, now);
  const products = await createAll(db, all.products);
  // A new count is logged as a movement, like the owner's edits (stock/{id}/movements).
  const stock = await createAll(db, all.stock, (batch, t) =>
    batch.create(db.collection(STOCK).doc(t.id).collection('movements').doc('legacy-import'), { productId: t.id, before: 0, after: t.data.qty, delta: t.data.qty, reason: '自舊站匯入庫存', by: IMPORT_ACTOR, at: now }),
  );
  const plans = await createAll(db, all.plans, (batch, t) =>
    batch.set(db.collection(PLAN_PROGRESS).doc(t.id), { orders: 0, copies: 0, minQuantity: null, updatedAt: now }, { merge: true }),
  );
  const members = await createAll(db, all.members);
  const subscriptions = await createAll(db, all.subscriptions);
  const orders = await createOrders(db, plan.orders);
  // Campaign progress (the public count on the plan pages), recomputed from the plan's orders where
  // this run added some: a run that adds nothing changes nothing.
  const touched = new Set(orders.map((o) => o.planId).filter((id): id is string => id !== null));
  for (const p of plan.plans) if (touched.has(p.planId)) await recomputePlanProgress(p.planId, p.minQuantity ?? null, db);
  return { products, stock, plans, orders: orders.length, members, subscriptions };
}
