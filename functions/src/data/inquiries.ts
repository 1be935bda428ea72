import type { InquiryInput } from '../contracts/content';
import { db } from '../lib/firebase';

export interface InquiryRecord extends InquiryInput {
  inquiryId: string;
  status: 'new';
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** Writes inquiries/{id} (auto id) and returns the stored record. */
export async function createInquiry(input: InquiryInput, meta: { ip: string | null; userAgent: string | null }): Promise<InquiryRecord> {
  const ref = (await db()).collection('inquiries').doc();
  const record: InquiryRecord = {
    ...input,
    inquiryId: ref.id,
    status: 'new',
    ip: meta.ip,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 300) : null,
    createdAt: new Date().toISOString(),
  };
  await ref.create(record);
  return record;
}
