import { db } from '../lib/firebase';
import type { ComposedMail as OutgoingMail } from '../mail/mail-doc';
import { MAIL } from './mail';

export interface SubscriptionRecord {
  email: string;
  status: 'active' | 'unsubscribed';
  /** Bumped on every (re)subscription; a signed link names the version it was made for. */
  version: number;
  subscribedAt: string;
  unsubscribedAt: string | null;
  updatedAt: string;
}

export type { ComposedMail as OutgoingMail } from '../mail/mail-doc';

const doc = async (email: string) => (await db()).collection('subscriptions').doc(email);

/**
 * Subscribes an address, in one transaction with its confirmation mail. An address already active
 * is left as it is and gets no second mail. `makeMail` receives the version the new link must name.
 */
export async function subscribe(email: string, makeMail: (version: number) => OutgoingMail): Promise<{ created: boolean; version: number }> {
  const firestore = await db();
  const ref = await doc(email);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const current = snap.exists ? (snap.data() as SubscriptionRecord) : null;
    if (current?.status === 'active') return { created: false, version: current.version };
    const now = new Date().toISOString();
    const version = (current?.version ?? 0) + 1;
    const record: SubscriptionRecord = { email, status: 'active', version, subscribedAt: now, unsubscribedAt: null, updatedAt: now };
    tx.set(ref, record);
    tx.create(firestore.collection(MAIL).doc(), { ...makeMail(version), kind: 'newsletter-welcome', createdAt: now });
    return { created: true, version };
  });
}

export type CancelOutcome = 'cancelled' | 'used' | 'unknown';

/** Unsubscribes when the link's version is the address's current, active subscription. */
export async function cancelSubscription(email: string, version: number): Promise<CancelOutcome> {
  const firestore = await db();
  const ref = await doc(email);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return 'unknown';
    const current = snap.data() as SubscriptionRecord;
    if (current.version !== version || current.status !== 'active') return 'used';
    const now = new Date().toISOString();
    tx.update(ref, { status: 'unsubscribed', unsubscribedAt: now, updatedAt: now });
    return 'cancelled';
  });
}

/**
 * The addresses among `emails` that unsubscribed from the shop's mail (subscriptions are keyed by the
 * lower-cased address, functions/src/api/content/service.ts): the reminders are not sent to them.
 */
export async function unsubscribedAmong(emails: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  if (!keys.length) return new Set();
  const firestore = await db();
  const snaps = await firestore.getAll(...keys.map((k) => firestore.collection('subscriptions').doc(k)));
  return new Set(snaps.filter((s) => s.exists && (s.data() as SubscriptionRecord).status === 'unsubscribed').map((s) => s.id));
}
