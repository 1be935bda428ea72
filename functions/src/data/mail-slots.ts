import { randomInt } from 'node:crypto';
import { db } from '../lib/firebase';
import { MAIL_SLOTS } from './collections';
import { declareQuery, shapedQuery } from './query-shapes';
import { isAlreadyExists } from '../lib/firestore-codes';

// mailSlots/{minute}-{n}: the mail pacing's shared truth (docs/mail.md, "Pacing"). A mail may be handed
// to the SMTP server only by the holder of one of the `limit` slots of the current minute (minutes since
// the epoch, UTC). A slot is taken by a conditional create (fails when the document exists), so any number
// of instances and emulator workers share the limit without a transaction or a counter to contend on.

export const MINUTE_MS = 60_000;
/** Slots outlive their minute only as a record of what was sent when; a TTL policy deletes them. */
const KEEP_MS = 2 * 24 * 60 * MINUTE_MS;
/** Random tries before counting the minute's slots: cheap while the minute is far from full. */
const BLIND_TRIES = 3;

const OF_MINUTE = declareQuery({ name: "one minute's sending slots (data/mail-slots.ts mailSlots)", collection: MAIL_SLOTS, where: [{ field: 'minute', op: '==' }] });

export type SlotAnswer = { minute: number } | { fullUntilMs: number };

export interface SlotGate {
  /** Mails per minute. */
  limit: number;
  /** The clock the minutes are read from (ms since the epoch). */
  now(): number;
  /** A slot of the current minute for this mail, or, when the minute is full, when the next one begins. */
  take(mailId: string): Promise<SlotAnswer>;
}

/**
 * The slots of `limit` mails a minute. `now` and `collection` are for the pacing tests (an injected
 * clock, a collection of their own); the shop uses the defaults.
 */
export async function mailSlots(limit: number, opts: { now?: () => number; collection?: string } = {}): Promise<SlotGate> {
  const firestore = await db();
  const col = firestore.collection(opts.collection ?? MAIL_SLOTS);
  const now = opts.now ?? Date.now;
  const tryTake = async (minute: number, n: number, mailId: string, at: number) => {
    try {
      await col.doc(`${minute}-${n}`).create({ mailId, minute, n, at: new Date(at), expireAt: new Date(at + KEEP_MS) });
      return true;
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      throw err;
    }
  };
  return {
    limit,
    now,
    async take(mailId) {
      for (;;) {
        const at = now();
        const minute = Math.floor(at / MINUTE_MS);
        const full = { fullUntilMs: (minute + 1) * MINUTE_MS };
        for (let i = 0; i < Math.min(BLIND_TRIES, limit); i++) if (await tryTake(minute, randomInt(limit), mailId, at)) return { minute };
        // Near full: count (one read per 1,000 slots), and only if some are left list them to pick a free one.
        const ofMinute = shapedQuery(firestore, OF_MINUTE, [minute], col.id);
        if ((await ofMinute.count().get()).data().count >= limit) return full;
        const taken = new Set((await ofMinute.select().get()).docs.map((d) => d.id));
        const free = Array.from({ length: limit }, (_, n) => n).filter((n) => !taken.has(`${minute}-${n}`));
        if (!free.length) return full;
        if (await tryTake(minute, free[randomInt(free.length)]!, mailId, at)) return { minute };
        // Someone took that one first: look again (the minute may have turned meanwhile).
      }
    },
  };
}
