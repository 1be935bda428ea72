import { db } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { MAIL } from './mail';

// The email sign-ups with a signed cancel link (stockAlerts/, data/stock-alerts.ts; closeReminders/,
// data/close-reminders.ts): putting one in waiting and cancelling one, said once. Each document has
// `status` and the registration's random `nonce`; its id (one per email and subject) is the caller's.

interface SignUpDoc {
  status: string;
  createdAt: string;
  /** Random per registration; the cancel links carry it (stock alerts from before it have none). */
  nonce?: string;
}

/**
 * Puts the sign-up in waiting, with its confirmation mail (when given, under `mail.id`) in the same
 * transaction, unless it waits already; true when it was (re)created.
 */
export async function putWaitingSignUp(collection: string, id: string, signUp: SignUpDoc, mail: { id: string; doc: () => ComposedMail & { kind?: string; createdAt?: string } } | null): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(collection).doc(id);
  return firestore.runTransaction(async (tx) => {
    const old = (await tx.get(ref)).data() as SignUpDoc | undefined;
    if (old?.status === 'waiting') return false;
    tx.set(ref, signUp);
    if (mail) tx.create(firestore.collection(MAIL).doc(mail.id), mail.doc());
    return true;
  });
}

/**
 * Cancels a waiting sign-up of this registration (nonce); the sign-up as it was, or null when there is
 * none or it is a later registration than the link's.
 */
export async function cancelSignUp<D extends SignUpDoc>(collection: string, id: string, nonce: string, at: string): Promise<D | null> {
  const firestore = await db();
  const ref = firestore.collection(collection).doc(id);
  return firestore.runTransaction(async (tx) => {
    const d = (await tx.get(ref)).data() as D | undefined;
    if (!d || (d.nonce ?? '-') !== nonce) return null;
    if (d.status === 'waiting') tx.update(ref, { status: 'cancelled', cancelledAt: at });
    return d;
  });
}
