import type { InquiryInput } from '../contracts/content';
import type { AdminInquiry, AdminInquiryList, InquiryReply, InquiryStatus } from '../contracts/inquiries';
import { notFound } from '../lib/failure';
import { db } from '../lib/firebase';
import type { ComposedMail } from '../mail/mail-doc';
import { MAIL } from './collections';
import { declareQuery, shapedQuery } from './query-shapes';

// inquiries/{id}: what customers asked through the contact, business and campaign forms, and the
// owner's replies. Every change is written in one batch or transaction with the mails it sends, so an
// inquiry is never stored without its mails, nor a reply recorded that was not mailed (docs/mail.md).

const INQUIRIES = 'inquiries';
/** The inbox shows this many per state; older ones stay stored (the console says so). */
export const INBOX_PAGE = 100;

export interface InquiryRecord extends InquiryInput {
  inquiryId: string;
  status: InquiryStatus;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt?: string;
  replies?: InquiryReply[];
}

/** The mails of a new inquiry, composed once its id and time are known. */
export type InquiryMails = (record: InquiryRecord) => { shop: ComposedMail | null; acknowledgement: ComposedMail };

/** Writes inquiries/{id} (auto id) with the shop's mail and the customer's acknowledgement; returns the record. */
export async function createInquiry(input: InquiryInput, meta: { ip: string | null; userAgent: string | null }, mails: InquiryMails): Promise<InquiryRecord> {
  const firestore = await db();
  const ref = firestore.collection(INQUIRIES).doc();
  const createdAt = new Date().toISOString();
  const record: InquiryRecord = {
    ...input,
    inquiryId: ref.id,
    status: 'new',
    ip: meta.ip,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 300) : null,
    createdAt,
    updatedAt: createdAt,
    replies: [],
  };
  const { shop, acknowledgement } = mails(record);
  const batch = firestore.batch();
  batch.create(ref, record);
  if (shop) batch.create(firestore.collection(MAIL).doc(`inquiry-${ref.id}-shop`), { ...shop, createdAt });
  batch.create(firestore.collection(MAIL).doc(`inquiry-${ref.id}-ack`), { ...acknowledgement, createdAt });
  await batch.commit();
  return record;
}

function toAdmin(r: InquiryRecord): AdminInquiry {
  return {
    inquiryId: r.inquiryId,
    topic: r.topic,
    status: r.status,
    name: r.name,
    email: r.email,
    phone: r.phone ?? '',
    organization: r.organization ?? '',
    quantity: r.quantity ?? null,
    planId: r.planId ?? null,
    book: r.book ?? '',
    orderNo: r.orderNo ?? '',
    message: r.message,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
    replies: r.replies ?? [],
  };
}

const OF_STATE = declareQuery({
  name: "one state's inquiries, newest first (data/inquiries.ts listInquiries)",
  collection: INQUIRIES,
  where: [{ field: 'status', op: '==' }],
  orderBy: [{ field: 'createdAt', dir: 'desc' }],
});
const COUNT_OF_STATE = declareQuery({ name: "the count of one state's inquiries (data/inquiries.ts listInquiries)", collection: INQUIRIES, where: [{ field: 'status', op: '==' }] });

/** One state's inquiries, newest first, with the count of every state. */
export async function listInquiries(status: InquiryStatus): Promise<AdminInquiryList> {
  const firestore = await db();
  const [snap, ...counts] = await Promise.all([
    shapedQuery(firestore, OF_STATE, [status]).limit(INBOX_PAGE).get(),
    ...(['new', 'replied', 'closed'] as const).map(async (s) => [s, (await shapedQuery(firestore, COUNT_OF_STATE, [s]).count().get()).data().count] as const),
  ]);
  return {
    inquiries: snap.docs.map((d) => toAdmin(d.data() as InquiryRecord)),
    counts: Object.fromEntries(counts) as Record<InquiryStatus, number>,
  };
}

export async function getInquiry(inquiryId: string): Promise<AdminInquiry> {
  const snap = await (await db()).collection(INQUIRIES).doc(inquiryId).get();
  if (!snap.exists) throw notFound('No such inquiry');
  return toAdmin(snap.data() as InquiryRecord);
}

/** What a change of one inquiry writes: its new status and replies, and the mail sent with it. */
export interface InquiryChange {
  next: AdminInquiry;
  mail?: { id: string; doc: ComposedMail } | null;
}

/**
 * Changes one inquiry in a transaction with its mail: `change` sees the inquiry as stored (404 when there
 * is none) and answers the change, null for none, or throws to write nothing.
 */
export async function changeInquiry(inquiryId: string, change: (current: AdminInquiry) => InquiryChange | null): Promise<AdminInquiry> {
  const firestore = await db();
  const ref = firestore.collection(INQUIRIES).doc(inquiryId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('No such inquiry');
    const current = toAdmin(snap.data() as InquiryRecord);
    const c = change(current);
    if (!c) return current;
    const { status, replies, updatedAt } = c.next;
    tx.update(ref, { status, replies, ...(updatedAt ? { updatedAt } : {}) });
    if (c.mail) tx.create(firestore.collection(MAIL).doc(c.mail.id), { ...c.mail.doc, createdAt: updatedAt ?? new Date().toISOString() });
    return c.next;
  });
}
