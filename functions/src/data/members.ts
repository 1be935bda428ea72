import type { Member } from '../contracts/auth';
import { db } from '../lib/firebase';

// members/{uid}: the shop's own record of a member (contracts/auth.ts). Written only by the API.

const COLLECTION = 'members';

const ref = async (uid: string) => (await db()).collection(COLLECTION).doc(uid);

function toMember(data: FirebaseFirestore.DocumentData): Member {
  return {
    userName: String(data.userName ?? ''),
    email: String(data.email ?? ''),
    userUid: String(data.userUid ?? ''),
    picture: String(data.picture ?? ''),
    provider: String(data.provider ?? ''),
    newsletter: data.newsletter === true,
    createdAt: String(data.createdAt ?? ''),
    updatedAt: String(data.updatedAt ?? ''),
  };
}

export async function getMember(uid: string): Promise<Member | null> {
  const snap = await (await ref(uid)).get();
  return snap.exists ? toMember(snap.data()!) : null;
}

/** The record made at sign-up. */
export async function createMember(m: { uid: string; userName: string; email: string; provider: string; picture?: string }): Promise<Member> {
  const now = new Date().toISOString();
  const member: Member = {
    userName: m.userName,
    email: m.email,
    userUid: m.uid,
    picture: m.picture ?? '',
    provider: m.provider,
    newsletter: false,
    createdAt: now,
    updatedAt: now,
  };
  await (await ref(m.uid)).set(member);
  return member;
}

export interface MemberPatch {
  userName: string;
  email: string;
  picture: string;
  /** Set when known (the caller's own sign-in provider); an owner's edit keeps the stored one. */
  provider?: string;
}

/**
 * Creates or updates members/{uid} in one transaction: a new record gets the defaults
 * (newsletter off, createdAt), an existing one keeps them.
 */
export async function upsertMember(uid: string, patch: MemberPatch): Promise<Member> {
  const firestore = await db();
  const doc = firestore.collection(COLLECTION).doc(uid);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(doc);
    const now = new Date().toISOString();
    const before = snap.exists ? toMember(snap.data()!) : null;
    const member: Member = {
      userName: patch.userName,
      email: patch.email,
      userUid: uid,
      picture: patch.picture,
      provider: patch.provider ?? before?.provider ?? '',
      newsletter: before?.newsletter ?? false,
      createdAt: before?.createdAt || now,
      updatedAt: now,
    };
    tx.set(doc, member, { merge: true });
    return member;
  });
}
