import type { StockAlertStatus } from '../contracts/stock-alerts';
import { db } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { MAIL } from './mail';
import { declareQuery, shapedQuery } from './query-shapes';
import { cancelSignUp, putWaitingSignUp } from './sign-ups';

// stockAlerts/{productId}__{hash of email}: one alert per email and book (the id makes it so, across
// instances). A waiting alert is spent in the transaction that writes its mail, so two restocks at
// once still mail once.

const STOCK_ALERTS = 'stockAlerts';

export interface AlertDoc {
  productId: string;
  email: string;
  status: StockAlertStatus;
  createdAt: string;
  sentAt?: string;
  /** Random per registration; the cancel links carry it (alerts from before it have none). */
  nonce?: string;
}

/** Puts the alert in waiting with its confirmation mail, unless it waits already (data/sign-ups.ts). */
export const putWaitingAlert = (id: string, alert: AlertDoc & { nonce: string }, confirmation: () => ComposedMail): Promise<boolean> =>
  putWaitingSignUp(STOCK_ALERTS, id, alert, { id: `stockAlertConfirm-${id}-${alert.nonce}`, doc: confirmation });

/** Cancels a waiting alert of this registration (nonce); the alert as it was, or null (data/sign-ups.ts). */
export const cancelAlert = (id: string, nonce: string, at: string): Promise<AlertDoc | null> => cancelSignUp<AlertDoc>(STOCK_ALERTS, id, nonce, at);

const WAITING_OF_BOOK = declareQuery({
  name: "a book's waiting alerts (data/stock-alerts.ts countWaitingAlerts, listWaitingAlertIds)",
  collection: STOCK_ALERTS,
  where: [{ field: 'productId', op: '==' }, { field: 'status', op: '==' }],
});

/** Waiting alerts per book. */
export async function countWaitingAlerts(productIds: readonly string[]): Promise<Map<string, number>> {
  const firestore = await db();
  const counts = await Promise.all(productIds.map((id) => shapedQuery(firestore, WAITING_OF_BOOK, [id, 'waiting']).count().get()));
  return new Map(productIds.map((id, i) => [id, counts[i]!.data().count]));
}

export async function listWaitingAlertIds(productId: string, limit = 500): Promise<string[]> {
  const snap = await shapedQuery(await db(), WAITING_OF_BOOK, [productId, 'waiting']).limit(limit).select().get();
  return snap.docs.map((d) => d.id);
}

/** Spends a waiting alert and writes its mail in one transaction; false when it no longer waits. */
export async function spendAlert(id: string, mailFor: (alert: AlertDoc) => ComposedMail): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(STOCK_ALERTS).doc(id);
  return firestore.runTransaction(async (tx) => {
    const a = (await tx.get(ref)).data() as AlertDoc | undefined;
    if (a?.status !== 'waiting') return false;
    tx.create(firestore.collection(MAIL).doc(`stockAlert-${id}-${Date.now()}`), mailFor(a));
    tx.update(ref, { status: 'sent', sentAt: new Date().toISOString() });
    return true;
  });
}
