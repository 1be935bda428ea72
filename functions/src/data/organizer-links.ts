import type { OrganizerLink, OrganizerLinkKind } from '../contracts/organizer';
import { db, firestoreNs } from '../lib/firebase';
import { declareQuery, shapedQuery } from './query-shapes';

// organizerLinks/{linkId}: {planId, createdAt, createdBy, revokedAt, accessCount, kind?, holder?};
// .../accesses/{id}: every view and CSV download, and every pickup desk action, for the owner.

const ORGANIZER_LINKS = 'organizerLinks';
const ACCESSES = 'accesses';

const LINKS_OF_PLAN = declareQuery({ name: "a plan's organiser links (data/organizer-links.ts listLinksOfPlan)", collection: ORGANIZER_LINKS, where: [{ field: 'planId', op: '==' }] });
const LATEST_ACCESSES = declareQuery({ name: "a link's latest accesses (data/organizer-links.ts latestAccesses)", collection: ACCESSES, orderBy: [{ field: 'at', dir: 'desc' }] });

export interface LinkDoc {
  planId: string;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  accessCount?: number;
  /** Absent on the links made before the pickup desk: read-only. */
  kind?: OrganizerLinkKind;
  /** A desk link's holder. */
  holder?: string | null;
}

export type LinkAccess = OrganizerLink['accesses'][number];

const linkRef = async (linkId: string) => (await db()).collection(ORGANIZER_LINKS).doc(linkId);

export async function getLink(linkId: string): Promise<LinkDoc | null> {
  return ((await (await linkRef(linkId)).get()).data() as LinkDoc | undefined) ?? null;
}

export async function createLink(linkId: string, doc: LinkDoc): Promise<void> {
  await (await linkRef(linkId)).create(doc);
}

export async function listLinksOfPlan(planId: string): Promise<{ linkId: string; doc: LinkDoc }[]> {
  const snap = await shapedQuery(await db(), LINKS_OF_PLAN, [planId]).get();
  return snap.docs.map((d) => ({ linkId: d.id, doc: d.data() as LinkDoc }));
}

/** The link's latest accesses, newest first. */
export async function latestAccesses(linkId: string, limit = 20): Promise<LinkAccess[]> {
  const acc = await shapedQuery(await linkRef(linkId), LATEST_ACCESSES, []).limit(limit).get();
  return acc.docs.map((a) => a.data() as LinkAccess);
}

/** Revokes the plan's link (once: a second revocation keeps the first time); null when the plan has no such link. */
export async function revokeLink(planId: string, linkId: string): Promise<LinkDoc | null> {
  const firestore = await db();
  const ref = firestore.collection(ORGANIZER_LINKS).doc(linkId);
  return firestore.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data() as LinkDoc | undefined;
    if (!data || data.planId !== planId) return null;
    const revokedAt = data.revokedAt ?? new Date().toISOString();
    tx.update(ref, { revokedAt });
    return { ...data, revokedAt };
  });
}

/**
 * The writes of one logged access, for a transaction of another repository (the pickup desk's order
 * change, data/orders.ts setPickedUpByNo): the entry is made from that transaction's outcome.
 */
export async function accessLogWrite(linkId: string): Promise<(tx: FirebaseFirestore.Transaction, access: LinkAccess) => void> {
  const [firestore, { FieldValue }] = await Promise.all([db(), firestoreNs()]);
  const ref = firestore.collection(ORGANIZER_LINKS).doc(linkId);
  const entry = ref.collection(ACCESSES).doc();
  return (tx, access) => {
    tx.create(entry, access);
    tx.update(ref, { accessCount: FieldValue.increment(1) });
  };
}

/** Logs one access and counts it, in one batch. */
export async function recordAccess(linkId: string, access: LinkAccess): Promise<void> {
  const [firestore, { FieldValue }] = await Promise.all([db(), firestoreNs()]);
  const ref = firestore.collection(ORGANIZER_LINKS).doc(linkId);
  const batch = firestore.batch();
  batch.create(ref.collection(ACCESSES).doc(), access);
  batch.update(ref, { accessCount: FieldValue.increment(1) });
  await batch.commit();
}
