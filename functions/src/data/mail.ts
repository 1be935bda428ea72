import type { DocumentReference, Timestamp } from 'firebase-admin/firestore';
import { db, firestoreNs } from '../lib/firebase';
import { MAIL } from './collections';
import { declareQuery, shapedQuery } from './query-shapes';
import type { ComposedMail, DeliveryState, MailDocument } from '../mail/mail-doc';
import { isAlreadyExists } from '../lib/firestore-codes';

// mail/{id}: the outbox, in the "Trigger Email" extension's shape (functions/src/mail/mail-doc.ts).
// Written with the change it reports (an order, a status change, a subscription); sent by the sendMail
// trigger (functions/src/mail/send-mail.ts), which claims a document here before sending it.

export { MAIL };

/** Puts a mail of its own (no other change goes with it: an account mail) in the outbox; `kind` names it in the logs. */
export async function queueMail(mail: ComposedMail, kind: string): Promise<void> {
  await (await db()).collection(MAIL).add({ ...mail, kind, createdAt: new Date().toISOString() });
}

/**
 * Puts a mail in the outbox under a fixed id, at most once: false (nothing written) when that id was
 * written before, by this run or any other process's (a reminder is sent once however often its job runs).
 */
export async function queueMailOnce(id: string, mail: ComposedMail, kind: string, at: string): Promise<boolean> {
  try {
    await (await db()).collection(MAIL).doc(id).create({ ...mail, kind, createdAt: at });
    return true;
  } catch (err) {
    if (isAlreadyExists(err)) return false;
    throw err;
  }
}

/** Many mails under ids of their own, each at most once (queueMailOnce), 50 at a time; answers how many were new. */
export async function queueMailsOnce(mails: readonly { id: string; mail: ComposedMail }[], kind: string): Promise<number> {
  const at = new Date().toISOString();
  let created = 0;
  for (let i = 0; i < mails.length; i += 50) {
    const results = await Promise.all(mails.slice(i, i + 50).map(({ id, mail }) => queueMailOnce(id, mail, kind, at)));
    created += results.filter(Boolean).length;
  }
  return created;
}

interface StoredDelivery {
  state: DeliveryState;
  attempts?: number;
  startTime?: Timestamp;
  leaseExpireTime?: Timestamp | null;
  leaseOwner?: string;
  error?: string | null;
  notBefore?: Timestamp | null;
}

/** What a sender writes back after an attempt, under `delivery`. */
export interface DeliveryUpdate {
  state?: DeliveryState;
  error?: string | null;
  /** Stamps endTime with the server's time. */
  ended?: boolean;
  /** Holds the claim until then (ms since the epoch), or gives it up (null). */
  leaseUntilMs?: number | null;
  info?: Record<string, unknown> | null;
  /** Sets the attempt count (a round that found no sending slot gives its attempt back). */
  attempts?: number;
  /** PENDING for want of a sending slot: the drain sends it from then on (ms since the epoch). */
  notBeforeMs?: number | null;
}

/** One mail document as the sender sees it: claim it, then record each attempt while still holding it. */
export interface MailDelivery {
  id: string;
  /** Takes the document for this owner (attempt number and the mail), or null when it is not free. */
  claim(owner: string, maxAttempts: number, leaseMs: number): Promise<{ mail: MailDocument; attempt: number } | null>;
  /** Writes an attempt's result if this owner still holds the document. */
  record(owner: string, update: DeliveryUpdate): Promise<void>;
}

/** The outbox document `mailId` (`collection`: another outbox, for the sender's tests). */
export async function mailDelivery(mailId: string, collection = MAIL): Promise<MailDelivery> {
  return deliveryOf((await db()).collection(collection).doc(mailId));
}

function deliveryOf(ref: DocumentReference): MailDelivery {
  return {
    id: ref.id,
    async claim(owner, maxAttempts, leaseMs) {
      const { Timestamp: Ts } = await firestoreNs();
      return ref.firestore.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const data = snap.data() as MailDocument & { delivery?: StoredDelivery };
        const d = data.delivery;
        const now = Ts.now();
        const free =
          !d ||
          d.state === 'PENDING' ||
          d.state === 'RETRY' ||
          (d.state === 'PROCESSING' && (d.leaseOwner === owner || !d.leaseExpireTime || d.leaseExpireTime.toMillis() <= now.toMillis()));
        if (!free) return null;
        // A manual RETRY starts a fresh round of attempts.
        const before = d?.state === 'RETRY' ? 0 : (d?.attempts ?? 0);
        if (before >= maxAttempts) {
          tx.update(ref, { 'delivery.state': 'ERROR', 'delivery.endTime': now, 'delivery.leaseExpireTime': null });
          return null;
        }
        tx.update(ref, {
          delivery: {
            state: 'PROCESSING',
            attempts: before + 1,
            startTime: d?.state === 'PROCESSING' && d.leaseOwner === owner && d.startTime ? d.startTime : now,
            endTime: null,
            leaseExpireTime: Ts.fromMillis(now.toMillis() + leaseMs),
            leaseOwner: owner,
            error: d?.error ?? null,
            info: null,
            notBefore: null,
          },
        });
        return { mail: data, attempt: before + 1 };
      });
    },
    async record(owner, update) {
      const { FieldValue, Timestamp: Ts } = await firestoreNs();
      const fields: Record<string, unknown> = {};
      if (update.state !== undefined) fields.state = update.state;
      if (update.error !== undefined) fields.error = update.error;
      if (update.ended) fields.endTime = FieldValue.serverTimestamp();
      if (update.leaseUntilMs !== undefined) fields.leaseExpireTime = update.leaseUntilMs === null ? null : Ts.fromMillis(update.leaseUntilMs);
      if (update.info !== undefined) fields.info = update.info;
      if (update.attempts !== undefined) fields.attempts = update.attempts;
      if (update.notBeforeMs !== undefined) fields.notBefore = update.notBeforeMs === null ? null : Ts.fromMillis(update.notBeforeMs);
      await ref.firestore.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if ((snap.get('delivery.leaseOwner') as string | undefined) !== owner) return;
        tx.update(ref, Object.fromEntries(Object.entries(fields).map(([k, v]) => [`delivery.${k}`, v])));
      });
    },
  };
}

const DUE_PENDING = declareQuery({
  name: 'mails waiting for a sending slot whose time has come (data/mail.ts dueMails)',
  collection: MAIL,
  where: [{ field: 'delivery.state', op: '==' }, { field: 'delivery.notBefore', op: '<=' }],
  orderBy: [{ field: 'delivery.notBefore' }],
});
const STALE_PROCESSING = declareQuery({
  name: "mails whose sender's lease ran out (data/mail.ts dueMails)",
  collection: MAIL,
  where: [{ field: 'delivery.state', op: '==' }, { field: 'delivery.leaseExpireTime', op: '<=' }],
});

/**
 * The mails the drain owes a send, oldest first (ids): PENDING for want of a sending slot whose time has
 * come, then PROCESSING ones whose holder's lease ran out (an instance that died mid-send; the trigger is
 * not retried by the platform, so nothing else would pick them up). Indexes: firestore.indexes.json.
 */
export async function dueMails(nowMs: number, max: number, collection = MAIL): Promise<string[]> {
  const [firestore, { Timestamp: Ts }] = await Promise.all([db(), firestoreNs()]);
  const now = Ts.fromMillis(nowMs);
  const pending = await shapedQuery(firestore, DUE_PENDING, ['PENDING', now], collection).limit(max).select().get();
  const ids = pending.docs.map((d) => d.id);
  if (ids.length < max) {
    const stale = await shapedQuery(firestore, STALE_PROCESSING, ['PROCESSING', Ts.now()], collection).limit(max - ids.length).select().get();
    ids.push(...stale.docs.map((d) => d.id));
  }
  return ids;
}
