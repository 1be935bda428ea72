import type { Firestore } from 'firebase-admin/firestore';

const applied = new WeakSet<Firestore>();

/**
 * The Admin SDK Firestore's settings, for the functions (lib/firebase.ts db) and for the tests' own handle
 * (tests/helpers/emulators.ts adminDb). A process has one such instance, and whoever uses it first fixes
 * its settings, so both apply the same ones: the API relies on them (a queued op's optional fields, such
 * as a status change's note, may be undefined). Kept free of the SDK's runtime and of the configuration,
 * so the browser tests' helpers can import it.
 */
export function withShopSettings(firestore: Firestore): Firestore {
  if (applied.has(firestore)) return firestore;
  applied.add(firestore);
  try {
    firestore.settings({ ignoreUndefinedProperties: true });
  } catch {
    // Already used by another caller in this process, which applied these same settings.
  }
  return firestore;
}
