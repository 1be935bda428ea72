import { z } from 'zod';
import { planBookTotalSchema, planPickupTotalSchema } from './admin';
import { campaignOutcomeSchema } from './group-buying';
import { countSchema, isoInstantSchema, moneySchema, planHeadingShape, textSchema } from './common';

// The organiser's link: a signed, revocable, read-only view of one campaign for the association's
// organiser, who has no account. GET /api/organizer/{token} and .../orders.csv.

// The link id is a Firestore document id: never Firestore's reserved `__x__` (Firestore refuses it).
export const organizerTokenParams = z.object({ token: textSchema.regex(/^(?!__[A-Za-z0-9_-]*__\.)[A-Za-z0-9_-]{10,40}\.[A-Za-z0-9_-]{43}$/, '連結格式錯誤') });
export const organizerLinkParams = z.object({ planId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/), linkId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{10,40}$/) });

/** Days after the campaign closes that its organiser's links keep working. */
export const ORGANIZER_LINK_DAYS_AFTER_CLOSE = 30;

export const organizerLinkSchema = z
  .object({
    linkId: textSchema,
    planId: textSchema,
    url: textSchema.meta({ description: 'The path to hand out: /organizer?token=…' }),
    createdAt: isoInstantSchema,
    createdBy: textSchema,
    expiresAt: isoInstantSchema,
    revokedAt: textSchema.nullable(),
    accessCount: countSchema,
    /** The latest accesses, newest first. */
    accesses: z.array(z.object({ at: isoInstantSchema, what: z.enum(['view', 'csv']), ip: textSchema })),
  })
  .meta({ id: 'OrganizerLink' });
export type OrganizerLink = z.infer<typeof organizerLinkSchema>;

const organizerHandoverRowSchema = z.object({
  orderNo: textSchema,
  buyer: textSchema,
  phone: textSchema.meta({ description: 'Only the last 3 digits' }),
  items: z.array(z.object({ name: textSchema, qty: countSchema })),
  pickup: textSchema,
  paid: z.boolean(),
  /** 團主回饋 of this order in NT$ (0 unless paid). */
  rebate: moneySchema,
});
export type OrganizerHandoverRow = z.infer<typeof organizerHandoverRowSchema>;

export const organizerViewSchema = z
  .object({
    ...planHeadingShape,
    expiresAt: isoInstantSchema,
    bookTotals: z.array(planBookTotalSchema),
    pickupTotals: z.array(planPickupTotalSchema),
    orders: z.array(organizerHandoverRowSchema),
    /** The owner's 成團 / 流團 (issue 27): no bank digits or names here, the refunds' count and total only. */
    decision: z
      .object({ outcome: campaignOutcomeSchema, at: isoInstantSchema, note: textSchema, cancelled: countSchema, refundsDue: countSchema, refundsTotal: moneySchema })
      .nullable(),
    /** 團主回饋 over the paid orders, or null when the campaign carries none. */
    rebate: z.object({ percent: z.number(), paidOrders: countSchema, paidBooksTotal: moneySchema, amount: moneySchema }).nullable(),
  })
  .meta({ id: 'OrganizerView' });
export type OrganizerView = z.infer<typeof organizerViewSchema>;
