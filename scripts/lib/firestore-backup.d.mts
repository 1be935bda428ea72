// Types of ./firestore-backup.mjs for the TypeScript tests that use it.
import type * as FirestoreNs from 'firebase-admin/firestore';
import type { Firestore } from 'firebase-admin/firestore';

type Ns = Pick<typeof FirestoreNs, 'Timestamp' | 'GeoPoint' | 'DocumentReference'>;
export const DERIVED_COLLECTIONS: string[];
export const SUBCOLLECTIONS: string[];
export function encode(value: unknown, ns: Ns): unknown;
export function decode(value: unknown, ns: Ns, db: Firestore): unknown;
