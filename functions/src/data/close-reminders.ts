import type { CloseReminderStatus } from '../contracts/close-reminders';
import { db } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { MAIL } from './mail';
import { declareQuery, shapedQuery } from './query-shapes';
import { cancelSignUp, putWaitingSignUp } from './sign-ups';

// closeReminders/{planId}__{hash of email}: one 「截止前提醒我」 per email and campaign (the id makes it so,
// across instances). A waiting reminder is spent in the transaction that writes its mail, under an id
// of that registration, so two runs of the job (or two instances) mail it once.

const CLOSE_REMINDERS = 'closeReminders';

export interface ReminderDoc {
  planId: string;
  email: string;
  status: CloseReminderStatus;
  createdAt: string;
  /** Random per registration; the cancel links carry it. */
  nonce: string;
  sentAt?: string;
  cancelledAt?: string;
}

/**
 * Puts the reminder in waiting, with its confirmation mail (when given) in the same transaction, unless
 * it waits already; true when it was (re)created (data/sign-ups.ts).
 */
export const putWaitingReminder = (id: string, reminder: ReminderDoc, confirmation: (() => ComposedMail) | null): Promise<boolean> =>
  putWaitingSignUp(
    CLOSE_REMINDERS,
    id,
    reminder,
    confirmation && { id: `closeReminderConfirm-${id}-${reminder.nonce}`, doc: () => ({ ...confirmation(), kind: 'close-reminder-confirm', createdAt: reminder.createdAt }) },
  );

/** Cancels this registration's reminder (nonce) if it waits; the reminder as it was, or null (data/sign-ups.ts). */
export const cancelReminder = (id: string, nonce: string, at: string): Promise<ReminderDoc | null> => cancelSignUp<ReminderDoc>(CLOSE_REMINDERS, id, nonce, at);

const WAITING_OF_PLAN = declareQuery({
  name: "a campaign's waiting reminders (data/close-reminders.ts listWaitingReminders)",
  collection: CLOSE_REMINDERS,
  where: [{ field: 'planId', op: '==' }, { field: 'status', op: '==' }],
});

/** The waiting reminders of a campaign (ids and emails). */
export async function listWaitingReminders(planId: string, limit = 2000): Promise<{ id: string; email: string }[]> {
  const snap = await shapedQuery(await db(), WAITING_OF_PLAN, [planId, 'waiting']).limit(limit).select('email').get();
  return snap.docs.map((d) => ({ id: d.id, email: String(d.get('email')) }));
}

/**
 * Spends a waiting reminder: with `mailFor` its mail is written (id `closeReminder-{id}-{nonce}`, so
 * created at most once) and it becomes `sent`; with null (the address unsubscribed from the shop's
 * mails) it is cancelled without a mail. False when it no longer waits.
 */
export async function spendReminder(id: string, at: string, mailFor: ((r: ReminderDoc) => ComposedMail) | null): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(CLOSE_REMINDERS).doc(id);
  return firestore.runTransaction(async (tx) => {
    const r = (await tx.get(ref)).data() as ReminderDoc | undefined;
    if (r?.status !== 'waiting') return false;
    if (!mailFor) {
      tx.update(ref, { status: 'cancelled', cancelledAt: at, cancelledBecause: 'unsubscribed' });
      return false;
    }
    tx.create(firestore.collection(MAIL).doc(`closeReminder-${id}-${r.nonce}`), { ...mailFor(r), kind: 'close-reminder', createdAt: at });
    tx.update(ref, { status: 'sent', sentAt: at });
    return true;
  });
}
