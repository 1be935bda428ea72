import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DocumentReference, DocumentSnapshot, Firestore, QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';

import type { ShopSettings } from '../contracts/settings';
import { ALLOC_DEADLINE_MS } from '../lib/deadlines';
import { config } from '../config';
import { db, firestoreNs } from '../lib/firebase';
import { logger } from '../lib/logger';
import { fitBatch, productsOf, type AllocationOp, type AllocationResult, type BatchPlan } from '../domain/allocation-plan';
import { MAIL } from '../data/mail';
import { newOrderNo } from '../data/order-number';
import { ORDER_NUMBERS, ORDERS, type OrderDoc } from '../data/orders';
import { PLAN_PROGRESS } from '../data/plans';
import { placedOrderTotals } from '../data/stats';
import { placementDelta } from '../stats/order-stats';
import { shopSettings } from '../data/settings';
import { declareQuery, shapedQuery } from '../data/query-shapes';
import { STOCK } from '../data/stock';
import { renderOrderMail } from '../mail/order-mails';
import { grpcCode as codeOf, isAlreadyExists } from '../lib/firestore-codes';

// The writes that take or return copies go through one queue in Firestore, drained by one allocator
// at a time, whichever process that is (docs/orders.md explains the choice and its measurements): a
// placement (stock, order, order number, mail, campaign progress), a status change that returns stock
// (cancelledUnpaid, refunded) and the owner's setting of counts. Status changes that move no stock
// (paid, shipped) and the delivery correction are small transactions of their own
// (functions/src/api/orders/order-status.ts), so they never wait behind a sale. The shop runs as many processes at once (Cloud Run instances; the Functions emulator
// starts a worker process per concurrent request), so nothing here keeps shared truth in memory:
//
// 1. A requester writes its op as allocQueue/{requestId} (create: an existing one is a concurrent retry,
//    which waits for it and then starts over), then waits for allocResults/{requestId}.
// 2. While it waits it tries to hold the lease allocLease/stock (create, or take over an expired one
//    with an update preconditioned on its update time). The holder drains the queue in batches.
// 3. A batch is plain reads and ONE batched write with preconditions: the lease (renewed), every stock
//    document and every order it changes (their update times as read), each request deleted (so it is
//    applied once), orders, order numbers, mails, movements, progress and results. A failed precondition
//    means another process moved: nothing was written, re-read and redo. Correctness never rests on the
//    lease; the lease only keeps allocators from fighting over the same documents.
// 4. A requester whose deadline comes withdraws its request (a delete that fails once it was applied),
//    so an answer of failure always means no order: no ghosts.

const QUEUE = 'allocQueue';
const RESULTS = 'allocResults';
const LEASE = 'allocLease';
const LEASE_DOC = 'stock';
const OLDEST_REQUESTS = declareQuery({ name: "the allocator's queue, oldest first (allocator/stock-allocator.ts)", collection: QUEUE, orderBy: [{ field: 'createdAt' }] });

/** How long a lease lasts without renewal; a crashed allocator blocks the queue at most this long. */
export const LEASE_MS = config().deadlines.leaseMs;
/** An allocator hands over after this long, so no request it holds waits on an endless burst. */
const MAX_HOLD_MS = 10_000;
/** Requests per batch; a batch also stops before Firestore's 500 writes per commit. */
export const MAX_OPS_PER_BATCH = 50;
const MAX_WRITES_PER_BATCH = 480;
/** A requester gives up (and withdraws) after this long: well inside the function's 60 s timeout. */
const REQUEST_DEADLINE_MS = ALLOC_DEADLINE_MS;
/** The longest pause between a waiter's polls of the lease and its request (results come by listener). */
const POLL_MAX_MS = 500;
/**
 * While the process's lease listener and a waiter's result listeners are live, the waiter still reads
 * its requests this often: a check that never decides anything the listeners do not (docs/orders.md).
 */
const SAFETY_POLL_MS = 3_000;
/** The lease listener outlives its last waiter this long, so a burst's next requests find it live. */
const LEASE_WATCH_IDLE_MS = 10_000;
/** Results are kept this long for late readers; a TTL policy on `expireAt` removes them (docs/orders.md). */
const RESULT_TTL_MS = 60 * 60_000;

/** Identifies this process as a lease holder (shown in allocLease/stock, used by the kill test). */
const HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
/**
 * Each taking of the lease has its own holder name: one process serves many requests at once (a Cloud Run
 * instance at concurrency 80, functions/src/server.ts), and a drain that lost its lease to another drain
 * of the same process must not take that one's lease for its own and go on beside it.
 */
const newHolder = () => `${HOLDER}:${randomBytes(4).toString('hex')}`;

/** A held lease: who holds it (allocLease/stock's `holder`) and its update time, the precondition of the next write. */
interface Held {
  holder: string;
  time: Timestamp;
}

/**
 * The commit of every allocator write; a test replaces it (tests/api/allocator.test.ts) to make an outcome
 * unknown: a commit applied whose answer is lost, or one refused with UNKNOWN.
 */
export const allocatorCommit = { run: (batch: FirebaseFirestore.WriteBatch) => batch.commit() };

interface QueuedDoc {
  op: AllocationOp;
  nonce: string;
  createdAt: number;
}

interface ResultDoc {
  nonce: string;
  result: AllocationResult;
  expireAt: Timestamp;
}

/**
 * What a submitted request turned into. `retry`: another request with the same id was pending; it is done
 * now, start over. `withdrawn`: not applied in time and taken off the queue, so it never will be: a
 * failure answer is true.
 */
export type Submitted = AllocationResult | { kind: 'retry' } | { kind: 'withdrawn' };


/** gRPC codes: 5 NOT_FOUND, 6 ALREADY_EXISTS, 9 FAILED_PRECONDITION, 10 ABORTED. */
const isRace = (err: unknown) => [5, 6, 9, 10].includes(codeOf(err) as number);
/**
 * A commit whose outcome is unknown: it may or may not have applied. 2 UNKNOWN (the Firestore emulator's
 * answer to some lost precondition races), 4 DEADLINE_EXCEEDED, 13 INTERNAL, 14 UNAVAILABLE (production's,
 * also after the SDK's own retries). The allocator reads what the write would have written, then goes on
 * from the truth.
 */
const isUnknownOutcome = (err: unknown) => [2, 4, 13, 14].includes(codeOf(err) as number);
/** Errors that no retry can cure: the data itself was refused (3 INVALID_ARGUMENT, 8 RESOURCE_EXHAUSTED for size). */
const isRefusal = (err: unknown) => [3, 8, 11].includes(codeOf(err) as number);

/**
 * A result is stored per request AND nonce: a later request under the same id (a retry queued after the
 * first was applied) must never overwrite the first one's result before its caller has read it.
 */
const resultId = (requestId: string, nonce: string) => `${requestId}~${nonce}`;

/** Request ids: one pending placement and one pending stock return per order; owner edits are unique. */
export function requestIdOf(op: AllocationOp): string {
  if (op.kind === 'place') return `place-${op.orderId}`;
  if (op.kind === 'return') return `return-${op.orderId}`;
  return `stock-${randomUUID()}`;
}

/**
 * Submits ops and waits for their results, draining the queue itself whenever it can hold the lease.
 * Results come back in the order of `ops`.
 */
export async function allocateAll(ops: AllocationOp[], deadlineMs?: number): Promise<Submitted[]> {
  const firestore = await db();
  const deadline = Date.now() + (deadlineMs ?? REQUEST_DEADLINE_MS);
  const queue = firestore.collection(QUEUE);
  const entries = ops.map((op) => ({ id: requestIdOf(op), nonce: randomUUID(), own: true, done: undefined as Submitted | undefined }));

  await Promise.all(
    entries.map(async (e, i) => {
      const doc: QueuedDoc = { op: ops[i]!, nonce: e.nonce, createdAt: Date.now() };
      try {
        await queue.doc(e.id).create(doc);
      } catch (err) {
        // The same request is already queued by another call (a double click, a retry): wait for it.
        if (isAlreadyExists(err)) e.own = false;
        else throw err;
      }
    }),
  );

  const leaseRef = firestore.collection(LEASE).doc(LEASE_DOC);
  // Each own request's result is listened for, so its caller answers as soon as a batch commits it,
  // instead of up to one poll later. The poll below stays (the lease, another call's request, and a
  // listener that failed), but slower: 200 waiters polling every ~0.2 s were most of the Firestore
  // traffic of a burst (docs/orders.md, Launch day).
  let wake: () => void = () => undefined;
  const listening = { failed: false };
  const unlisten = entries
    .filter((e) => e.own)
    .map((e) =>
      firestore
        .collection(RESULTS)
        .doc(resultId(e.id, e.nonce))
        .onSnapshot(
          (snap) => {
            const r = snap.data() as ResultDoc | undefined;
            if (r?.nonce === e.nonce && e.done === undefined) {
              e.done = r.result;
              wake();
            }
          },
          () => {
            // The poll below then decides alone, at its own pace.
            listening.failed = true;
            wake();
          },
        ),
    );
  const leaveWatch = joinLeaseWatch(leaseRef, () => wake());
  try {
    return await waitForResults(firestore, entries, leaseRef, queue, deadline, (w) => (wake = w), listening);
  } finally {
    leaveWatch();
    for (const stop of unlisten) stop();
  }
}

/**
 * One listener per process on the lease (allocLease/stock), shared by all its waiters: they learn that
 * the lease is free (released, or expired: a timer wakes them at its expiry) as soon as it is, instead
 * of each polling it. It decides nothing alone: a waiter takes the lease with a write preconditioned
 * on the version the listener saw, as on one it read itself.
 */
const leaseWatch = {
  users: 0,
  snap: undefined as DocumentSnapshot | undefined,
  wakers: new Set<() => void>(),
  stop: undefined as (() => void) | undefined,
  expiry: undefined as NodeJS.Timeout | undefined,
  idle: undefined as NodeJS.Timeout | undefined,
  /** A drain (or the taking of the lease) under way in this process: its other waiters leave the lease to it. */
  busy: false,
};

function wakeWaiters() {
  for (const w of leaseWatch.wakers) w();
}

function stopLeaseWatch() {
  leaseWatch.stop?.();
  leaseWatch.stop = undefined;
  leaseWatch.snap = undefined;
  clearTimeout(leaseWatch.expiry);
}

/** Joins the process's lease listener (starting it if needed); returns how to leave it. */
function joinLeaseWatch(leaseRef: DocumentReference, wake: () => void): () => void {
  leaseWatch.wakers.add(wake);
  leaseWatch.users++;
  clearTimeout(leaseWatch.idle);
  if (!leaseWatch.stop) {
    leaseWatch.stop = leaseRef.onSnapshot(
      (snap) => {
        leaseWatch.snap = snap;
        clearTimeout(leaseWatch.expiry);
        if (snap.exists) {
          // A dead holder's lease is free from its expiry on: wake the waiters then.
          const expiresAt = (snap.data() as { expiresAt?: number } | undefined)?.expiresAt ?? 0;
          leaseWatch.expiry = setTimeout(wakeWaiters, Math.max(0, expiresAt - Date.now()) + 1);
          leaseWatch.expiry.unref?.();
        }
        wakeWaiters();
      },
      () => {
        // The waiters poll again until a new waiter starts another listener.
        stopLeaseWatch();
        wakeWaiters();
      },
    );
  }
  return () => {
    leaseWatch.wakers.delete(wake);
    if (--leaseWatch.users > 0) return;
    leaseWatch.idle = setTimeout(() => leaseWatch.users === 0 && stopLeaseWatch(), LEASE_WATCH_IDLE_MS);
    leaseWatch.idle.unref?.();
  };
}

type Entry = { id: string; nonce: string; own: boolean; done: Submitted | undefined };

async function waitForResults(
  firestore: Firestore,
  entries: Entry[],
  leaseRef: DocumentReference,
  queue: FirebaseFirestore.CollectionReference,
  deadline: number,
  onWake: (wake: () => void) => void,
  listening: { failed: boolean },
): Promise<Submitted[]> {
  let pause = 15;
  let nextPoll = 0;
  // (The first poll also tells whether the lease is free: one round trip for both.)
  for (;;) {
    const pending = entries.filter((e) => e.done === undefined);
    if (!pending.length) break;
    if (Date.now() > deadline) {
      await withdraw(firestore, pending);
      break;
    }
    // The listeners (each own request's result, the process's lease) tell everything a poll would, so
    // while they are live a waiter reads its requests only every SAFETY_POLL_MS; without them (not yet
    // live, failed, or another call's request to wait on) it polls as before, from 15 ms up to POLL_MAX_MS.
    const watched = leaseWatch.snap !== undefined && !listening.failed && pending.every((e) => e.own);
    let lease = leaseWatch.snap;
    if (!watched || Date.now() >= nextPoll) {
      const snaps = await firestore.getAll(leaseRef, ...pending.flatMap((e) => [queue.doc(e.id), firestore.collection(RESULTS).doc(resultId(e.id, e.nonce))]));
      pending.forEach((e, i) => {
        const request = snaps[1 + 2 * i]!;
        const result = snaps[2 + 2 * i]!;
        const r = result.data() as ResultDoc | undefined;
        // The batch that applies a request deletes it and writes its result at once, and getAll reads one
        // snapshot: a request that is gone without our result was another call's (now done), so start over.
        if (e.own && r?.nonce === e.nonce) e.done = r.result;
        else if (!request.exists) e.done = e.own ? { kind: 'withdrawn' } : { kind: 'retry' };
      });
      if (entries.every((e) => e.done !== undefined)) break;
      lease = snaps[0]!;
      nextPoll = Date.now() + SAFETY_POLL_MS;
    }

    // One taking of the lease at a time per process: a drain serves every request queued, whoever
    // queued it, so the process's other waiters leave the lease to it rather than race it in vain.
    if (lease && leaseIsFree(lease) && !leaseWatch.busy) {
      leaseWatch.busy = true;
      try {
        const held = await acquireLease(firestore, leaseRef, lease);
        if (held) {
          // What this drain committed is known without another read. A drain that failed (the lease is
          // released, the requests stay queued) is no answer: the requests are read again, and the
          // deadline still withdraws them, so a buyer never gets an error for an order that lands.
          const applied = await drain(firestore, leaseRef, held).catch((err: unknown) => {
            logger.warn('allocator drain failed; its requests stay queued', { error: String((err as Error)?.message ?? err).slice(0, 300) });
            return new Map<string, ResultDoc>();
          });
          for (const e of entries) {
            const r = applied.get(resultId(e.id, e.nonce));
            if (e.done === undefined && e.own && r?.nonce === e.nonce) e.done = r.result;
          }
          pause = 15;
          nextPoll = 0;
          continue;
        }
      } finally {
        leaseWatch.busy = false;
        // The others left the lease to this one: they look again now (it is released, or another holds it).
        wakeWaiters();
      }
    }
    // Until the next poll, a listener's news (a result, the lease changed), or the deadline.
    const wait = watched ? Math.max(0, Math.min(nextPoll, deadline + 1) - Date.now()) : pause + Math.random() * pause;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      onWake(() => {
        // Polling, only the last result ends the pause early (as before the listeners' news was used).
        if (!watched && !entries.every((e) => e.done !== undefined)) return;
        clearTimeout(timer);
        resolve();
      });
    });
    if (!watched) pause = Math.min(POLL_MAX_MS, pause * 1.5);
  }
  return entries.map((e) => e.done ?? { kind: 'retry' });
}

export async function allocate(op: AllocationOp, deadlineMs?: number): Promise<Submitted> {
  return (await allocateAll([op], deadlineMs))[0]!;
}

/**
 * Takes requests that were not applied in time off the queue, or collects the result of one applied
 * meanwhile. A call waiting on another call's request (the same orderId) withdraws that one too: both
 * callers then answer a failure, and both are true, since nothing of it will ever be applied.
 */
async function withdraw(firestore: Firestore, pending: Entry[]) {
  await Promise.all(
    pending.map(async (e) => {
      const ref = firestore.collection(QUEUE).doc(e.id);
      // A delete whose outcome is unknown is read again: answering "withdrawn" while the request may
      // still be queued would let a later batch make an order its buyer was told failed.
      for (let tries = 0; ; tries++) {
        const snap = await ref.get();
        if (!snap.exists) break;
        try {
          // Preconditioned on the version read: an allocator's batch that read it fails and redoes without it.
          await ref.delete({ lastUpdateTime: snap.updateTime! });
          e.done = { kind: 'withdrawn' };
          return;
        } catch (err) {
          if (isRace(err)) break;
          if (!isUnknownOutcome(err) || tries >= 4) throw err;
        }
      }
      const r = (await firestore.collection(RESULTS).doc(resultId(e.id, e.nonce)).get()).data() as ResultDoc | undefined;
      if (e.own && r?.nonce === e.nonce) e.done = r.result;
      else e.done = e.own ? { kind: 'withdrawn' } : { kind: 'retry' };
    }),
  );
}

/** Whether a lease read at `now` may be taken: none, or expired strictly before now (a lease is good through its expiresAt). */
export function leaseIsFree(lease: Pick<DocumentSnapshot, 'exists' | 'data'>, now = Date.now()): boolean {
  if (!lease.exists) return true;
  const expiresAt = (lease.data() as { expiresAt?: number } | undefined)?.expiresAt ?? 0;
  return expiresAt < now;
}

/** Takes the lease; resolves with it held, or null when another process (or drain) won. */
async function acquireLease(firestore: Firestore, ref: DocumentReference, seen: DocumentSnapshot): Promise<Held | null> {
  const holder = newHolder();
  const data = { holder, expiresAt: Date.now() + LEASE_MS, acquiredAt: new Date().toISOString() };
  if (seen.exists) {
    // A takeover: the holder before stopped renewing (it died, or one of its batches outlived the lease).
    // Logged, since two allocators then race on the same documents until the old one's commit fails.
    const old = seen.data() as { holder?: string; expiresAt?: number } | undefined;
    logger.info('allocator lease taken over', { from: old?.holder, expiredMs: Date.now() - (old?.expiresAt ?? 0) });
  }
  try {
    const batch = firestore.batch();
    if (seen.exists) batch.update(ref, data, { lastUpdateTime: seen.updateTime! });
    else batch.create(ref, data);
    const w = await allocatorCommit.run(batch);
    return { holder, time: w[0]!.writeTime };
  } catch (err) {
    if (isRace(err)) return null;
    if (!isUnknownOutcome(err)) throw err;
    // Whether the lease was taken is in the lease itself.
    const now = await ref.get();
    return now.exists && (now.data() as { holder?: string }).holder === holder ? { holder, time: now.updateTime! } : null;
  }
}

/** The lease as now stored, if it is still this drain's. */
async function stillHeld(leaseRef: DocumentReference, holder: string, snap?: DocumentSnapshot): Promise<Held | null> {
  const l = snap ?? (await leaseRef.get());
  return l.exists && (l.data() as { holder?: string }).holder === holder ? { holder, time: l.updateTime! } : null;
}

/** Drains the queue while holding the lease, then releases it. Resolves with the results it committed. */
async function drain(firestore: Firestore, leaseRef: DocumentReference, acquired: Held): Promise<Map<string, ResultDoc>> {
  let lease: Held | null = acquired;
  const until = Date.now() + MAX_HOLD_MS;
  const applied = new Map<string, ResultDoc>();
  try {
    while (lease && Date.now() < until) {
      const snap = await shapedQuery(firestore, OLDEST_REQUESTS, []).limit(MAX_OPS_PER_BATCH).get();
      if (snap.empty) break;
      lease = await commitRequests(firestore, leaseRef, lease, snap.docs, applied);
    }
  } finally {
    // Released (never left to expire) whenever this drain still holds it, so no waiter waits it out.
    if (lease) await release(leaseRef, lease);
  }
  return applied;
}

/** Deletes the lease if it is still this drain's (a delete whose outcome is unknown is as good: the next waiter reads it). */
async function release(leaseRef: DocumentReference, lease: Held) {
  await leaseRef.delete({ lastUpdateTime: lease.time }).catch(async (err: unknown) => {
    if (!isRace(err)) return;
    // Renewed by a commit whose answer was lost: still ours by name, so released by its current version.
    const now = await stillHeld(leaseRef, lease.holder).catch(() => null);
    if (now) await leaseRef.delete({ lastUpdateTime: now.time }).catch(() => undefined);
  });
}

interface Read {
  orders: Map<string, OrderDoc>;
  orderTimes: Map<string, Timestamp>;
  qty: Map<string, number>;
  stockTimes: Map<string, Timestamp | null>;
  freeNumbers: string[];
  planCopies: Map<string, number>;
}

function readQty(data: unknown): number {
  const q = (data as { qty?: unknown } | undefined)?.qty;
  return typeof q === 'number' && Number.isFinite(q) ? Math.max(0, Math.floor(q)) : 0;
}

async function readState(firestore: Firestore, ops: AllocationOp[], now: Date): Promise<Read> {
  const orderIds = [...new Set(ops.flatMap((op) => (op.kind === 'setStock' ? [] : [op.orderId])))];
  const placeCount = ops.filter((op) => op.kind === 'place').length;
  const draw = (n: number) => [...new Set(Array.from({ length: n + 2 }, () => newOrderNo(now)))];
  const read: Read = { orders: new Map(), orderTimes: new Map(), qty: new Map(), stockTimes: new Map(), freeNumbers: [], planCopies: new Map() };

  const getAll = async (refs: DocumentReference[]) => (refs.length ? firestore.getAll(...refs) : []);
  const readStock = (snaps: DocumentSnapshot[]) =>
    snaps.forEach((s) => {
      read.qty.set(s.id, s.exists ? readQty(s.data()) : 0);
      read.stockTimes.set(s.id, s.exists ? s.updateTime! : null);
    });
  const readNumbers = (snaps: DocumentSnapshot[]) => snaps.forEach((s) => !s.exists && !read.freeNumbers.includes(s.id) && read.freeNumbers.push(s.id));

  // One round trip for the orders, the placements' stock and number candidates; a second only for the
  // books of orders being cancelled (known once the orders are read) or after a number collision.
  const stockIds = [...new Set(ops.flatMap((op) => productsOf(op)))];
  const candidates = draw(placeCount);
  // The copies of the pay-after-成團 campaigns placed in (domain/allocation-plan.ts decides who waits).
  const payAfterPlans = [...new Set(ops.flatMap((op) => (op.kind === 'place' && op.template.payAfter && op.template.planId ? [op.template.planId] : [])))];
  const snaps = await getAll([
    ...orderIds.map((id) => firestore.collection(ORDERS).doc(id)),
    ...stockIds.map((id) => firestore.collection(STOCK).doc(id)),
    ...candidates.map((n) => firestore.collection(ORDER_NUMBERS).doc(n)),
    ...payAfterPlans.map((id) => firestore.collection(PLAN_PROGRESS).doc(id)),
  ]);
  const progressAt = snaps.length - payAfterPlans.length;
  payAfterPlans.forEach((id, i) => read.planCopies.set(id, readQty({ qty: (snaps[progressAt + i]!.data() as { copies?: unknown } | undefined)?.copies })));
  snaps.slice(0, orderIds.length).forEach((s) => {
    if (!s.exists) return;
    read.orders.set(s.id, s.data() as OrderDoc);
    read.orderTimes.set(s.id, s.updateTime!);
  });
  readStock(snaps.slice(orderIds.length, orderIds.length + stockIds.length));
  readNumbers(snaps.slice(orderIds.length + stockIds.length, progressAt));

  const more = [...new Set(ops.flatMap((op) => productsOf(op, read.orders)))].filter((id) => !read.qty.has(id));
  if (more.length) readStock(await getAll(more.map((id) => firestore.collection(STOCK).doc(id))));
  for (let round = 0; read.freeNumbers.length < placeCount && round < 5; round++) {
    readNumbers(await getAll(draw(placeCount - read.freeNumbers.length).map((n) => firestore.collection(ORDER_NUMBERS).doc(n))));
  }
  return read;
}

type FirestoreNs = Awaited<ReturnType<typeof firestoreNs>>;

/** The dashboard totals' documents that writePlan adds for the orders a plan creates (one per period and campaign). */
const placementWrites = (plan: BatchPlan) => placementDelta(plan.createOrders as unknown as Record<string, unknown>[]).size;

/** Adds every write of a plan to the batch: each order and count preconditioned on the version read. */
function writePlan(firestore: Firestore, batch: FirebaseFirestore.WriteBatch, plan: BatchPlan, read: Read, ns: FirestoreNs, settings: ShopSettings, nowIso: string) {
  const { increment } = ns.FieldValue;
  // The orders come with what they add to the dashboard's totals, in this batch: the owner sees a launch
  // as it sells, not when the orderStats trigger's queue of events catches up (docs/orders.md). One
  // shard per batch, chosen by its first order, spreads a launch's batches over the shards.
  for (const o of plan.createOrders) batch.create(firestore.collection(ORDERS).doc(o.orderId), { ...o, statsCounted: true });
  if (plan.createOrders.length) {
    for (const [path, fields] of placedOrderTotals(plan.createOrders as unknown as Record<string, unknown>[], (n) => increment(n), plan.createOrders[0]!.orderId)) {
      batch.set(firestore.doc(path), fields, { merge: true });
    }
  }
  for (const n of plan.numbers) batch.create(firestore.collection(ORDER_NUMBERS).doc(n.orderNo), { orderId: n.orderId, createdAt: nowIso });
  for (const o of plan.updateOrders) batch.update(firestore.collection(ORDERS).doc(o.orderId), { ...o }, { lastUpdateTime: read.orderTimes.get(o.orderId)! });
  for (const [productId, qty] of plan.stock) {
    const ref = firestore.collection(STOCK).doc(productId);
    const seen = read.stockTimes.get(productId);
    if (seen) batch.update(ref, { qty, updatedAt: nowIso }, { lastUpdateTime: seen });
    else batch.create(ref, { qty, updatedAt: nowIso });
  }
  for (const [planId, p] of plan.progress) {
    batch.set(firestore.collection(PLAN_PROGRESS).doc(planId), { orders: increment(p.orders), copies: increment(p.copies), updatedAt: nowIso }, { merge: true });
  }
  for (const m of plan.movements) batch.create(firestore.collection(STOCK).doc(m.productId).collection('movements').doc(), m);
  for (const [id, { mail, order }] of plan.mails) batch.set(firestore.collection(MAIL).doc(id), { ...renderOrderMail(mail, order, settings), createdAt: nowIso });
}

/** A batch ready to commit: the requests it applies (a prefix of those queued) and their results. */
function prepareBatch(firestore: Firestore, leaseRef: DocumentReference, lease: Held, docs: QueryDocumentSnapshot[], read: Read, now: Date, ns: FirestoreNs, settings: ShopSettings) {
  const ops = docs.map((d) => (d.data() as QueuedDoc).op);
  // Too many writes for one commit: the plan takes fewer requests (the rest stay queued for the next batch).
  const { plan, take } = fitBatch(ops, read, now, MAX_WRITES_PER_BATCH, placementWrites);
  const batchDocs = docs.slice(0, take);
  const expireAt = ns.Timestamp.fromMillis(now.getTime() + RESULT_TTL_MS);
  const batch = firestore.batch();
  batch.update(leaseRef, { expiresAt: Date.now() + LEASE_MS }, { lastUpdateTime: lease.time });
  const results = batchDocs.map((d, i) => {
    batch.delete(d.ref, { lastUpdateTime: d.updateTime });
    const result: ResultDoc = { nonce: (d.data() as QueuedDoc).nonce, result: plan.results[i]!, expireAt };
    const id = resultId(d.id, result.nonce);
    batch.set(firestore.collection(RESULTS).doc(id), result);
    return [id, result] as const;
  });
  writePlan(firestore, batch, plan, read, ns, settings, now.toISOString());
  return { batch, batchDocs, results };
}

/**
 * Applies up to one batch of queued requests in one preconditioned batched write. Resolves with the
 * lease renewed, or null when the lease was lost (another drain took over) or given up.
 */
async function commitRequests(
  firestore: Firestore,
  leaseRef: DocumentReference,
  lease: Held,
  docs: QueryDocumentSnapshot[],
  applied: Map<string, ResultDoc>,
): Promise<Held | null> {
  const ns = await firestoreNs();
  const settings = await shopSettings();

  for (let attempt = 0; attempt < 5; attempt++) {
    const now = new Date();
    const began = performance.now();
    const read = await readState(firestore, docs.map((d) => (d.data() as QueuedDoc).op), now);
    const { batch, batchDocs, results } = prepareBatch(firestore, leaseRef, lease, docs, read, now, ns, settings);
    const committing = performance.now();
    try {
      const writes = await allocatorCommit.run(batch);
      // The queue's age, for the alert on a stuck allocator (docs/operations.md).
      const oldest = Math.min(...batchDocs.map((d) => (d.data() as QueuedDoc).createdAt));
      // How long its reads (and plan) and its commit took: where a slow burst's time goes (docs/orders.md, Launch day).
      const readMs = Math.round(committing - began);
      const commitMs = Math.round(performance.now() - committing);
      logger.info('allocator batch', { requests: batchDocs.length, oldestQueuedMs: Date.now() - oldest, redos: attempt, readMs, commitMs });
      for (const [id, r] of results) applied.set(id, r);
      const renewed = { holder: lease.holder, time: writes[0]!.writeTime };
      if (batchDocs.length < docs.length) return commitRequests(firestore, leaseRef, renewed, docs.slice(batchDocs.length), applied);
      return renewed;
    } catch (err) {
      const unknown = isUnknownOutcome(err);
      if (isRace(err) || unknown) {
        // Someone else moved (a withdrawn request, a takeover of our lease), or the commit's answer was
        // lost. The truth is in Firestore: a request applied (by this batch or another) is gone from the
        // queue and its result is stored; one still queued is redone while the lease is still this drain's.
        if (unknown) logger.warn('allocator batch outcome unknown; reading what it would have written', { code: codeOf(err), requests: batchDocs.length });
        const snaps = await firestore.getAll(leaseRef, ...docs.flatMap((d) => [d.ref, firestore.collection(RESULTS).doc(resultId(d.id, (d.data() as QueuedDoc).nonce))]));
        const still: QueryDocumentSnapshot[] = [];
        docs.forEach((d, i) => {
          const queued = snaps[1 + 2 * i]!;
          const r = snaps[2 + 2 * i]!.data() as ResultDoc | undefined;
          if (r && r.nonce === (d.data() as QueuedDoc).nonce) applied.set(resultId(d.id, r.nonce), r);
          else if (queued.exists) still.push(queued as QueryDocumentSnapshot);
        });
        const held = await stillHeld(leaseRef, lease.holder, snaps[0]);
        if (!held) return null;
        lease = held;
        docs = still;
        if (!docs.length) return lease;
        continue;
      }
      if (!isRefusal(err)) throw err;
      // Firestore refused the data of some op: split the batch so that the other ops still commit,
      // and answer the op that cannot be written on its own.
      if (docs.length > 1) {
        const half = Math.ceil(docs.length / 2);
        const mid = await commitRequests(firestore, leaseRef, lease, docs.slice(0, half), applied);
        return mid && commitRequests(firestore, leaseRef, mid, docs.slice(half), applied);
      }
      return rejectRequest(firestore, leaseRef, lease, docs[0]!, err, applied);
    }
  }
  // Five redos in a row: leave the requests queued and hand the lease to whoever comes next, released
  // now rather than left to expire.
  await release(leaseRef, lease);
  return null;
}

async function rejectRequest(
  firestore: Firestore,
  leaseRef: DocumentReference,
  lease: Held,
  doc: QueryDocumentSnapshot,
  err: unknown,
  applied: Map<string, ResultDoc>,
): Promise<Held | null> {
  const { Timestamp: Ts } = await firestoreNs();
  const batch = firestore.batch();
  batch.update(leaseRef, { expiresAt: Date.now() + LEASE_MS }, { lastUpdateTime: lease.time });
  batch.delete(doc.ref, { lastUpdateTime: doc.updateTime });
  const message = String((err as Error)?.message ?? err).slice(0, 300);
  const result: ResultDoc = { nonce: (doc.data() as QueuedDoc).nonce, result: { kind: 'rejected', message }, expireAt: Ts.fromMillis(Date.now() + RESULT_TTL_MS) };
  const id = resultId(doc.id, result.nonce);
  batch.set(firestore.collection(RESULTS).doc(id), result);
  try {
    const writeTime = (await allocatorCommit.run(batch))[0]!.writeTime;
    applied.set(id, result);
    return { holder: lease.holder, time: writeTime };
  } catch (e) {
    if (isRace(e)) return null;
    if (!isUnknownOutcome(e)) throw e;
    // Read what it would have written; the request's waiter reads its result (or it is rejected again).
    const [l, r] = await firestore.getAll(leaseRef, firestore.collection(RESULTS).doc(id));
    if ((r!.data() as ResultDoc | undefined)?.nonce === result.nonce) applied.set(id, result);
    return stillHeld(leaseRef, lease.holder, l);
  }
}

/**
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 * Drains whatever is queued, if no one else is: the scheduled backstop for requests whose requester
 * died before anyone drained them (a later request drains them anyway; this bounds the wait when none comes).
 */
export async function drainAllocations(): Promise<{ oldestQueuedMs: number; drained: number }> {
  const firestore = await db();
  const leaseRef = firestore.collection(LEASE).doc(LEASE_DOC);
  const [lease, oldest] = await Promise.all([leaseRef.get(), shapedQuery(firestore, OLDEST_REQUESTS, []).limit(1).get()]);
  // How long the oldest request has waited (0: the queue is empty), logged by the scheduled job.
  const createdAt = oldest.empty ? Date.now() : (oldest.docs[0]!.data() as QueuedDoc).createdAt;
  const oldestQueuedMs = Date.now() - createdAt;
  if (oldest.empty || !leaseIsFree(lease)) return { oldestQueuedMs, drained: 0 };
  const held = await acquireLease(firestore, leaseRef, lease);
  return { oldestQueuedMs, drained: held ? (await drain(firestore, leaseRef, held)).size : 0 };
}
