import type { StockAlertStatus } from '../contracts/stock-alerts';
import { db } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { MAIL } from './mail';

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

/**
 * Puts the alert in waiting, with its confirmation mail in the same transaction, unless it waits
 * already; true when it was (re)created.
 */
export async function putWaitingAlert(id: string, alert: AlertDoc & { nonce: string }, confirmation: () => ComposedMail): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(STOCK_ALERTS).doc(id);
  return firestore.runTransaction(async (tx) => {
    const old = (await tx.get(ref)).data() as AlertDoc | undefined;
    if (old?.status === 'waiting') return false;
    tx.set(ref, alert);
    tx.create(firestore.collection(MAIL).doc(`stockAlertConfirm-${id}-${alert.nonce}`), confirmation());
    return true;
  });
}

/**
 * Cancels a waiting alert of this registration (nonce); the alert as it was, or null when there is
 * none or it is a later registration than the link's.
 */
export async function cancelAlert(id: string, nonce: string): Promise<AlertDoc | null> {
  const firestore = await db();
  const ref = firestore.collection(STOCK_ALERTS).doc(id);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const a = snap.data() as AlertDoc;
    if ((a.nonce ?? '-') !== nonce) return null;
    if (a.status === 'waiting') tx.update(ref, { status: 'cancelled', cancelledAt: new Date().toISOString() });
    return a;
  });
}

/** Waiting alerts per book. */
export async function countWaitingAlerts(productIds: readonly string[]): Promise<Map<string, number>> {
  const col = (await db()).collection(STOCK_ALERTS);
  const counts = await Promise.all(productIds.map((id) => col.where('productId', '==', id).where('status', '==', 'waiting').count().get()));
  return new Map(productIds.map((id, i) => [id, counts[i]!.data().count]));
}

export async function listWaitingAlertIds(productId: string, limit = 500): Promise<string[]> {
  const snap = await (await db()).collection(STOCK_ALERTS).where('productId', '==', productId).where('status', '==', 'waiting').limit(limit).select().get();
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
