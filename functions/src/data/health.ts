import { db } from '../lib/firebase';

/**
 * One read of a small document the shop always has (settings/shop; a missing one answers too): proves
 * Firestore answers this instance, and how fast. Rejects when it does not within `timeoutMs`.
 */
export async function pingFirestore(timeoutMs: number): Promise<number> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Firestore did not answer within ${timeoutMs} ms`), { code: 'deadline-exceeded' })), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([(async () => (await db()).doc('settings/shop').get())(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - start;
}
