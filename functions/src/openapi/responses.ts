import { z } from 'zod';
import type { AdminOrderPage, AdminPlanDetail, AdminPlanSaved, AdminPlanSummary, AdminProduct, PaymentToCheck, StockMovement } from '../contracts/admin';
import type { Member } from '../contracts/auth';
import type { BankConfirmResult, BankLayout, BankProposal } from '../contracts/bank';
import type { DashboardFigures } from '../contracts/dashboard';
import type { OrganizerLink, OrganizerView } from '../contracts/organizer';
import type { StockAlertAnswer } from '../contracts/stock-alerts';
import { INQUIRY_TOPICS, type HomeContent, type PublicSettings, type InquiryCreated, type SubscriptionResult, type UnsubscribeResult } from '../contracts/content';
import type { ErrorBody } from '../contracts/errors';
import type { HealthAnswer } from '../contracts/health';
import { groupBuyingPlanSchema, type GroupOrderView, type GroupPlanView } from '../contracts/group-buying';
import { ORDER_STATUSES, type Order, type OrderSummary } from '../contracts/orders';
import { productSchema, type Product, type ProductPlanOffer, type ProductSummary } from '../contracts/products';
import { ORDER_NOTICE_MODES, type AdminSettings, type ShopSettings } from '../contracts/settings';
import { INQUIRY_STATUSES, type AdminInquiry, type AdminInquiryList } from '../contracts/inquiries';
import type { StockRecord } from '../contracts/stock';

// The shapes the API answers with, as zod schemas: the OpenAPI document (document.ts) is generated
// from them, and the API fuzzer (tests/fuzz/) checks every answer against that document. They live
// beside the generator rather than in contracts/, whose schemas validate what clients send (and whose
// strings must all be the well-formed text schema): these only describe. The TypeScript interfaces in
// contracts/ stay the types the code uses; the `Same<>` checks at the end of this file fail the
// typecheck when a schema and its interface drift apart.

const isoInstant = z.string().meta({ format: 'date-time', description: 'ISO 8601 instant' });
const money = z.number().int().min(0).meta({ description: 'Whole NT$' });
const count = z.number().int().min(0);
const orderStatus = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });

export const errorBodySchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    statusMessage: z.string().meta({ description: 'The catalogue key (see the error catalogue in the API description)' }),
    message: z.string().meta({ description: 'A human-readable detail in English' }),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: 'Validation errors: which field and why (in Chinese)' }),
    requestId: z.string().optional().meta({ description: 'The request\'s id, also sent as the X-Request-Id header: quote it when reporting a failure; it finds the request\'s log lines' }),
  })
  .meta({ id: 'ErrorBody', description: 'Every failure answers this body, whatever failed.' });

// --- Accounts -------------------------------------------------------------------------------------

/** Identity Toolkit's own answers, passed through: the documented fields, and whatever else it adds. */
export const tokenResponseSchema = z
  .looseObject({
    kind: z.string().optional(),
    idToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.string().meta({ description: 'Seconds, as a string' }),
    localId: z.string(),
    email: z.string(),
    displayName: z.string().optional(),
    registered: z.boolean().optional(),
  })
  .meta({ id: 'TokenResponse', description: "Identity Toolkit's sign-up / sign-in answer, verbatim" });

export const toolkitEmailResponseSchema = z
  .looseObject({ kind: z.string().optional(), email: z.string().optional(), requestType: z.string().optional() })
  .meta({ id: 'ToolkitEmailResponse', description: "Identity Toolkit's answer to a mail or mail-link call, verbatim" });

export const toolkitLookupResponseSchema = z
  .looseObject({ kind: z.string().optional(), users: z.array(z.record(z.string(), z.unknown())).optional() })
  .meta({ id: 'ToolkitLookupResponse', description: "Identity Toolkit's accounts:lookup answer, verbatim" });

export const memberSchema = z
  .object({
    userName: z.string(),
    email: z.string(),
    userUid: z.string(),
    picture: z.string(),
    provider: z.string(),
    newsletter: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Member' });

// --- Catalogue and stock --------------------------------------------------------------------------

export const productResponseSchema = productSchema.meta({ id: 'Product', description: 'A book with every stored field' });

export const productSummarySchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    imgSrc: z.string(),
    listPrice: money,
    salePrice: money,
    isNew: z.boolean(),
    isOnSale: z.boolean(),
  })
  .meta({ id: 'ProductSummary' });

export const productPlanOfferSchema = z
  .object({ planId: z.string(), title: z.string(), organizer: z.string(), groupPrice: money, closingDate: isoInstant })
  .meta({ id: 'ProductPlanOffer' });

export const stockMapResponseSchema = z.record(z.string(), count).meta({ id: 'StockMap', description: '{productId: copies on hand}' });
export const stockRecordSchema = z.object({ productId: z.string(), qty: count }).meta({ id: 'StockRecord' });

// --- Orders ---------------------------------------------------------------------------------------

const orderItemSchema = z
  .object({ productId: z.string(), name: z.string(), qty: z.number().int().min(1), unitPrice: money, totalPrice: money })
  .meta({ id: 'OrderItem' });

const deliveryResponseSchema = z
  .object({ company: z.string(), trackingNo: z.string(), trackingUrl: z.string() })
  .nullable()
  .meta({ description: 'Set when shipped' });

const pickupResponseSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), hours: z.string() }).meta({ id: 'PickupPoint' });

export const orderSchema = z
  .object({
    orderId: z.string(),
    orderNo: z.string(),
    userId: z.string().nullable(),
    planId: z.string().nullable(),
    buyer: z.string(),
    email: z.string(),
    phone: z.string(),
    receiver: z.object({ name: z.string(), address: z.string() }),
    taxId: z.string(),
    invoiceTitle: z.string(),
    bankAccountNo: z.string(),
    items: z.array(orderItemSchema),
    itemsTotal: money,
    shippingFee: money,
    totalPrice: money,
    status: orderStatus,
    statusHistory: z.array(z.object({ status: orderStatus, at: isoInstant, by: z.string(), note: z.string().optional() })),
    delivery: deliveryResponseSchema,
    remark: z.string(),
    paymentDueAt: isoInstant,
    createdAt: isoInstant,
    updatedAt: isoInstant,
    pickup: pickupResponseSchema.nullable().optional().meta({ description: "A group order's pickup point (a copy of the plan's); absent or null = posted to receiver.address" }),
  })
  .meta({ id: 'Order' });

export const groupOrderViewSchema = orderSchema
  .extend({
    masked: z.boolean().meta({ description: 'true when buyer, email, phone, receiver and bank digits are masked (not self, not owner)' }),
    groupOutcome: z.literal('thresholdNotMet').optional(),
  })
  .meta({ id: 'GroupOrderView' });

export const orderSummarySchema = z
  .object({
    orderNo: z.string(),
    planId: z.string().nullable(),
    status: orderStatus,
    statusLabel: z.string(),
    items: z.array(orderItemSchema),
    itemsTotal: money,
    shippingFee: money,
    totalPrice: money,
    paymentDueAt: isoInstant,
    createdAt: isoInstant,
    updatedAt: isoInstant,
    delivery: deliveryResponseSchema,
    pickup: z.object({ name: z.string(), address: z.string(), hours: z.string() }).nullable().meta({ description: "A group order's pickup point; null = posted (the address is not shown)" }),
    bankDigitsGiven: z.boolean().meta({ description: 'Whether the buyer has given the last 5 digits of the paying account' }),
  })
  .meta({ id: 'OrderSummary' });

// --- Group buying ---------------------------------------------------------------------------------

const planOutcome = z.enum(['thresholdMet', 'thresholdNotMet', 'noThreshold']);

export const planProgressSchema = z
  .object({ planId: z.string(), orders: count, copies: count, minQuantity: z.number().int().nullable(), updatedAt: z.string() })
  .meta({ id: 'PlanProgress' });

/** How a campaign is named wherever it is shown: the plan page, the home page and the organiser's view. */
const planHeading = { planId: z.string(), title: z.string(), organizer: z.string(), closingDate: isoInstant };
const bannerImg = z.object({ pc: z.string(), mobile: z.string() });

export const groupPlanViewSchema = z
  .object({
    ...planHeading,
    isOpen: z.boolean(),
    bannerImg,
    content: z.array(z.string()),
    products: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        subtitle: z.string(),
        author: z.string(),
        imgSrc: z.string(),
        listPrice: money,
        groupPrice: money,
        maxPerOrder: z.number().int().nullable(),
        stock: count,
        slogan: z.string(),
        overview: z.string(),
        primaryColor: z.string(),
      }),
    ),
    minQuantity: z.number().int().nullable(),
    minPerOrder: z.number().int().nullable().meta({ description: 'The fewest copies one order may hold; fewer is refused with 400' }),
    pickupNotes: z.string(),
    paymentNotes: z.string(),
    pickupPoints: z.array(pickupResponseSchema),
    postalDelivery: z.boolean().meta({ description: 'false = pickup only' }),
    launched: z.boolean().meta({ description: 'false: only the owner sees the plan (a preview)' }),
    progress: planProgressSchema,
    outcome: planOutcome.nullable(),
  })
  .meta({ id: 'GroupPlanView' });

// --- Content and settings -------------------------------------------------------------------------

export const shopSettingsSchema = z
  .object({
    shopName: z.string(),
    bank: z.object({ name: z.string(), code: z.string(), branch: z.string(), accountName: z.string(), account: z.string() }),
    shipping: z.object({ freeWithinTaiwan: z.boolean(), fee: money, carrier: z.string(), notes: z.string() }),
    paymentDueDays: z.number().int(),
    contact: z.object({
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      hours: z.string(),
      line: z.string(),
      facebook: z.string(),
      instagram: z.string(),
    }),
    company: z.object({ name: z.string(), taxId: z.string() }),
  })
  .meta({ id: 'ShopSettings' });

/** GET /api/settings/shop, /api/content/settings: settings/shop and the fee an order pays now. */
export const publicSettingsSchema = shopSettingsSchema
  .extend({ shippingFee: money.meta({ description: 'What an order pays for shipping now (0 when free within Taiwan)' }) })
  .meta({ id: 'PublicSettings' });

export const homeContentSchema = z
  .object({
    campaigns: z.array(
      z.object({ ...planHeading, bannerImg }),
    ),
  })
  .meta({ id: 'HomeContent' });

export const inquiryCreatedSchema = z.object({ inquiryId: z.string(), createdAt: isoInstant }).meta({ id: 'InquiryCreated' });

// --- The owner's inbox and settings (issue 23) ------------------------------------------------------

const inquiryStatus = z.enum(INQUIRY_STATUSES).meta({ id: 'InquiryStatus' });
export const adminInquirySchema = z
  .object({
    inquiryId: z.string(),
    topic: z.enum(INQUIRY_TOPICS),
    status: inquiryStatus,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    organization: z.string(),
    quantity: z.number().int().nullable(),
    planId: z.string().nullable(),
    book: z.string().meta({ description: 'The book asked about, as the customer named it; empty when none' }),
    orderNo: z.string().meta({ description: 'The order asked about; empty when none' }),
    message: z.string(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
    replies: z.array(z.object({ message: z.string(), sentAt: isoInstant, by: z.string() })).meta({ description: 'The replies mailed from the console, oldest first' }),
  })
  .meta({ id: 'AdminInquiry' });
export const adminInquiryListSchema = z
  .object({
    inquiries: z.array(adminInquirySchema).meta({ description: 'Newest first, at most 100' }),
    counts: z.object({ new: count, replied: count, closed: count }),
  })
  .meta({ id: 'AdminInquiryList' });
export const adminSettingsSchema = z
  .object({
    shop: shopSettingsSchema,
    notifications: z.object({ orders: z.enum(ORDER_NOTICE_MODES).meta({ description: '`each`: a mail per new order; `digest`: one mail a day' }) }),
  })
  .meta({ id: 'AdminSettings' });
same<Same<z.output<typeof adminInquirySchema>, AdminInquiry>>();
same<Same<z.output<typeof adminInquiryListSchema>, AdminInquiryList>>();
same<Same<z.output<typeof adminSettingsSchema>['notifications'], AdminSettings['notifications']>>();
export const subscriptionResultSchema = z
  .object({ email: z.string(), status: z.literal('active') })
  .meta({ id: 'SubscriptionResult' });
export const unsubscribeResultSchema = z.object({ email: z.string(), status: z.literal('unsubscribed') }).meta({ id: 'UnsubscribeResult' });

// --- The owner's console --------------------------------------------------------------------------

export const adminOrderPageSchema = z
  .object({ orders: z.array(orderSchema), nextCursor: z.string().nullable(), searchTruncated: z.boolean() })
  .meta({ id: 'AdminOrderPage' });

export const paymentToCheckSchema = z
  .object({
    orderId: z.string(),
    orderNo: z.string(),
    planId: z.string().nullable(),
    buyer: z.string(),
    email: z.string(),
    phone: z.string(),
    bankAccountNo: z.string(),
    totalPrice: money,
    createdAt: isoInstant,
    paymentDueAt: isoInstant,
    overdue: z.boolean(),
  })
  .meta({ id: 'PaymentToCheck' });

export const adminProductSchema = productSchema
  .extend({
    stock: count.nullable().meta({ description: 'Copies on hand, or null without a stock record' }),
    waitingAlerts: count.optional().meta({ description: '到貨通知 waiting for this book' }),
  })
  .meta({ id: 'AdminProduct' });

export const stockMovementSchema = z
  .object({ id: z.string(), productId: z.string(), before: count, after: count, delta: z.number().int(), reason: z.string(), by: z.string(), at: isoInstant, seq: count.optional() })
  .meta({ id: 'StockMovement' });

export const setStockResultSchema = z
  .object({ productId: z.string(), qty: count, movements: z.array(stockMovementSchema), alertsSent: count.meta({ description: '到貨通知 mails written by this restock' }) })
  .meta({ id: 'SetStockResult' });

/** The plan as stored: the contract's fields and what the closing job and the console record. */
const storedPlanSchema = groupBuyingPlanSchema.extend({
  outcome: planOutcome.nullable().optional(),
  archived: z.boolean().optional().meta({ description: 'Put away by the owner (never open)' }),
  judgedAt: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

export const adminPlanSummarySchema = z
  .object({
    plan: storedPlanSchema,
    progress: z.object({ orders: count, copies: count, minQuantity: z.number().int().nullable(), updatedAt: z.string() }),
    isOpen: z.boolean(),
    hasOrders: z.boolean().meta({ description: 'Any order, cancelled ones too: such a plan cannot be deleted (archive it)' }),
  })
  .meta({ id: 'AdminPlanSummary' });

const bookTotal = z.object({ productId: z.string(), name: z.string(), qty: count, amount: money });
const pickupTotal = z.object({ pickup: z.string(), orders: count, copies: count, amount: money, byProduct: z.record(z.string(), count) });

const planBookState = z
  .object({ productId: z.string(), name: z.string(), groupPrice: money, launched: z.boolean(), stock: count })
  .meta({ id: 'PlanBookState', description: 'A book of the plan now; an unlaunched one is not shown on the campaign page' });

export const adminPlanDetailSchema = adminPlanSummarySchema
  .extend({
    orders: z.array(orderSchema),
    bookTotals: z.array(bookTotal),
    pickupTotals: z.array(pickupTotal),
    books: z.array(planBookState),
  })
  .meta({ id: 'AdminPlanDetail' });

export const adminPlanSavedSchema = adminPlanSummarySchema
  .extend({ hiddenBooks: z.array(z.object({ productId: z.string(), name: z.string() })).meta({ description: 'Books of the plan not launched: the campaign page leaves them out' }) })
  .meta({ id: 'AdminPlanSaved' });

// --- Bank matching, dashboard, organiser's link, 到貨通知 ---------------------------------------------

const bankDepositResponse = z.object({ row: count, date: z.string(), amount: money, account: z.string(), occurrence: count }).meta({ id: 'BankDeposit' });

export const bankLayoutResponseSchema = z
  .object({ key: z.string(), header: z.array(z.string()), date: z.string(), amount: z.string(), account: z.string() })
  .meta({ id: 'BankLayout' });

export const bankProposalSchema = z
  .object({
    deposit: bankDepositResponse,
    kind: z.enum(['exact', 'ambiguous', 'unmatched', 'alreadyConfirmed']),
    candidates: z.array(
      z.object({ orderId: z.string(), orderNo: z.string(), buyer: z.string(), planId: z.string().nullable(), bankAccountNo: z.string(), totalPrice: money, createdAt: isoInstant }),
    ),
    confirmedOrderNo: z.string().optional(),
  })
  .meta({ id: 'BankProposal' });

export const bankConfirmResultSchema = z
  .object({
    deposit: bankDepositResponse,
    orderId: z.string(),
    outcome: z.enum(['confirmed', 'alreadyConfirmed', 'refused']),
    orderNo: z.string().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'BankConfirmResult' });

const dashboardFigure = { paidOrders: count, paidRevenue: money, awaitingOrders: count, awaitingRevenue: money };

export const dashboardFiguresSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    perDay: z.array(z.object({ day: z.string(), ...dashboardFigure })),
    perMonth: z.array(z.object({ month: z.string(), ...dashboardFigure })),
    byStatus: z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, count])) as Record<(typeof ORDER_STATUSES)[number], typeof count>),
    topBooks: z.array(z.object({ productId: z.string(), name: z.string(), paidCopies: count, paidRevenue: money, awaitingCopies: count })),
    campaigns: z.array(
      z.object({
        planId: z.string(),
        title: z.string(),
        closingDate: z.string(),
        minQuantity: z.number().int().nullable(),
        points: z.array(z.object({ day: z.string(), copies: count, orders: count })),
      }),
    ),
  })
  .meta({ id: 'DashboardFigures' });

export const organizerLinkSchema = z
  .object({
    linkId: z.string(),
    planId: z.string(),
    url: z.string().meta({ description: 'The path to hand out: /organizer?token=…' }),
    createdAt: isoInstant,
    createdBy: z.string(),
    expiresAt: isoInstant,
    revokedAt: z.string().nullable(),
    accessCount: count,
    accesses: z.array(z.object({ at: isoInstant, what: z.enum(['view', 'csv']), ip: z.string() })),
  })
  .meta({ id: 'OrganizerLink' });

export const organizerViewSchema = z
  .object({
    ...planHeading,
    expiresAt: isoInstant,
    bookTotals: z.array(bookTotal),
    pickupTotals: z.array(pickupTotal),
    orders: z.array(
      z.object({
        orderNo: z.string(),
        buyer: z.string(),
        phone: z.string().meta({ description: 'Only the last 3 digits' }),
        items: z.array(z.object({ name: z.string(), qty: count })),
        pickup: z.string(),
        paid: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'OrganizerView' });

export const stockAlertAnswerSchema = z
  .object({ productId: z.string(), status: z.enum(['waiting', 'sent', 'cancelled']) })
  .meta({ id: 'StockAlertAnswer' });

// --- Operations ---------------------------------------------------------------------------------

export const healthAnswerSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string().meta({ description: 'APP_VERSION when the deploy sets one, else the functions package\'s version' }),
    revision: z.string().nullable().meta({ description: 'The Cloud Run revision serving the request (null off Cloud Run)' }),
    firestore: z.object({ reachable: z.literal(true), latencyMs: count }),
    checkedAt: isoInstant,
  })
  .meta({ id: 'HealthAnswer' });

// --- Drift checks: each schema's output type and its interface must be assignable both ways --------

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function same<_T extends true>() {}
same<Same<z.output<typeof errorBodySchema>, ErrorBody>>();
same<Same<z.output<typeof healthAnswerSchema>, HealthAnswer>>();
same<Same<z.output<typeof memberSchema>, Member>>();
same<Same<z.output<typeof productResponseSchema>, Product>>();
same<Same<z.output<typeof productSummarySchema>, ProductSummary>>();
same<Same<z.output<typeof productPlanOfferSchema>, ProductPlanOffer>>();
same<Same<z.output<typeof stockMapResponseSchema>, Record<string, number>>>();
same<Same<z.output<typeof stockRecordSchema>, StockRecord>>();
same<Same<z.output<typeof orderSchema>, Order>>();
same<Same<z.output<typeof groupOrderViewSchema>, GroupOrderView>>();
same<Same<z.output<typeof orderSummarySchema>, OrderSummary>>();
same<Same<z.output<typeof groupPlanViewSchema>, GroupPlanView>>();
same<Same<z.output<typeof shopSettingsSchema>, ShopSettings>>();
same<Same<z.output<typeof publicSettingsSchema>, PublicSettings>>();
same<Same<z.output<typeof homeContentSchema>, HomeContent>>();
same<Same<z.output<typeof inquiryCreatedSchema>, InquiryCreated>>();
same<Same<z.output<typeof subscriptionResultSchema>, SubscriptionResult>>();
same<Same<z.output<typeof unsubscribeResultSchema>, UnsubscribeResult>>();
same<Same<z.output<typeof adminOrderPageSchema>, AdminOrderPage>>();
same<Same<z.output<typeof paymentToCheckSchema>, PaymentToCheck>>();
same<Same<z.output<typeof adminProductSchema>, AdminProduct>>();
same<Same<z.output<typeof stockMovementSchema>, StockMovement>>();
same<Same<z.output<typeof adminPlanSummarySchema>['isOpen'], AdminPlanSummary['isOpen']>>();
same<Same<z.output<typeof adminPlanDetailSchema>['bookTotals'], AdminPlanDetail['bookTotals']>>();
same<Same<z.output<typeof adminPlanDetailSchema>['pickupTotals'], AdminPlanDetail['pickupTotals']>>();
same<Same<z.output<typeof adminPlanDetailSchema>['books'], AdminPlanDetail['books']>>();
same<Same<z.output<typeof adminPlanSavedSchema>['hiddenBooks'], AdminPlanSaved['hiddenBooks']>>();
same<Same<z.output<typeof bankLayoutResponseSchema>, BankLayout>>();
same<Same<z.output<typeof bankProposalSchema>, BankProposal>>();
same<Same<z.output<typeof bankConfirmResultSchema>, BankConfirmResult>>();
same<Same<z.output<typeof dashboardFiguresSchema>, DashboardFigures>>();
same<Same<z.output<typeof organizerLinkSchema>, OrganizerLink>>();
same<Same<z.output<typeof organizerViewSchema>, OrganizerView>>();
same<Same<z.output<typeof stockAlertAnswerSchema>, StockAlertAnswer>>();
