import { z } from 'zod';
import {
  adminIdParams,
  adminOrdersQuerySchema,
  adminPlanInputSchema,
  adminPlanUpdateSchema,
  adminProductInputSchema,
  adminProductUpdateSchema,
  launchInputSchema,
  orderStatusChangeSchema,
  setStockInputSchema,
} from '../contracts/admin';
import {
  confirmPasswordResetInputSchema,
  emailInputSchema,
  idTokenInputSchema,
  oobCodeInputSchema,
  patchMemberInputSchema,
  signInInputSchema,
  signUpInputSchema,
} from '../contracts/auth';
import { orderIdSchema, productIdSchema, uidSchema } from '../contracts/common';
import { inquiryInputSchema, subscriptionInputSchema, unsubscribeInputSchema } from '../contracts/content';
import { ERROR_KEYS } from '../contracts/errors';
import { groupOrderParamsSchema, planParamsSchema } from '../contracts/group-buying';
import { orderLookupInputSchema, placeGroupOrderInputSchema, placeOrderInputSchema } from '../contracts/orders';
import * as res from './responses';
import { stockMapSchema, stockQtyInputSchema } from '../contracts/stock';

// Every route of the API, described once: the OpenAPI document (document.ts) is generated from this
// table, and functions/src/openapi/__tests__/routes.test.ts fails when the Express app serves a route
// that is not here (or this table names one the app does not serve). The request schemas are the very
// zod schemas the routers validate with.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone; anyone, a bearer token optional; any signed-in member; the shop owner. */
export type Access = 'public' | 'optional' | 'member' | 'owner';

export interface SuccessDoc {
  description: string;
  /** A zod schema of the JSON body, or a plain-text media type with its description. */
  schema?: z.ZodType;
  text?: { mediaType: string; description: string };
}

export interface RouteDoc {
  method: Method;
  /** OpenAPI path template, `/api/...` with `{param}`. */
  path: string;
  tag: string;
  operationId: string;
  summary: string;
  description: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Partial<Record<200 | 201, SuccessDoc>>;
  /** The errors this route answers on purpose, by status, with their catalogue keys. */
  errors?: Partial<Record<number, string[]>>;
  /** The route's Cache-Control, when it is not the API's default `no-store`. */
  cache?: string;
}

const K = ERROR_KEYS;
const TOOLKIT = 'Identity Toolkit\'s message verbatim (e.g. `EMAIL_EXISTS`, `INVALID_LOGIN_CREDENTIALS`, `WEAK_PASSWORD : Password should be at least 6 characters`, `INVALID_OOB_CODE`)';
const CATALOGUE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const uidParams = z.object({ uid: uidSchema });
const userParams = z.object({ userId: uidSchema });
const userOrderParams = z.object({ userId: uidSchema, orderId: orderIdSchema });
const productParams = z.object({ productId: productIdSchema });

const auth = (name: string, summary: string, description: string, body: z.ZodType, schema: z.ZodType, errors: RouteDoc['errors'] = {}): RouteDoc => ({
  method: 'post',
  path: `/api/auth/${name}`,
  tag: 'Accounts',
  operationId: `auth_${name}`,
  summary,
  description,
  access: 'public',
  body,
  responses: { 200: { description: "Identity Toolkit's own answer", schema } },
  errors: { 400: [K.badRequest, TOOLKIT], 429: [K.tooManyAttempts], ...errors },
});

export const ROUTES: RouteDoc[] = [
  // --- Accounts (Identity Toolkit) ---
  auth('signUp', 'Create an account', 'Creates the Identity Toolkit account and the member record `members/{uid}`, and signs in.', signUpInputSchema, res.tokenResponseSchema),
  auth('signIn', 'Sign in with email and password', 'Answers the ID and refresh tokens. Failed sign-ins are limited per address and per account.', signInInputSchema, res.tokenResponseSchema),
  auth('sendEmailVerify', 'Send the verification mail', 'Mails a verification link to the account of the ID token.', idTokenInputSchema, res.toolkitEmailResponseSchema),
  auth('confirmEmailVerification', 'Apply a verification link', 'Applies the `oobCode` of a verification mail: the account becomes verified.', oobCodeInputSchema, res.toolkitEmailResponseSchema),
  {
    ...auth('getUserData', 'Read the signed-in account', "Identity Toolkit's accounts:lookup for the ID token (verified first).", idTokenInputSchema, res.toolkitLookupResponseSchema),
    errors: { 400: [K.badRequest, TOOLKIT] },
  },
  auth('sendPasswordResetEmail', 'Send a password-reset mail', 'Mails a reset link; limited per address and per account.', emailInputSchema, res.toolkitEmailResponseSchema),
  auth('verifyPasswordResetCode', 'Check a password-reset link', 'Answers the email of a valid reset `oobCode` without using it.', oobCodeInputSchema, res.toolkitEmailResponseSchema),
  auth('confirmPasswordReset', 'Set a new password from a reset link', 'Uses the reset `oobCode` to set the new password.', confirmPasswordResetInputSchema, res.toolkitEmailResponseSchema),

  // --- Members ---
  {
    method: 'get',
    path: '/api/member/{uid}',
    tag: 'Members',
    operationId: 'getMember',
    summary: 'Read a member record',
    description: 'The member themselves (self) or the shop owner.',
    access: 'member',
    params: uidParams,
    responses: { 200: { description: 'The member record', schema: res.memberSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/member/{uid}',
    tag: 'Members',
    operationId: 'patchMember',
    summary: 'Create or update a member record',
    description: 'Upsert by the member (self) or the owner, e.g. after a Google sign-in. The `idToken` of a social sign-in, when sent, must be that member\'s.',
    access: 'member',
    params: uidParams,
    body: patchMemberInputSchema,
    responses: { 200: { description: 'The stored member record', schema: res.memberSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied] },
  },

  // --- Catalogue ---
  {
    method: 'get',
    path: '/api/products/simple',
    tag: 'Catalogue',
    operationId: 'listProductSummaries',
    summary: 'Launched books, list fields',
    description: 'The launched books in shop order with the fields of a list card. Strong ETag; answers 304 to a matching `If-None-Match`.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(res.productSummarySchema) } },
    cache: CATALOGUE,
  },
  {
    method: 'get',
    path: '/api/products/detail',
    tag: 'Catalogue',
    operationId: 'listProducts',
    summary: 'Launched books, every field',
    description: 'The launched books in shop order with every stored field. Strong ETag.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(res.productResponseSchema) } },
    cache: CATALOGUE,
  },
  {
    method: 'get',
    path: '/api/products/detail/{productId}',
    tag: 'Catalogue',
    operationId: 'getProduct',
    summary: 'One launched book',
    description: 'A launched book with every stored field, or 404 (also for a book not launched). Strong ETag.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The book', schema: res.productResponseSchema } },
    errors: { 400: [K.badRequest], 404: [K.notFound] },
    cache: CATALOGUE,
  },
  {
    method: 'get',
    path: '/api/products/detail/{productId}/plans',
    tag: 'Catalogue',
    operationId: 'listProductPlanOffers',
    summary: 'Open group-buy plans that include a book',
    description: 'The plans open now that sell this book, with their group price (shown on the book page).',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The open plans (possibly none)', schema: z.array(res.productPlanOfferSchema) } },
    errors: { 400: [K.badRequest] },
    cache: 'public, max-age=60, s-maxage=60',
  },

  // --- Stock ---
  {
    method: 'get',
    path: '/api/stock',
    tag: 'Stock',
    operationId: 'listStock',
    summary: 'Copies on hand of every book',
    description: '`{productId: qty}` for every book with a stock record.',
    access: 'public',
    responses: { 200: { description: 'The counts', schema: res.stockMapResponseSchema } },
    cache: 'public, max-age=0, s-maxage=2, must-revalidate',
  },
  {
    method: 'get',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    operationId: 'getStock',
    summary: 'Copies on hand of one book',
    description: 'The count of one book, or 404 `Stock Not Found`.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The count', schema: res.stockRecordSchema } },
    errors: { 400: [K.badRequest], 404: [K.stockNotFound] },
    cache: 'public, max-age=0, s-maxage=2, must-revalidate',
  },
  {
    method: 'patch',
    path: '/api/stock',
    tag: 'Stock',
    operationId: 'setStockMany',
    summary: 'Set the counts of several books',
    description: 'The owner sets `{productId: qty}` for 1 to 500 books at once.',
    access: 'owner',
    body: stockMapSchema,
    responses: { 200: { description: 'The counts as written', schema: res.stockMapResponseSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    operationId: 'setStockOne',
    summary: 'Set the count of one book',
    description: 'The owner sets `{qty}` of one book.',
    access: 'owner',
    params: productParams,
    body: stockQtyInputSchema,
    responses: { 200: { description: 'The count as written', schema: res.stockRecordSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },

  // --- Group buying ---
  {
    method: 'get',
    path: '/api/groupBuying/{planId}',
    tag: 'Group buying',
    operationId: 'getPlan',
    summary: 'A group-buy plan with its books and progress',
    description: 'The plan, its books (name, image, list and group price, stock), `isOpen` and its progress. An unlaunched plan exists only for the owner.',
    access: 'optional',
    params: planParamsSchema,
    responses: { 200: { description: 'The plan', schema: res.groupPlanViewSchema } },
    errors: { 400: [K.badRequest], 404: [K.notFound] },
    cache: 'public, max-age=0, s-maxage=10 (private, no-store for the owner)',
  },
  {
    method: 'get',
    path: '/api/groupOrder/{planId}',
    tag: 'Group buying',
    operationId: 'listPlanOrders',
    summary: 'Every order of a plan',
    description: "The owner's view of a plan's orders, newest first.",
    access: 'owner',
    params: planParamsSchema,
    responses: { 200: { description: 'The orders', schema: z.array(res.orderSchema) } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'get',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    operationId: 'getGroupOrder',
    summary: 'One group order',
    description: 'Whoever holds the order id reads the order; buyer, email, phone, address and bank digits are masked unless the caller is its signed-in buyer or the owner.',
    access: 'optional',
    params: groupOrderParamsSchema,
    responses: { 200: { description: 'The order', schema: res.groupOrderViewSchema } },
    errors: { 400: [K.badRequest], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    operationId: 'placeGroupOrder',
    summary: 'Place a group order',
    description:
      'Anyone (a bearer token optional) places an order in an open plan. The client makes the `orderId` once per checkout; the server prices every line from the plan, checks it is open and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`.',
    access: 'optional',
    params: groupOrderParamsSchema,
    body: placeGroupOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: res.groupOrderViewSchema },
      200: { description: 'The same request again: the order placed before', schema: res.groupOrderViewSchema },
    },
    errors: { 400: [K.badRequest], 404: [K.notFound], 409: [K.outOfStock, K.planClosed, K.orderConflict] },
  },

  // --- Shop orders ---
  {
    method: 'post',
    path: '/api/order/lookup',
    tag: 'Orders',
    operationId: 'lookupOrder',
    summary: 'Look up an order by number and email or phone',
    description: 'A summary of the order for whoever knows its number and its email or phone. The same 404 for a wrong contact and for no such order; rate-limited per address.',
    access: 'public',
    body: orderLookupInputSchema,
    responses: { 200: { description: 'The order summary', schema: res.orderSummarySchema } },
    errors: { 400: [K.badRequest], 404: [K.notFound], 429: [K.tooManyAttempts] },
  },
  {
    method: 'get',
    path: '/api/order/{userId}',
    tag: 'Orders',
    operationId: 'listMemberOrders',
    summary: "A member's orders",
    description: "The member's orders (shop and signed-in group orders), newest first; self or owner.",
    access: 'member',
    params: userParams,
    responses: { 200: { description: 'The orders', schema: z.array(res.orderSchema) } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied] },
  },
  {
    method: 'get',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    operationId: 'getMemberOrder',
    summary: "One of a member's orders",
    description: 'Self or owner; 404 when the order is not this member\'s.',
    access: 'member',
    params: userOrderParams,
    responses: { 200: { description: 'The order', schema: res.orderSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    operationId: 'placeOrder',
    summary: 'Place a shop order',
    description:
      'A member with a verified email orders for themselves. The client makes the `orderId` once per checkout; the server prices every line and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`; not enough stock answers 409 `OUT_OF_STOCK` and takes nothing.',
    access: 'member',
    params: userOrderParams,
    body: placeOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: res.orderSchema },
      200: { description: 'The same request again: the order placed before', schema: res.orderSchema },
    },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied, K.emailNotVerified], 404: [K.notFound], 409: [K.outOfStock, K.orderConflict] },
  },

  // --- Settings and content ---
  {
    method: 'get',
    path: '/api/settings/shop',
    tag: 'Content',
    operationId: 'getShopSettings',
    summary: "The shop's public settings",
    description: 'Bank details (shown on every order), shipping rules, the payment deadline and contacts.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: res.shopSettingsSchema } },
    cache: CATALOGUE,
  },
  {
    method: 'get',
    path: '/api/content/settings',
    tag: 'Content',
    operationId: 'getContentSettings',
    summary: "The shop's public settings (content pages)",
    description: 'The same settings as `/api/settings/shop`, for the contact and information pages.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: res.shopSettingsSchema } },
    cache: CATALOGUE,
  },
  {
    method: 'get',
    path: '/api/content/home',
    tag: 'Content',
    operationId: 'getHomeContent',
    summary: 'The home page: campaigns open now',
    description: 'The launched group-buy campaigns whose closing date is in the future.',
    access: 'public',
    responses: { 200: { description: 'The home content', schema: res.homeContentSchema } },
    cache: CATALOGUE,
  },
  {
    method: 'post',
    path: '/api/inquiries',
    tag: 'Content',
    operationId: 'createInquiry',
    summary: 'Send an inquiry',
    description: 'The contact, business and closed-campaign forms. Markup is refused, never stripped; rate-limited per address.',
    access: 'public',
    body: inquiryInputSchema,
    responses: { 201: { description: 'The inquiry was stored', schema: res.inquiryCreatedSchema } },
    errors: { 400: [K.badRequest], 429: [K.tooManyAttempts] },
  },
  {
    method: 'post',
    path: '/api/subscriptions',
    tag: 'Content',
    operationId: 'subscribeNewsletter',
    summary: 'Subscribe to the newsletter',
    description: 'Subscribes an email; 201 when new (a welcome mail is queued), 200 when it was already subscribed. Rate-limited per address.',
    access: 'public',
    body: subscriptionInputSchema,
    responses: {
      201: { description: 'Subscribed', schema: res.subscriptionResultSchema },
      200: { description: 'Already subscribed', schema: res.subscriptionResultSchema },
    },
    errors: { 400: [K.badRequest], 429: [K.tooManyAttempts] },
  },
  {
    method: 'post',
    path: '/api/subscriptions/cancel',
    tag: 'Content',
    operationId: 'unsubscribeNewsletter',
    summary: 'Unsubscribe by the signed link of a newsletter mail',
    description: 'The token of the link in every newsletter mail. A bad, expired or used link answers 400 with its own key.',
    access: 'public',
    body: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: res.unsubscribeResultSchema } },
    errors: { 400: [K.badRequest, 'INVALID_UNSUBSCRIBE_LINK', 'UNSUBSCRIBE_LINK_EXPIRED', 'UNSUBSCRIBE_LINK_USED'] },
  },
  {
    method: 'post',
    path: '/api/subscriptions/one-click',
    tag: 'Content',
    operationId: 'unsubscribeNewsletterOneClick',
    summary: 'One-click unsubscribe from a mail client (RFC 8058)',
    description:
      'The `List-Unsubscribe` address of every newsletter mail, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client posts the form body `List-Unsubscribe=One-Click`, which is accepted and ignored (this route alone takes a non-JSON body); the signed token in the query decides. Answers as `/api/subscriptions/cancel`.',
    access: 'public',
    query: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: res.unsubscribeResultSchema } },
    errors: { 400: [K.badRequest, 'INVALID_UNSUBSCRIBE_LINK', 'UNSUBSCRIBE_LINK_EXPIRED', 'UNSUBSCRIBE_LINK_USED'] },
  },

  // --- The owner's console ---
  {
    method: 'get',
    path: '/api/admin/orders',
    tag: 'Owner',
    operationId: 'adminListOrders',
    summary: 'Orders with filters, newest first',
    description: 'Filters by status, plan (`shop` for shop orders), Taiwan calendar days and free text; pages by `cursor` (the previous page\'s `nextCursor`).',
    access: 'owner',
    query: adminOrdersQuerySchema,
    responses: { 200: { description: 'One page of orders', schema: res.adminOrderPageSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied] },
  },
  {
    method: 'get',
    path: '/api/admin/orders/{orderId}',
    tag: 'Owner',
    operationId: 'adminGetOrder',
    summary: 'One order',
    description: 'Any order, shop or group, unmasked.',
    access: 'owner',
    params: adminIdParams.order,
    responses: { 200: { description: 'The order', schema: res.orderSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{orderId}/status',
    tag: 'Owner',
    operationId: 'adminChangeOrderStatus',
    summary: "Change an order's status",
    description:
      'Marks a payment (`preparing`, with the account digits and amount read on the bank statement), ships (`shipped`, with the delivery), cancels or refunds (stock returns once). Only the transitions the shop allows; others answer 409 `INVALID_TRANSITION`.',
    access: 'owner',
    params: adminIdParams.order,
    body: orderStatusChangeSchema,
    responses: { 200: { description: 'The order after the change', schema: res.orderSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound], 409: [K.invalidTransition] },
  },
  {
    method: 'get',
    path: '/api/admin/payments',
    tag: 'Owner',
    operationId: 'adminPaymentsToCheck',
    summary: 'Payments to check',
    description: 'Orders awaiting payment, oldest deadline first, with the digits to compare with the bank statement.',
    access: 'owner',
    responses: { 200: { description: 'The queue', schema: z.array(res.paymentToCheckSchema) } },
    errors: { 403: [K.permissionDenied] },
  },
  {
    method: 'get',
    path: '/api/admin/products',
    tag: 'Owner',
    operationId: 'adminListProducts',
    summary: 'Every book with its stock',
    description: 'Launched and hidden books in shop order, each with its count on hand.',
    access: 'owner',
    responses: { 200: { description: 'The books', schema: z.array(res.adminProductSchema) } },
    errors: { 403: [K.permissionDenied] },
  },
  {
    method: 'post',
    path: '/api/admin/products',
    tag: 'Owner',
    operationId: 'adminCreateProduct',
    summary: 'Create a book',
    description: 'A new book (hidden until launched); an id that exists answers 409 `ALREADY_EXISTS` and writes nothing.',
    access: 'owner',
    body: adminProductInputSchema,
    responses: { 201: { description: 'The book', schema: res.adminProductSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 409: [K.alreadyExists] },
  },
  {
    method: 'get',
    path: '/api/admin/products/{productId}',
    tag: 'Owner',
    operationId: 'adminGetProduct',
    summary: 'One book with its stock',
    description: 'A book, launched or hidden.',
    access: 'owner',
    params: adminIdParams.product,
    responses: { 200: { description: 'The book', schema: res.adminProductSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'put',
    path: '/api/admin/products/{productId}',
    tag: 'Owner',
    operationId: 'adminUpdateProduct',
    summary: 'Replace a book',
    description: "Every stored field of a book; the id comes from the path.",
    access: 'owner',
    params: adminIdParams.product,
    body: adminProductUpdateSchema,
    responses: { 200: { description: 'The book', schema: res.adminProductSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/admin/products/{productId}/launch',
    tag: 'Owner',
    operationId: 'adminLaunchProduct',
    summary: 'Launch or hide a book',
    description: 'Sets `launched`; the public catalogue follows.',
    access: 'owner',
    params: adminIdParams.product,
    body: launchInputSchema,
    responses: { 200: { description: 'The book', schema: res.adminProductSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'get',
    path: '/api/admin/stock/{productId}/movements',
    tag: 'Owner',
    operationId: 'adminStockMovements',
    summary: "A book's stock movements",
    description: "The owner's changes of the count, newest first, with before, after, reason and who.",
    access: 'owner',
    params: adminIdParams.product,
    responses: { 200: { description: 'The movements', schema: z.array(res.stockMovementSchema) } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied] },
  },
  {
    method: 'put',
    path: '/api/admin/stock/{productId}',
    tag: 'Owner',
    operationId: 'adminSetStock',
    summary: "Set a book's count with a reason",
    description: 'Writes the count and logs a movement in one transaction.',
    access: 'owner',
    params: adminIdParams.product,
    body: setStockInputSchema,
    responses: { 200: { description: 'The count and the latest movements', schema: res.setStockResultSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'get',
    path: '/api/admin/plans',
    tag: 'Owner',
    operationId: 'adminListPlans',
    summary: 'Every group-buy plan',
    description: 'Launched or not, newest closing first, with progress and `isOpen`.',
    access: 'owner',
    responses: { 200: { description: 'The plans', schema: z.array(res.adminPlanSummarySchema) } },
    errors: { 403: [K.permissionDenied] },
  },
  {
    method: 'post',
    path: '/api/admin/plans',
    tag: 'Owner',
    operationId: 'adminCreatePlan',
    summary: 'Create a group-buy plan',
    description: 'A new campaign closing in the future with books that exist; an id that exists answers 409 `ALREADY_EXISTS`.',
    access: 'owner',
    body: adminPlanInputSchema,
    responses: { 201: { description: 'The plan', schema: res.adminPlanSummarySchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 409: [K.alreadyExists] },
  },
  {
    method: 'get',
    path: '/api/admin/plans/{planId}',
    tag: 'Owner',
    operationId: 'adminGetPlan',
    summary: 'One plan with its orders and totals',
    description: 'The plan, its orders, totals per book and per pickup point.',
    access: 'owner',
    params: adminIdParams.plan,
    responses: { 200: { description: 'The plan', schema: res.adminPlanDetailSchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'put',
    path: '/api/admin/plans/{planId}',
    tag: 'Owner',
    operationId: 'adminUpdatePlan',
    summary: 'Replace a plan',
    description: 'Every field of a plan; the id comes from the path.',
    access: 'owner',
    params: adminIdParams.plan,
    body: adminPlanUpdateSchema,
    responses: { 200: { description: 'The plan', schema: res.adminPlanSummarySchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'patch',
    path: '/api/admin/plans/{planId}/launch',
    tag: 'Owner',
    operationId: 'adminLaunchPlan',
    summary: 'Launch or hide a plan',
    description: 'Sets `launched`.',
    access: 'owner',
    params: adminIdParams.plan,
    body: launchInputSchema,
    responses: { 200: { description: 'The plan', schema: res.adminPlanSummarySchema } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },
  {
    method: 'get',
    path: '/api/admin/plans/{planId}/orders.csv',
    tag: 'Owner',
    operationId: 'adminPlanCsv',
    summary: "A plan's orders as CSV",
    description: 'UTF-8 with a byte-order mark (opens in Excel), one line per order line.',
    access: 'owner',
    params: adminIdParams.plan,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
    errors: { 400: [K.badRequest], 403: [K.permissionDenied], 404: [K.notFound] },
  },

  // --- This document ---
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of the API, generated from the zod contracts at build time.',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document', schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) } },
    cache: 'public, max-age=300, s-maxage=3600',
  },
];
