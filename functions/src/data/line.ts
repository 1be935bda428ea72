import { createHash } from 'node:crypto';
import { db, firestoreNs } from '../lib/firebase';
import { declareQuery, shapedQuery } from './query-shapes';

// Sign in with LINE's two collections (docs/accounts.md, "Sign in with LINE"), written only by the API:
//   lineLogins/{sha256(state)}: a LINE login on its way (nonce, PKCE verifier, the browser it is bound
//     to), short-lived and used once: taken in a transaction, so two callbacks with the same state never
//     both get it. `expireAt` lets a Firestore TTL policy delete the abandoned ones.
//   lineAccounts/{LINE user id}: a LINE identity linked to an existing account from the profile.
//     A LINE identity without one is its own account, uid `line:<LINE user id>`.

export const LINE_LOGINS = 'lineLogins';
const LINE_ACCOUNTS = 'lineAccounts';

export interface LineLogin {
  nonce: string;
  verifier: string;
  /** sha256 of the browser's binding cookie (api/auth/line.ts). */
  binding: string;
  purpose: 'signIn' | 'link';
  /** The member who asked to link (purpose `link`). */
  uid: string | null;
  redirect: string;
  expireAt: Date;
}

const loginId = (state: string) => createHash('sha256').update(state).digest('base64url');

export async function saveLineLogin(state: string, login: LineLogin): Promise<void> {
  const { Timestamp } = await firestoreNs();
  await (await db()).collection(LINE_LOGINS).doc(loginId(state)).create({ ...login, expireAt: Timestamp.fromDate(login.expireAt) });
}

/** The login of this state, deleted in the same transaction (null when unknown or already taken). */
export async function takeLineLogin(state: string): Promise<LineLogin | null> {
  const firestore = await db();
  const ref = firestore.collection(LINE_LOGINS).doc(loginId(state));
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    tx.delete(ref);
    const d = snap.data()!;
    return {
      nonce: String(d.nonce),
      verifier: String(d.verifier),
      binding: String(d.binding),
      purpose: d.purpose === 'link' ? 'link' : 'signIn',
      uid: typeof d.uid === 'string' ? d.uid : null,
      redirect: String(d.redirect ?? '/'),
      expireAt: (d.expireAt as import('firebase-admin/firestore').Timestamp).toDate(),
    };
  });
}

export interface LineAccountLink {
  uid: string;
  name: string;
}

/** The account a LINE identity was linked to, or null. */
export async function lineLinkOf(sub: string): Promise<LineAccountLink | null> {
  const snap = await (await db()).collection(LINE_ACCOUNTS).doc(sub).get();
  return snap.exists ? { uid: String(snap.get('uid')), name: String(snap.get('name') ?? '') } : null;
}

const LINK_OF_ACCOUNT = declareQuery({ name: "an account's LINE link (data/line.ts lineLinkOfAccount, createLineLink, deleteLineLinkOf)", collection: LINE_ACCOUNTS, where: [{ field: 'uid', op: '==' }] });

/** The LINE identity linked to this account, or null. */
export async function lineLinkOfAccount(uid: string): Promise<(LineAccountLink & { sub: string }) | null> {
  const snaps = await shapedQuery(await db(), LINK_OF_ACCOUNT, [uid]).limit(1).get();
  const doc = snaps.docs[0];
  return doc ? { sub: doc.id, uid, name: String(doc.get('name') ?? '') } : null;
}

/**
 * Links a LINE identity to an account; false when that identity is already linked (to anyone) or the
 * account already has another LINE identity. `create` makes two racing links of one identity one.
 */
export async function createLineLink(sub: string, link: LineAccountLink): Promise<boolean> {
  const firestore = await db();
  const ref = firestore.collection(LINE_ACCOUNTS).doc(sub);
  return firestore.runTransaction(async (tx) => {
    const [mine, other] = await Promise.all([tx.get(ref), tx.get(shapedQuery(firestore, LINK_OF_ACCOUNT, [link.uid]).limit(1))]);
    if (mine.exists || !other.empty) return false;
    tx.create(ref, { ...link, linkedAt: new Date().toISOString() });
    return true;
  });
}

/** Removes this account's LINE link (nothing when it has none). */
export async function deleteLineLinkOf(uid: string): Promise<void> {
  const snaps = await shapedQuery(await db(), LINK_OF_ACCOUNT, [uid]).get();
  await Promise.all(snaps.docs.map((d) => d.ref.delete()));
}
