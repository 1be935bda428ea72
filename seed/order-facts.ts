import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Cancellation, OrderDoc, PaymentFact } from '../functions/src/domain/order';

// The typed facts of an order (functions/src/domain/order.ts: `payment`, `cancellation`) for orders
// written before they existed, which kept them only as Chinese history notes. This is the one place that
// reads those notes, once, to turn them into fields; the code serving the shop reads only the fields.
// Safe to repeat: an order that has its fields (or has nothing to derive) is left alone, and each write
// is conditional on the document being unchanged since it was read (a change meanwhile is picked up by
// the next run). `updatedAt` and the history stay as they are, so the API answers the same.

/** The payment note as functions/src/domain/order.ts paymentNote wrote it: digits, then how they relate. */
const PAYMENT_NOTE = /帳號末五碼 (\d{5})(（由其他帳戶匯款[^）]*）|（訂購時未填）)?/;
const FAILED_NOTE = '流團：活動未成團，訂單取消';

type Stored = Pick<OrderDoc, 'status' | 'statusHistory' | 'totalPrice' | 'planId' | 'legacy' | 'payment' | 'cancellation'>;

/** The confirmed payment the history notes, if any (the amount was checked to be the order's total). */
function paymentOf(o: Stored): PaymentFact | null {
  const paid = o.statusHistory.filter((h) => h.status === 'preparing').at(-1);
  const m = paid ? PAYMENT_NOTE.exec(paid.note ?? '') : null;
  if (!m) return null;
  const account = m[2]?.startsWith('（由其他帳戶') ? 'other' : m[2] ? 'unstated' : 'order';
  return { digits: m[1]!, amount: o.totalPrice, account };
}

/** Why a cancelled or refunded order ended, from who moved it there and what the note said. */
function cancellationOf(o: Stored, decidedAt: (planId: string) => Promise<string | null>): Promise<Cancellation | null> | Cancellation | null {
  if (o.status !== 'cancelledUnpaid' && o.status !== 'refunded') return null;
  const end = o.statusHistory.filter((h) => h.status === o.status).at(-1);
  if (o.legacy && (!end || end.by.startsWith('import'))) return { reason: 'imported' };
  if (!end) return { reason: 'system' };
  if (end.note === FAILED_NOTE && o.planId) {
    const planId = o.planId;
    return decidedAt(planId).then((d) => ({ reason: 'campaignFailed', planId, decidedAt: d ?? end.at }));
  }
  if (end.by === 'system:sweep') return { reason: 'overdue' };
  return { reason: end.by.startsWith('owner:') ? 'owner' : 'system' };
}

/** The fields an order lacks and its history tells, or null when there is nothing to add. */
async function missingFacts(o: Stored, decidedAt: (planId: string) => Promise<string | null>): Promise<Partial<Pick<OrderDoc, 'payment' | 'cancellation'>> | null> {
  const payment = o.payment ? null : paymentOf(o);
  const cancellation = o.cancellation ? null : await cancellationOf(o, decidedAt);
  if (!payment && !cancellation) return null;
  return { ...(payment ? { payment } : {}), ...(cancellation ? { cancellation } : {}) };
}

/** Adds the typed facts to every order that lacks them; returns how many orders were read and written. */
export async function migrateOrderFacts(db: Firestore, pageSize = 300): Promise<{ orders: number; updated: number }> {
  const decisions = new Map<string, Promise<string | null>>();
  const decidedAt = (planId: string) => {
    if (!decisions.has(planId)) decisions.set(planId, db.doc(`groupBuyingPlans/${planId}`).get().then((s) => (s.get('decision.at') as string | undefined) ?? null));
    return decisions.get(planId)!;
  };
  let orders = 0;
  let updated = 0;
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let q = db.collection('orders').orderBy('__name__').limit(pageSize);
    if (after) q = q.startAfter(after);
    const page = await q.get();
    orders += page.size;
    const writes = await Promise.all(
      page.docs.map(async (snap) => {
        const facts = await missingFacts(snap.data() as Stored, decidedAt);
        if (!facts) return 0;
        // Written only if nothing changed the order since it was read.
        return snap.ref.update(facts, { lastUpdateTime: snap.updateTime }).then(
          () => 1,
          () => 0,
        );
      }),
    );
    updated += writes.reduce<number>((a, b) => a + b, 0);
    if (page.size < pageSize) break;
    after = page.docs.at(-1);
  }
  return { orders, updated };
}
