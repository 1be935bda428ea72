import { z } from 'zod';
import { planBookTotalSchema, planPickupTotalSchema } from './admin';
import { campaignOutcomeSchema } from './group-buying';
import { countSchema, isoInstantSchema, moneySchema, planHeadingShape, textSchema } from './common';
import { orderNoSchema, pickedUpSchema } from './orders';

// The organiser's link: a signed, revocable, read-only view of one campaign for the association's
// organiser, who has no account. GET /api/organizer/{token} and .../orders.csv.

// The link id is a Firestore document id: never Firestore's reserved `__x__` (Firestore refuses it).
export const organizerTokenParams = z.object({ token: textSchema.regex(/^(?!__[A-Za-z0-9_-]*__\.)[A-Za-z0-9_-]{10,40}\.[A-Za-z0-9_-]{43}$/, '連結格式錯誤') });
export const organizerLinkParams = z.object({ planId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/), linkId: textSchema.regex(/^(?!__.*__$)[A-Za-z0-9_-]{10,40}$/) });

/** Days after the campaign closes that its organiser's links keep working. */
export const ORGANIZER_LINK_DAYS_AFTER_CLOSE = 30;

// The pickup desk (issue 27): a second kind of link, signed under its own purpose, that may also mark an
// order as picked up and undo that (PUT/DELETE /api/organizer/{token}/pickups/{orderNo}).
/** `view`: the read-only link; `desk`: the pickup desk's. */
export const ORGANIZER_LINK_KINDS = ['view', 'desk'] as const;
export type OrganizerLinkKind = (typeof ORGANIZER_LINK_KINDS)[number];
const organizerAccessSchema = z.object({
  at: isoInstantSchema,
  what: z.enum(['view', 'csv', 'pickup', 'undo']),
  ip: textSchema,
  /** The order a desk action was for, and why it was refused (absent when it was done). */
  orderNo: textSchema.optional(),
  refused: textSchema.optional(),
});
const deskLinkShape = {
  kind: z.enum(ORGANIZER_LINK_KINDS),
  /** Who holds a desk link (recorded as pickedUp.by on each order it marks). */
  holder: textSchema.nullable(),
};
/** POST /api/admin/plans/{planId}/desk-links: who will hold it (the console offers the plan's organiser). */
export const deskLinkInputSchema = z.object({ holder: textSchema.trim().min(1, '請填寫持有人').max(40, '持有人最多 40 字') });
export const pickupParams = organizerTokenParams.extend({ orderNo: orderNoSchema });
/** Who handed an order over, and when (on the order: see contracts/orders.ts's `pickedUp`). */
const pickedUpShape = {
  pickedUp: pickedUpSchema.nullable(),
  /** A posted order is not handed over at a desk: it cannot be marked. */
  postal: z.boolean(),
};

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
    accesses: z.array(organizerAccessSchema),
    ...deskLinkShape,
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
  ...pickedUpShape,
});
export type OrganizerHandoverRow = z.infer<typeof organizerHandoverRowSchema>;
export const organizerHandoverRowAnswer = organizerHandoverRowSchema.meta({ id: 'OrganizerHandoverRow' });

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
    /** True for a pickup desk's token: its page may mark orders as picked up. */
    desk: z.boolean(),
  })
  .meta({ id: 'OrganizerView' });
export type OrganizerView = z.infer<typeof organizerViewSchema>;
