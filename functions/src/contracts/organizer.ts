import { z } from 'zod';
import { textSchema } from './common';
import type { PlanBookTotal, PlanPickupTotal } from './admin';

// The organiser's link: a signed, revocable, read-only view of one campaign for the association's
// organiser, who has no account. GET /api/organizer/{token} and .../orders.csv.

// The link id is a Firestore document id: never Firestore's reserved `__x__` (Firestore refuses it).
export const organizerTokenParams = z.object({ token: textSchema.regex(/^(?!__[A-Za-z0-9_-]*__\.)[A-Za-z0-9_-]{10,40}\.[A-Za-z0-9_-]{43}$/, '連結格式錯誤') });
export const organizerLinkParams = z.object({ planId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/), linkId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{10,40}$/) });

/** Days after the campaign closes that its organiser's links keep working. */
export const ORGANIZER_LINK_DAYS_AFTER_CLOSE = 30;

export interface OrganizerLink {
  linkId: string;
  planId: string;
  /** The path to hand out: /organizer?token=… */
  url: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  accessCount: number;
  /** The latest accesses, newest first. */
  accesses: { at: string; what: 'view' | 'csv'; ip: string }[];
}

export interface OrganizerHandoverRow {
  orderNo: string;
  buyer: string;
  /** Only the last 3 digits. */
  phone: string;
  items: { name: string; qty: number }[];
  pickup: string;
  paid: boolean;
}

export interface OrganizerView {
  planId: string;
  title: string;
  organizer: string;
  closingDate: string;
  expiresAt: string;
  bookTotals: PlanBookTotal[];
  pickupTotals: PlanPickupTotal[];
  orders: OrganizerHandoverRow[];
}
