import { createHash } from 'node:crypto';
import { db, firestoreNs } from '../lib/firebase';

// Rate-limit counters, shared by every instance of the function: one document per limiter, client
// key and window (`rateLimits/{hash}_{windowStart}`), so no document is shared by all clients and no
// request needs a transaction. Writes are blind `FieldValue.increment`s. The client key is hashed:
// emails and addresses are not stored. `expiresAt` lets a Firestore TTL policy delete old windows
// (declared in firestore.indexes.json; docs/limits.md says how to switch it on).

export const RATE_LIMIT_COLLECTION = 'rateLimits';

export interface RateLimitDoc {
  limiter: string;
  hits: number;
  windowStart: number;
  expiresAt: import('firebase-admin/firestore').Timestamp;
}

/** The document id of one key's window; the same inputs give the same id in every process. */
export function counterId(namespace: string, limiter: string, key: string, windowStart: number): string {
  const hash = createHash('sha256').update(`${namespace}\u0000${limiter}\u0000${key}`).digest('base64url').slice(0, 32);
  return `${hash}_${windowStart}`;
}

async function ref(id: string) {
  return (await db()).collection(RATE_LIMIT_COLLECTION).doc(id);
}

/** Hits recorded in the given windows (0 for a window nobody has used), in one round trip. */
export async function readHits(ids: string[]): Promise<number[]> {
  const firestore = await db();
  const snaps = await firestore.getAll(...ids.map((id) => firestore.collection(RATE_LIMIT_COLLECTION).doc(id)));
  return snaps.map((s) => (s.exists ? Number((s.data() as RateLimitDoc).hits) || 0 : 0));
}

/** Adds `delta` hits to a window (creating it), without reading it: concurrent calls never conflict. */
export async function addHits(id: string, delta: number, meta: { limiter: string; windowStart: number; expiresAt: Date }): Promise<void> {
  const { FieldValue, Timestamp } = await firestoreNs();
  await (await ref(id)).set(
    {
      limiter: meta.limiter,
      windowStart: meta.windowStart,
      hits: FieldValue.increment(delta),
      expiresAt: Timestamp.fromDate(meta.expiresAt),
    },
    { merge: true },
  );
}
