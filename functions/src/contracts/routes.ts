import { z } from 'zod';
import {
  adminIdParams,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminPlanDetailSchema,
  adminPlanInputSchema,
  adminPlanSavedSchema,
  adminPlanSummarySchema,
  adminPlanUpdateSchema,
  adminProductInputSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  archiveInputSchema,
  campaignOutcomeResultSchema,
  deliveryCorrectionSchema,
  launchInputSchema,
  orderStatusChangeSchema,
  paymentToCheckSchema,
  setStockInputSchema,
  setStockResultSchema,
  stockMovementSchema,
} from './admin';
import {
  confirmPasswordResetInputSchema,
  emailInputSchema,
  idTokenInputSchema,
  memberSchema,
  oobCodeInputSchema,
  patchMemberInputSchema,
  signInInputSchema,
  signUpInputSchema,
  tokenResponseSchema,
  toolkitEmailResponseSchema,
  toolkitLookupResponseSchema,
} from './auth';
import { lineCallbackAnswerSchema, lineCallbackInputSchema, lineEmailAnswerSchema, lineEmailInputSchema, lineLinkSchema, lineStartAnswerSchema, lineStartInputSchema } from './line';
import { bankConfirmInputSchema, bankConfirmResultSchema, bankLayoutResponseSchema, bankMatchInputSchema, bankProposalSchema } from './bank';
import { orderIdSchema, productIdSchema, textSchema, uidSchema } from './common';
import {
  homeContentSchema,
  inquiryCreatedSchema,
  inquiryInputSchema,
  publicSettingsSchema,
  subscriptionInputSchema,
  subscriptionResultSchema,
  UNSUBSCRIBE_ERRORS,
  unsubscribeInputSchema,
  unsubscribeResultSchema,
} from './content';
import { dashboardFiguresSchema, dashboardQuerySchema } from './dashboard';
import { ERROR_KEYS } from './errors';
import { campaignOutcomeInputSchema, groupOrderParamsSchema, groupOrderViewSchema, groupPlanViewSchema, planParamsSchema } from './group-buying';
import { healthAnswerSchema } from './health';
import { correctInvoiceInputSchema, invoicePeriodQuerySchema, invoiceRowsSchema, markInvoiceInputSchema } from './invoices';
import { adminInquiriesQuerySchema, adminInquiryListSchema, adminInquirySchema, inquiryParams, inquiryReplyInputSchema } from './inquiries';
import { bankDigitsInputSchema, lookupBankDigitsInputSchema, orderLookupInputSchema, orderSchema, orderSummarySchema, placeGroupOrderInputSchema, placeOrderInputSchema } from './orders';
import { deskLinkInputSchema, organizerHandoverRowAnswer, organizerLinkParams, organizerLinkSchema, organizerTokenParams, organizerViewSchema, pickupParams } from './organizer';
import { productPlanOfferSchema, productResponseSchema, productSummarySchema } from './products';
import { adminSettingsInputSchema, adminSettingsSchema } from './settings';
import { stockMapResponseSchema, stockMapSchema, stockQtyInputSchema, stockRecordSchema } from './stock';
import { stockAlertAnswerSchema, stockAlertCancelSchema, stockAlertInputSchema } from './stock-alerts';
import { closeReminderAnswerSchema, closeReminderCancelSchema, closeReminderInputSchema } from './close-reminders';

// Every route of the API, declared once: method, path, who may call, the request's schemas, the
// answers' schemas, Cache-Control, rate limits and the documented refusals. From this table
//   - the server mounts its routes (functions/src/http/route.ts applies access, limits, validation and
//     Cache-Control; each api/<resource>/routes.ts binds the handlers next to their declarations),
//   - `npm run openapi` generates the OpenAPI document (functions/src/openapi/document.ts),
//   - the web's API client takes its types (web/src/lib/api-client.ts; type-only, so zod stays out of
//     the browser's first JS),
//   - the hostile corpus takes its routes (tests/hostile/corpus.test.ts),
// and functions/src/openapi/__tests__/routes.test.ts proves that what runs is what is declared here.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone; anyone, a bearer token optional; any signed-in member; the shop owner. */
export type Access = 'public' | 'optional' | 'member' | 'owner';

/**
 * A rate limit, counted in Firestore across instances (http/middleware/rate-limit.ts, docs/limits.md).
 * `per`: whose counter: the client's address (default), the body's email or phone (canonical,
 * functions/src/domain/contact.ts), the body's email from this client, or the signed-in account. `count: 'failures'` counts only refused attempts.
 */
export interface LimitDecl {
  name: string;
  windowMs: number;
  limit: number;
  per?: 'client' | 'email' | 'phone' | 'emailAndClient' | 'account';
  count?: 'all' | 'failures' | 'created';
}

export interface SuccessDecl {
  description: string;
  /** A zod schema of the JSON body, or a plain-text media type with its description. */
  schema?: z.ZodType;
  text?: { mediaType: string; description: string };
}

export interface RouteDecl {
  method: Method;
  /** OpenAPI path template, `/api/...` with `{param}`. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: Access;
  /**
   * The caller must be the member that this path parameter names; `owner: true` lets the shop owner in
   * too. Checked after validation (403 `Permission denied`).
   */
  self?: { param: string; owner: boolean };
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Partial<Record<200 | 201 | 204, SuccessDecl>>;
  /**
   * The refusals of this route's own rules, by status, with their catalogue keys. What its access and its
   * validation imply (401, 403 for members and the owner, 400 for a schema, 413 and 415 for a body) and
   * 500/503 are added by the document's generator.
   */
  errors?: Partial<Record<number, readonly string[]>>;
  /** Cache-Control of the route's answers (default `no-store`, as every failure). */
  cache?: string;
  /** Cache-Control when the caller is the shop owner (an answer that differs for them). */
  ownerCache?: string;
  /** Rate limits, in order. */
  limits?: readonly LimitDecl[];
  /** The limits count only requests that passed validation (refused input costs nothing). */
  limitValidOnly?: boolean;
  /** The largest JSON body accepted, in bytes (default 64 KiB, http/middleware/body.ts). */
  bodyLimit?: number;
  /** The body is not read at all, whatever its type (RFC 8058's one-click form post). */
  ignoresBody?: boolean;
  /**
   * How long the request may wait before it answers 503 (http/middleware/deadline.ts): `placement` for
   * the routes that take stock through the allocator, which withdraws a request only at its own, longer
   * deadline; `read` (the default) for the rest.
   */
  deadline?: 'read' | 'placement';
}

/** Keeps each declaration's literal types (method, path, schemas) for the typed client. */
const route = <const D extends RouteDecl>(d: D): D => d;

const K = ERROR_KEYS;
const TOOLKIT = 'Identity Toolkit\'s message verbatim (e.g. `EMAIL_EXISTS`, `INVALID_LOGIN_CREDENTIALS`, `WEAK_PASSWORD : Password should be at least 6 characters`, `INVALID_OOB_CODE`)';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Public catalogue and content answers: browsers keep them briefly, Hosting's CDN longer. */
const CATALOGUE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
/** Plans open and close by the clock: a shorter CDN life than the books themselves. */
const PLAN_OFFERS = 'public, max-age=60, s-maxage=60';
/**
 * Stock changes with every order, so it is never cached for long: browsers revalidate every time
 * (ETag), and the CDN may absorb a burst for 2 s. The book pages follow the count live via Firestore.
 */
const STOCK = 'public, max-age=0, s-maxage=2, must-revalidate';
/** Progress is live through Firestore; the CDN may hold the plan for a few seconds, browsers revalidate. */
const PLAN = 'public, max-age=0, s-maxage=10';
/** Answers for one person only: never in a shared cache. */
const PRIVATE = 'private, no-store';
/** The owner's console: 401 without a token, 403 for anyone but the owner, never cached. */
const OWNER = { access: 'owner', cache: PRIVATE } as const;
/**
 * The owner's bank statement calls alone take more: 500 deposits (MAX_STATEMENT_DEPOSITS) with a
 * 200-character memo each are about 633 KB of JSON (docs/admin.md). Only the owner gets past the
 * route's auth; an anonymous caller's body is refused there, after at most this much was read.
 */
const BANK_BODY_LIMIT = 1024 * 1024;

/** Order lookups per client address: slows down guessing order numbers and contacts. */
const LOOKUP_LIMIT = { name: 'order-lookup', windowMs: 15 * MINUTE, limit: 10 } as const;

// The sign-in limits (docs/limits.md, "Sign-in"): per client address, every attempt counts. Failed
// sign-ins count per account AND client (a guesser locks only their own client out of that account)
// and, with a ten times higher ceiling, per account from everywhere (a guesser who rotates addresses
// still stops, and locking a member out takes ten networks, not ten requests). Reset mails count per
// account (nobody's inbox gets flooded). Mail links carry long random codes; the oob-code limit only
// stops a script from spraying guesses.
const AUTH_LIMITS = {
  signIn: [
    { name: 'auth-sign-in-ip', windowMs: 15 * MINUTE, limit: 30 },
    { name: 'auth-sign-in-account-client', windowMs: 60 * MINUTE, limit: 10, per: 'emailAndClient', count: 'failures' },
    { name: 'auth-sign-in-account', windowMs: 60 * MINUTE, limit: 100, per: 'email', count: 'failures' },
  ],
  signUp: [{ name: 'auth-sign-up-ip', windowMs: 60 * MINUTE, limit: 10 }],
  resetMail: [
    { name: 'auth-reset-mail-ip', windowMs: 15 * MINUTE, limit: 10 },
    { name: 'auth-reset-mail-account', windowMs: 15 * MINUTE, limit: 3, per: 'email' },
  ],
  verifyMail: [{ name: 'auth-verify-mail-ip', windowMs: 15 * MINUTE, limit: 10 }],
  oobCode: [{ name: 'auth-oob-code-ip', windowMs: 15 * MINUTE, limit: 60 }],
} as const satisfies Record<string, readonly LimitDecl[]>;

const uidParams = z.object({ uid: uidSchema });
const userParams = z.object({ userId: uidSchema });
const userOrderParams = z.object({ userId: uidSchema, orderId: orderIdSchema });
const productParams = z.object({ productId: productIdSchema });
const UNSUBSCRIBE_KEYS = [UNSUBSCRIBE_ERRORS.invalid, UNSUBSCRIBE_ERRORS.expired, UNSUBSCRIBE_ERRORS.used];

const auth = <const N extends string, B extends z.ZodType, S extends z.ZodType>(name: N, summary: string, description: string, body: B, schema: S, limits: readonly LimitDecl[]) =>
  route({
    method: 'post',
    path: `/api/auth/${name}`,
    tag: 'Accounts',
    summary,
    description,
    access: 'public',
    body,
    responses: { 200: { description: "Identity Toolkit's own answer", schema } },
    errors: limits.length ? { 400: [TOOLKIT], 429: [K.tooManyAttempts] } : { 400: [TOOLKIT] },
    limits,
  });

/** What the pickup desk's mark and its undo share: the token, the order, the row answered, the refusals, the limit. */
const PICKUP_DESK = {
  access: 'public',
  params: pickupParams,
  responses: { 200: { description: 'The order\'s handover row', schema: organizerHandoverRowAnswer } },
  errors: { 403: [K.permissionDenied], 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] },
  cache: PRIVATE,
  limits: [{ name: 'organizer-desk', windowMs: MINUTE, limit: 60 }],
} as const;

/** What an email sign-up's declarations say for themselves (到貨通知, 「截止前提醒我」). */
interface SignUpDecl<P extends string, B extends z.ZodType, S extends z.ZodType> {
  path: P;
  tag: string;
  summary: string;
  description: string;
  body: B;
  answer: { description: string; schema: S };
}

/** A POST of an email sign-up (its own or its cancel), with what is particular to it (`extra`). */
const signUpRoute = <const P extends string, B extends z.ZodType, S extends z.ZodType, const X extends Pick<RouteDecl, 'errors' | 'limits'>>(d: SignUpDecl<P, B, S>, extra: X) =>
  route({ method: 'post', path: d.path, tag: d.tag, summary: d.summary, description: d.description, access: 'public', body: d.body, responses: { 200: d.answer }, ...extra });

/**
 * An email sign-up whose mail carries a signed cancel link: public, one 409 of its own, limited per
 * address (`{limitName}-ip`) and per email (`{limitName}-email`).
 */
const emailSignUp = <const P extends string, const L extends string, B extends z.ZodType, S extends z.ZodType>(d: SignUpDecl<P, B, S> & { limitName: L; conflict: string }) =>
  signUpRoute(d, {
    limits: [
      { name: `${d.limitName}-ip`, windowMs: 10 * MINUTE, limit: 10 },
      { name: `${d.limitName}-email`, windowMs: HOUR, limit: 10, per: 'email' },
    ],
    errors: { 404: [K.notFound], 409: [d.conflict], 429: [K.tooManyAttempts] },
  });

/** The cancel of an email sign-up, with the signed token of its mail's link (404 for none). */
const signedCancel = <const P extends string, B extends z.ZodType, S extends z.ZodType>(d: SignUpDecl<P, B, S>) => signUpRoute(d, { errors: { 404: [K.notFound] } });

export const ROUTES = {

  // --- Accounts (Identity Toolkit) ---
  auth_signUp: auth('signUp', 'Create an account', 'Creates the Identity Toolkit account and the member record `members/{uid}`, and signs in.', signUpInputSchema, tokenResponseSchema, AUTH_LIMITS.signUp),
  auth_signIn: auth('signIn', 'Sign in with email and password', 'Answers the ID and refresh tokens. Failed sign-ins are limited per address and per account.', signInInputSchema, tokenResponseSchema, AUTH_LIMITS.signIn),
  auth_sendEmailVerify: auth('sendEmailVerify', 'Send the verification mail', "Mails a verification link to the account of the ID token: the shop's own zh-Hant mail through its outbox, the code from the Admin SDK, the link to the configured site's /user/authAction (never a request header's host).", idTokenInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.verifyMail),
  auth_confirmEmailVerification: auth('confirmEmailVerification', 'Apply a verification link', 'Applies the `oobCode` of a verification mail: the account becomes verified.', oobCodeInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),
  auth_getUserData: auth('getUserData', 'Read the signed-in account', "Identity Toolkit's accounts:lookup for the ID token (verified first).", idTokenInputSchema, toolkitLookupResponseSchema, []),
  auth_sendPasswordResetEmail: auth('sendPasswordResetEmail', 'Send a password-reset mail', "Mails a reset link (the shop's own mail, the link to the configured site's /user/authAction); limited per address and per account. An unknown address gets the same 200 and no mail (as with email enumeration protection).", emailInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.resetMail),
  auth_verifyPasswordResetCode: auth('verifyPasswordResetCode', 'Check a password-reset link', 'Answers the email of a valid reset `oobCode` without using it.', oobCodeInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),
  auth_confirmPasswordReset: auth('confirmPasswordReset', 'Set a new password from a reset link', 'Uses the reset `oobCode` to set the new password.', confirmPasswordResetInputSchema, toolkitEmailResponseSchema, AUTH_LIMITS.oobCode),

  // --- Sign in with LINE (issue 36; docs/accounts.md "Sign in with LINE") ---
  // LINE Login v2.1's code flow with PKCE, state and nonce: start gives LINE's URL and sets the browser's
  // binding cookie (`__session`, HttpOnly, path /api/auth/line, 10 minutes: the one cookie Hosting passes
  // to functions); LINE sends the browser to /user/line/callback, which posts the code here.
  lineStart: route({
    method: 'post',
    path: '/api/auth/line/start',
    tag: 'Accounts',
    summary: 'Start a LINE login',
    description:
      "Keeps the login's state, nonce and PKCE verifier in Firestore (10 minutes, used once), bound to this browser by an HttpOnly `__session` cookie, and answers LINE's authorization URL. `purpose: link` (from the profile) needs the member's bearer token. 503 while the project has no LINE channel.",
    access: 'optional',
    body: lineStartInputSchema,
    responses: { 200: { description: "LINE's authorization URL", schema: lineStartAnswerSchema } },
    errors: { 409: [K.lineAlreadyLinked], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'auth-line-ip', windowMs: 15 * MINUTE, limit: 60 }],
  }),
  lineCallback: route({
    method: 'post',
    path: '/api/auth/line/callback',
    tag: 'Accounts',
    summary: 'Finish a LINE login',
    description:
      "The code and state LINE sent back. The state must be a login this browser started, unexpired and unused (else 400 `LINE_STATE_INVALID`); the code is exchanged with the PKCE verifier and LINE's HS256 ID token verified (issuer, audience, expiry, nonce; else 400 `LINE_TOKEN_INVALID`). Signs in with a Firebase custom token (the LINE identity's own account, `line-<LINE user id>`, made on its first sign-in, or the account it was linked to) and answers Identity Toolkit's tokens; a `link` login links the identity to the member who started it (409 `LINE_ALREADY_LINKED` when it has an account or link already).",
    access: 'optional',
    body: lineCallbackInputSchema,
    responses: { 200: { description: 'Signed in (tokens) or linked', schema: lineCallbackAnswerSchema } },
    errors: { 400: [K.lineStateInvalid, K.lineTokenInvalid, TOOLKIT], 403: [K.permissionDenied], 409: [K.lineAlreadyLinked], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'auth-line-ip', windowMs: 15 * MINUTE, limit: 60 }],
  }),
  lineSetEmail: route({
    method: 'post',
    path: '/api/auth/line/email',
    tag: 'Accounts',
    summary: "Give a LINE account's email",
    description: "A LINE account without a verified email sets one (unverified) and is sent the verification mail, as after an email sign-up. Another account's address is Identity Toolkit's `EMAIL_EXISTS`; 403 for any other account.",
    access: 'member',
    body: lineEmailInputSchema,
    responses: { 200: { description: 'The address the verification mail went to', schema: lineEmailAnswerSchema } },
    errors: { 400: [TOOLKIT], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: AUTH_LIMITS.verifyMail,
  }),
  getLineLink: route({
    method: 'get',
    path: '/api/auth/line/link',
    tag: 'Accounts',
    summary: "The member's LINE link",
    description: 'Whether LINE signs in to this account: its own (a LINE account) or linked from the profile.',
    access: 'member',
    responses: { 200: { description: 'The link', schema: lineLinkSchema } },
    cache: PRIVATE,
  }),
  deleteLineLink: route({
    method: 'delete',
    path: '/api/auth/line/link',
    tag: 'Accounts',
    summary: 'Unlink LINE',
    description: "Removes the LINE identity linked to this account (nothing when none); a LINE account's own identity cannot be removed (403).",
    access: 'member',
    responses: { 200: { description: 'The link, now none', schema: lineLinkSchema } },
    cache: PRIVATE,
  }),

  // --- Members ---
  getMember: route({
    method: 'get',
    path: '/api/member/{uid}',
    tag: 'Members',
    summary: 'Read a member record',
    description: 'The member themselves (self) or the shop owner.',
    access: 'member',
    self: { param: 'uid', owner: true },
    params: uidParams,
    responses: { 200: { description: 'The member record', schema: memberSchema } },
    errors: { 404: [K.notFound] },
  }),
  patchMember: route({
    method: 'patch',
    path: '/api/member/{uid}',
    tag: 'Members',
    summary: 'Create or update a member record',
    description: 'Upsert by the member (self) or the owner, e.g. after a Google sign-in. The `idToken` of a social sign-in, when sent, must be that member\'s.',
    access: 'member',
    self: { param: 'uid', owner: true },
    params: uidParams,
    body: patchMemberInputSchema,
    responses: { 200: { description: 'The stored member record', schema: memberSchema } },
  }),

  // --- Catalogue ---
  listProductSummaries: route({
    method: 'get',
    path: '/api/products/simple',
    tag: 'Catalogue',
    summary: 'Launched books, list fields',
    description: 'The launched books in shop order with the fields of a list card. Strong ETag; answers 304 to a matching `If-None-Match`.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(productSummarySchema) } },
    cache: CATALOGUE,
  }),
  listProducts: route({
    method: 'get',
    path: '/api/products/detail',
    tag: 'Catalogue',
    summary: 'Launched books, every field',
    description: 'The launched books in shop order with every stored field. Strong ETag.',
    access: 'public',
    responses: { 200: { description: 'The books', schema: z.array(productResponseSchema) } },
    cache: CATALOGUE,
  }),
  getProduct: route({
    method: 'get',
    path: '/api/products/detail/{productId}',
    tag: 'Catalogue',
    summary: 'One launched book',
    description: 'A launched book with every stored field, or 404 (also for a book not launched). Strong ETag.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The book', schema: productResponseSchema } },
    errors: { 404: [K.notFound] },
    cache: CATALOGUE,
  }),
  listProductPlanOffers: route({
    method: 'get',
    path: '/api/products/detail/{productId}/plans',
    tag: 'Catalogue',
    summary: 'Open group-buy plans that include a book',
    description: 'The plans open now that sell this book, with their group price (shown on the book page).',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The open plans (possibly none)', schema: z.array(productPlanOfferSchema) } },
    cache: PLAN_OFFERS,
  }),

  // --- Stock ---
  listStock: route({
    method: 'get',
    path: '/api/stock',
    tag: 'Stock',
    summary: 'Copies on hand of every book',
    description: '`{productId: qty}` for every book with a stock record.',
    access: 'public',
    responses: { 200: { description: 'The counts', schema: stockMapResponseSchema } },
    cache: STOCK,
  }),
  getStock: route({
    method: 'get',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    summary: 'Copies on hand of one book',
    description: 'The count of one book, or 404 `Stock Not Found`.',
    access: 'public',
    params: productParams,
    responses: { 200: { description: 'The count', schema: stockRecordSchema } },
    errors: { 404: [K.stockNotFound] },
    cache: STOCK,
  }),
  setStockMany: route({
    method: 'patch',
    path: '/api/stock',
    tag: 'Stock',
    summary: 'Set the counts of several books',
    description: 'The owner sets `{productId: qty}` for 1 to 500 books at once.',
    ...OWNER,
    body: stockMapSchema,
    responses: { 200: { description: 'The counts as written', schema: stockMapResponseSchema } },
    errors: { 404: [K.notFound] },
  }),
  setStockOne: route({
    method: 'patch',
    path: '/api/stock/{productId}',
    tag: 'Stock',
    summary: 'Set the count of one book',
    description: 'The owner sets `{qty}` of one book.',
    ...OWNER,
    params: productParams,
    body: stockQtyInputSchema,
    responses: { 200: { description: 'The count as written', schema: stockRecordSchema } },
    errors: { 404: [K.notFound] },
  }),

  // --- Group buying ---
  getPlan: route({
    method: 'get',
    path: '/api/groupBuying/{planId}',
    tag: 'Group buying',
    summary: 'A group-buy plan with its books and progress',
    description: 'The plan, its books (name, image, list and group price, stock), `isOpen` and its progress. An unlaunched plan exists only for the owner.',
    access: 'optional',
    params: planParamsSchema,
    responses: { 200: { description: 'The plan', schema: groupPlanViewSchema } },
    errors: { 404: [K.notFound] },
    cache: PLAN,
    ownerCache: PRIVATE,
  }),
  listPlanOrders: route({
    method: 'get',
    path: '/api/groupOrder/{planId}',
    tag: 'Group buying',
    summary: 'Every order of a plan',
    description: "The owner's view of a plan's orders, newest first.",
    ...OWNER,
    params: planParamsSchema,
    responses: { 200: { description: 'The orders', schema: z.array(orderSchema) } },
    errors: { 404: [K.notFound] },
  }),
  getGroupOrder: route({
    method: 'get',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    summary: 'One group order',
    description: 'Whoever holds the order id reads the order; buyer, email, phone, address and bank digits are masked unless the caller is its signed-in buyer or the owner.',
    access: 'optional',
    params: groupOrderParamsSchema,
    responses: { 200: { description: 'The order', schema: groupOrderViewSchema } },
    errors: { 404: [K.notFound] },
  }),
  placeGroupOrder: route({
    method: 'patch',
    path: '/api/groupOrder/{planId}/{orderId}',
    tag: 'Group buying',
    summary: 'Place a group order',
    description:
      'Anyone (a bearer token optional) places an order in an open plan. The client makes the `orderId` once per checkout; the server prices every line from the plan, checks it is open and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`. Rate-limited per client address, per email and per phone (canonical: docs/limits.md); an order that would take the unpaid copies of its contact (email, phone or account) in the plan over the shop\'s cap (default 20) is refused with 409 `UNPAID_LIMIT`.',
    access: 'optional',
    // Placing needs no account, so these stand between a script and the campaign's stock and the shop's
    // mail (docs/limits.md, "Group orders"): per client address, and per contact, since the confirmation
    // goes to the email given and the phone is what the owner calls.
    limits: [
      { name: 'group-order-client', windowMs: HOUR, limit: 10 },
      { name: 'group-order-email', windowMs: 24 * HOUR, limit: 5, per: 'email' },
      { name: 'group-order-phone', windowMs: 24 * HOUR, limit: 5, per: 'phone' },
    ],
    limitValidOnly: true,
    deadline: 'placement',
    params: groupOrderParamsSchema,
    body: placeGroupOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: groupOrderViewSchema },
      200: { description: 'The same request again: the order placed before', schema: groupOrderViewSchema },
    },
    errors: { 404: [K.notFound], 409: [K.outOfStock, K.planClosed, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }),

  // --- Shop orders ---
  lookupOrder: route({
    method: 'post',
    path: '/api/order/lookup',
    tag: 'Orders',
    summary: 'Look up an order by number and email or phone',
    description: 'A summary of the order for whoever knows its number and its email or phone. The same 404 for a wrong contact and for no such order; rate-limited per address.',
    access: 'public',
    limits: [LOOKUP_LIMIT],
    body: orderLookupInputSchema,
    responses: { 200: { description: 'The order summary', schema: orderSummarySchema } },
    errors: { 404: [K.notFound], 429: [K.tooManyAttempts] },
  }),
  lookupSetBankDigits: route({
    method: 'post',
    path: '/api/order/lookup/bankAccountNo',
    tag: 'Orders',
    summary: 'Give or correct the bank digits of a looked-up order',
    description: 'The lookup\'s proof (number and email or phone) with the last 5 digits of the paying account; accepted until the order is paid (409 `INVALID_TRANSITION` after). Answers the order summary; noted in the order\'s history; rate-limited with the lookup.',
    access: 'public',
    limits: [LOOKUP_LIMIT],
    body: lookupBankDigitsInputSchema,
    responses: { 200: { description: 'The order summary', schema: orderSummarySchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition], 429: [K.tooManyAttempts] },
  }),
  setBankDigits: route({
    method: 'put',
    path: '/api/order/{userId}/{orderId}/bankAccountNo',
    tag: 'Orders',
    summary: 'Give or correct the bank digits of an own order',
    description: 'The member gives the last 5 digits of the paying account, until the order is paid (409 `INVALID_TRANSITION` after); the owner\'s matching uses them. Noted in the order\'s history.',
    access: 'member',
    self: { param: 'userId', owner: false },
    params: userOrderParams,
    body: bankDigitsInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  listMemberOrders: route({
    method: 'get',
    path: '/api/order/{userId}',
    tag: 'Orders',
    summary: "A member's orders",
    description: "The member's orders (shop and signed-in group orders), newest first; self or owner.",
    access: 'member',
    self: { param: 'userId', owner: true },
    params: userParams,
    responses: { 200: { description: 'The orders', schema: z.array(orderSchema) } },
  }),
  getMemberOrder: route({
    method: 'get',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    summary: "One of a member's orders",
    description: 'Self or owner; 404 when the order is not this member\'s.',
    access: 'member',
    self: { param: 'userId', owner: true },
    params: userOrderParams,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound] },
  }),
  placeOrder: route({
    method: 'patch',
    path: '/api/order/{userId}/{orderId}',
    tag: 'Orders',
    summary: 'Place a shop order',
    description:
      'A member with a verified email orders for themselves. The client makes the `orderId` once per checkout; the server prices every line and takes the stock in one atomic step. The same request again answers 200 with the same order; the same id with a different body answers 409 `ORDER_CONFLICT`; not enough stock answers 409 `OUT_OF_STOCK` and takes nothing.',
    access: 'member',
    self: { param: 'userId', owner: false },
    // The guests' holding caps apply (api/orders/holding.ts: unpaid copies per contact and book, copies
    // per order, orders per account a day); and new orders per client address (docs/limits.md).
    limits: [{ name: 'shop-order-client', windowMs: HOUR, limit: 20, count: 'created' }],
    limitValidOnly: true,
    deadline: 'placement',
    params: userOrderParams,
    body: placeOrderInputSchema,
    responses: {
      201: { description: 'The order was placed', schema: orderSchema },
      200: { description: 'The same request again: the order placed before', schema: orderSchema },
    },
    errors: { 403: [K.emailNotVerified], 404: [K.notFound], 409: [K.outOfStock, K.orderConflict, K.unpaidLimit], 429: [K.tooManyAttempts] },
  }),

  // --- Settings and content ---
  getShopSettings: route({
    method: 'get',
    path: '/api/settings/shop',
    tag: 'Content',
    summary: "The shop's public settings",
    description: 'Bank details (shown on every order), shipping rules, the payment deadline and contacts.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: publicSettingsSchema } },
    cache: CATALOGUE,
  }),
  getContentSettings: route({
    method: 'get',
    path: '/api/content/settings',
    tag: 'Content',
    summary: "The shop's public settings (content pages)",
    description: 'The same settings as `/api/settings/shop`, for the contact and information pages.',
    access: 'public',
    responses: { 200: { description: 'The settings', schema: publicSettingsSchema } },
    cache: CATALOGUE,
  }),
  getHomeContent: route({
    method: 'get',
    path: '/api/content/home',
    tag: 'Content',
    summary: 'The home page: campaigns open now',
    description: 'The launched group-buy campaigns whose closing date is in the future.',
    access: 'public',
    responses: { 200: { description: 'The home content', schema: homeContentSchema } },
    cache: CATALOGUE,
  }),
  createInquiry: route({
    method: 'post',
    path: '/api/inquiries',
    tag: 'Content',
    summary: 'Send an inquiry',
    description:
      "The contact, business and closed-campaign forms. Markup is refused, never stripped; rate-limited per address. Stored with two mails: the inquiry to the shop's address and an acknowledgement (which repeats none of the customer's words) to the customer.",
    access: 'public',
    // Enough for a person, too few for a spammer; refused input costs nothing and never locks a visitor out.
    limits: [{ name: 'inquiries', windowMs: 10 * MINUTE, limit: 8 }],
    limitValidOnly: true,
    body: inquiryInputSchema,
    responses: { 201: { description: 'The inquiry was stored', schema: inquiryCreatedSchema } },
    errors: { 429: [K.tooManyAttempts] },
  }),

  // --- The owner's inbox and settings ---
  adminListInquiries: route({
    method: 'get',
    path: '/api/admin/inquiries',
    tag: 'Owner',
    summary: 'The inbox of customer inquiries',
    description: 'One state at a time (`new` by default), newest first, at most 100, with the count of each state.',
    ...OWNER,
    query: adminInquiriesQuerySchema,
    responses: { 200: { description: 'The inquiries', schema: adminInquiryListSchema } },
  }),
  adminGetInquiry: route({
    method: 'get',
    path: '/api/admin/inquiries/{inquiryId}',
    tag: 'Owner',
    summary: 'One inquiry with its replies',
    description: 'What the customer wrote (the question, the book, the contact details, the order number if given) and every reply sent.',
    ...OWNER,
    params: inquiryParams,
    responses: { 200: { description: 'The inquiry', schema: adminInquirySchema } },
    errors: { 404: [K.notFound] },
  }),
  adminReplyToInquiry: route({
    method: 'post',
    path: '/api/admin/inquiries/{inquiryId}/replies',
    tag: 'Owner',
    summary: 'Reply to an inquiry',
    description: "Mails the reply to the customer (Reply-To the shop) and records it on the inquiry, which becomes `replied`, in one transaction. A closed inquiry answers 409 `INVALID_TRANSITION`.",
    ...OWNER,
    params: inquiryParams,
    body: inquiryReplyInputSchema,
    responses: { 201: { description: 'The inquiry with the reply', schema: adminInquirySchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  adminCloseInquiry: route({
    method: 'post',
    path: '/api/admin/inquiries/{inquiryId}/close',
    tag: 'Owner',
    summary: 'Close an inquiry',
    description: 'Moves it to `closed`, from any state; closing a closed inquiry changes nothing.',
    ...OWNER,
    params: inquiryParams,
    responses: { 200: { description: 'The inquiry', schema: adminInquirySchema } },
    errors: { 404: [K.notFound] },
  }),
  adminGetSettings: route({
    method: 'get',
    path: '/api/admin/settings',
    tag: 'Owner',
    summary: "The shop's settings",
    description: 'settings/shop (public: bank details, payment days, shipping, contact) and the new-order notices (server-only).',
    ...OWNER,
    responses: { 200: { description: 'The settings', schema: adminSettingsSchema } },
  }),
  adminSaveSettings: route({
    method: 'put',
    path: '/api/admin/settings',
    tag: 'Owner',
    summary: "Save the shop's settings",
    description:
      'Every field at once, validated (bank code 3 digits, payment days 1-14, fee 0-2000, https links, the tax id checksum). New orders and mails use the saved values within a minute; the public pages within Hosting\'s cache time (5 minutes).',
    ...OWNER,
    body: adminSettingsInputSchema,
    responses: { 200: { description: 'The saved settings', schema: adminSettingsSchema } },
  }),
  subscribeNewsletter: route({
    method: 'post',
    path: '/api/subscriptions',
    tag: 'Content',
    summary: 'Subscribe to the newsletter',
    description: 'Subscribes an email: a new one gets a welcome mail, a known one nothing more; both answer 200 alike, so the answer does not tell who subscribed. Rate-limited per address.',
    access: 'public',
    limits: [{ name: 'newsletter', windowMs: 10 * MINUTE, limit: 10 }],
    limitValidOnly: true,
    body: subscriptionInputSchema,
    responses: {
      200: { description: 'Subscribed (now or before)', schema: subscriptionResultSchema },
    },
    errors: { 429: [K.tooManyAttempts] },
  }),
  unsubscribeNewsletter: route({
    method: 'post',
    path: '/api/subscriptions/cancel',
    tag: 'Content',
    summary: 'Unsubscribe by the signed link of a newsletter mail',
    description: 'The token of the link in every newsletter mail. A bad, expired or used link answers 400 with its own key.',
    access: 'public',
    body: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: unsubscribeResultSchema } },
    errors: { 400: UNSUBSCRIBE_KEYS },
  }),
  unsubscribeNewsletterOneClick: route({
    method: 'post',
    path: '/api/subscriptions/one-click',
    tag: 'Content',
    summary: 'One-click unsubscribe from a mail client (RFC 8058)',
    description:
      'The `List-Unsubscribe` address of every newsletter mail, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client posts the form body `List-Unsubscribe=One-Click`, which is accepted and ignored (this route alone takes a non-JSON body); the signed token in the query decides. Answers as `/api/subscriptions/cancel`.',
    access: 'public',
    query: unsubscribeInputSchema,
    responses: { 200: { description: 'Unsubscribed', schema: unsubscribeResultSchema } },
    errors: { 400: UNSUBSCRIBE_KEYS },
    ignoresBody: true,
  }),

  // --- The owner's console ---
  adminListOrders: route({
    method: 'get',
    path: '/api/admin/orders',
    tag: 'Owner',
    summary: 'Orders with filters, newest first',
    description: 'Filters by status, plan (`shop` for shop orders), Taiwan calendar days and free text; pages by `cursor` (the previous page\'s `nextCursor`).',
    ...OWNER,
    query: adminOrdersQuerySchema,
    responses: { 200: { description: 'One page of orders', schema: adminOrderPageSchema } },
  }),
  adminGetOrder: route({
    method: 'get',
    path: '/api/admin/orders/{orderId}',
    tag: 'Owner',
    summary: 'One order',
    description: 'Any order, shop or group, unmasked.',
    ...OWNER,
    params: adminIdParams.order,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminChangeOrderStatus: route({
    method: 'post',
    path: '/api/admin/orders/{orderId}/status',
    tag: 'Owner',
    summary: "Change an order's status",
    description:
      'Marks a payment (`preparing`, with the account digits and amount read on the bank statement), ships (`shipped`, with the delivery), cancels or refunds (stock returns once). Only the transitions the shop allows; others answer 409 `INVALID_TRANSITION`.',
    ...OWNER,
    params: adminIdParams.order,
    body: orderStatusChangeSchema,
    responses: { 200: { description: 'The order after the change', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  adminPaymentsToCheck: route({
    method: 'get',
    path: '/api/admin/payments',
    tag: 'Owner',
    summary: 'Payments to check',
    description: 'Orders awaiting payment, oldest deadline first, with the digits to compare with the bank statement.',
    ...OWNER,
    responses: { 200: { description: 'The queue', schema: z.array(paymentToCheckSchema) } },
  }),
  adminListProducts: route({
    method: 'get',
    path: '/api/admin/products',
    tag: 'Owner',
    summary: 'Every book with its stock',
    description: 'Launched and hidden books in shop order, each with its count on hand.',
    ...OWNER,
    responses: { 200: { description: 'The books', schema: z.array(adminProductSchema) } },
  }),
  adminCreateProduct: route({
    method: 'post',
    path: '/api/admin/products',
    tag: 'Owner',
    summary: 'Create a book',
    description: 'A new book (hidden until launched); an id that exists answers 409 `ALREADY_EXISTS` and writes nothing.',
    ...OWNER,
    body: adminProductInputSchema,
    responses: { 201: { description: 'The book', schema: adminProductSchema } },
    errors: { 409: [K.alreadyExists] },
  }),
  adminGetProduct: route({
    method: 'get',
    path: '/api/admin/products/{productId}',
    tag: 'Owner',
    summary: 'One book with its stock',
    description: 'A book, launched or hidden.',
    ...OWNER,
    params: adminIdParams.product,
    responses: { 200: { description: 'The book', schema: adminProductSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminUpdateProduct: route({
    method: 'put',
    path: '/api/admin/products/{productId}',
    tag: 'Owner',
    summary: 'Replace a book',
    description: "Every stored field of a book; the id comes from the path.",
    ...OWNER,
    params: adminIdParams.product,
    body: adminProductUpdateSchema,
    responses: { 200: { description: 'The book', schema: adminProductSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminLaunchProduct: route({
    method: 'patch',
    path: '/api/admin/products/{productId}/launch',
    tag: 'Owner',
    summary: 'Launch or hide a book',
    description: 'Sets `launched`; the public catalogue follows.',
    ...OWNER,
    params: adminIdParams.product,
    body: launchInputSchema,
    responses: { 200: { description: 'The book', schema: adminProductSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminStockMovements: route({
    method: 'get',
    path: '/api/admin/stock/{productId}/movements',
    tag: 'Owner',
    summary: "A book's stock movements",
    description: "The owner's changes of the count, newest first, with before, after, reason and who.",
    ...OWNER,
    params: adminIdParams.product,
    responses: { 200: { description: 'The movements', schema: z.array(stockMovementSchema) } },
  }),
  adminSetStock: route({
    method: 'put',
    path: '/api/admin/stock/{productId}',
    tag: 'Owner',
    summary: "Set a book's count with a reason",
    description: 'Writes the count and logs a movement in one transaction.',
    ...OWNER,
    params: adminIdParams.product,
    body: setStockInputSchema,
    responses: { 200: { description: 'The count and the latest movements', schema: setStockResultSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminListPlans: route({
    method: 'get',
    path: '/api/admin/plans',
    tag: 'Owner',
    summary: 'Every group-buy plan',
    description: 'Launched or not, newest closing first, with progress and `isOpen`.',
    ...OWNER,
    responses: { 200: { description: 'The plans', schema: z.array(adminPlanSummarySchema) } },
  }),
  adminCreatePlan: route({
    method: 'post',
    path: '/api/admin/plans',
    tag: 'Owner',
    summary: 'Create a group-buy plan',
    description: 'A new campaign closing in the future with books that exist; an id that exists answers 409 `ALREADY_EXISTS`.',
    ...OWNER,
    body: adminPlanInputSchema,
    responses: { 201: { description: 'The plan', schema: adminPlanSavedSchema } },
    errors: { 409: [K.alreadyExists] },
  }),
  adminGetPlan: route({
    method: 'get',
    path: '/api/admin/plans/{planId}',
    tag: 'Owner',
    summary: 'One plan with its orders and totals',
    description: 'The plan, its orders, totals per book and per pickup point.',
    ...OWNER,
    params: adminIdParams.plan,
    responses: { 200: { description: 'The plan', schema: adminPlanDetailSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminUpdatePlan: route({
    method: 'put',
    path: '/api/admin/plans/{planId}',
    tag: 'Owner',
    summary: 'Replace a plan',
    description: 'Every field of a plan; the id comes from the path. A campaign whose outcome was decided cannot reopen (409 `OUTCOME_DECIDED`).',
    ...OWNER,
    params: adminIdParams.plan,
    body: adminPlanUpdateSchema,
    responses: { 200: { description: 'The plan', schema: adminPlanSavedSchema } },
    errors: { 404: [K.notFound], 409: [K.outcomeDecided] },
  }),
  adminLaunchPlan: route({
    method: 'patch',
    path: '/api/admin/plans/{planId}/launch',
    tag: 'Owner',
    summary: 'Launch or hide a plan',
    description: 'Sets `launched`.',
    ...OWNER,
    params: adminIdParams.plan,
    body: launchInputSchema,
    responses: { 200: { description: 'The plan', schema: adminPlanSummarySchema } },
    errors: { 404: [K.notFound] },
  }),
  adminPlanCsv: route({
    method: 'get',
    path: '/api/admin/plans/{planId}/orders.csv',
    tag: 'Owner',
    summary: "A plan's orders as CSV",
    description: 'UTF-8 with a byte-order mark (opens in Excel), one line per order line.',
    ...OWNER,
    params: adminIdParams.plan,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
    errors: { 404: [K.notFound] },
  }),
  adminArchivePlan: route({
    method: 'patch',
    path: '/api/admin/plans/{planId}/archive',
    tag: 'Owner',
    summary: 'Archive a plan or bring it back',
    description: 'Archiving also unlaunches the plan; orders and figures stay.',
    ...OWNER,
    params: adminIdParams.plan,
    body: archiveInputSchema,
    responses: { 200: { description: 'The plan', schema: adminPlanSummarySchema } },
    errors: { 404: [K.notFound] },
  }),
  adminDeletePlan: route({
    method: 'delete',
    path: '/api/admin/plans/{planId}',
    tag: 'Owner',
    summary: 'Delete a plan without orders',
    description: 'Deletes the plan and its progress document; a plan with any order answers 409 `PLAN_HAS_ORDERS` (archive it instead).',
    ...OWNER,
    params: adminIdParams.plan,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: [K.notFound], 409: [K.planHasOrders] },
  }),
  adminDecideOutcome: route({
    method: 'post',
    path: '/api/admin/plans/{planId}/outcome',
    tag: 'Owner',
    summary: "Decide a closed campaign's outcome: 成團 or 流團",
    description:
      '`failed` (流團) cancels every unpaid order (its stock returns once), lists the paid orders whose refunds are due, and mails every buyer; `succeeded` (成團) mails every buyer of an active order the pickup or delivery plan. Recorded on the campaign. A minute after the closing date at the earliest (409 `PLAN_NOT_CLOSED`); the same decision again answers the record and does nothing (`replayed`); the other outcome answers 409 `OUTCOME_DECIDED`.',
    ...OWNER,
    // It cancels through the stock allocator, which withdraws a request only at its own deadline.
    deadline: 'placement',
    params: adminIdParams.plan,
    body: campaignOutcomeInputSchema,
    responses: { 200: { description: 'The decision as recorded', schema: campaignOutcomeResultSchema } },
    errors: { 404: [K.notFound], 409: [K.planNotClosed, K.outcomeDecided] },
  }),
  adminListOrganizerLinks: route({
    method: 'get',
    path: '/api/admin/plans/{planId}/organizer-links',
    tag: 'Owner',
    summary: "A plan's organiser links",
    description: 'Every link made for the plan, with its access count and the latest 20 accesses.',
    ...OWNER,
    params: adminIdParams.plan,
    responses: { 200: { description: 'The links', schema: z.array(organizerLinkSchema) } },
    errors: { 404: [K.notFound] },
  }),
  adminCreateOrganizerLink: route({
    method: 'post',
    path: '/api/admin/plans/{planId}/organizer-links',
    tag: 'Owner',
    summary: "Create an organiser's link",
    description: 'A signed, revocable read-only link for the association\'s organiser; it works until revoked or 30 days after the plan closes.',
    ...OWNER,
    params: adminIdParams.plan,
    responses: { 201: { description: 'The link', schema: organizerLinkSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminRevokeOrganizerLink: route({
    method: 'delete',
    path: '/api/admin/plans/{planId}/organizer-links/{linkId}',
    tag: 'Owner',
    summary: "Revoke an organiser's link",
    description: 'The link answers 403 from now on; its access log stays.',
    ...OWNER,
    params: organizerLinkParams,
    responses: { 200: { description: 'The revoked link', schema: organizerLinkSchema } },
    errors: { 404: [K.notFound] },
  }),
  adminCorrectDelivery: route({
    method: 'put',
    path: '/api/admin/orders/{orderId}/delivery',
    tag: 'Owner',
    summary: "Correct a shipped order's tracking details",
    description: 'Only for a shipped order (409 `INVALID_TRANSITION` otherwise); a history note and a mail to the customer.',
    ...OWNER,
    params: adminIdParams.order,
    body: deliveryCorrectionSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),
  adminDashboard: route({
    method: 'get',
    path: '/api/admin/dashboard',
    tag: 'Owner',
    summary: 'How the shop is doing',
    description:
      'Per Taiwan day (`days`) and month (`months`): orders placed then, paid (preparing, shipped) and still awaiting, with their totals; orders by status; the best-selling books and each campaign\'s copies over time. Read from running totals that a trigger on the orders keeps (docs/admin.md), never from the orders.',
    ...OWNER,
    query: dashboardQuerySchema,
    responses: { 200: { description: 'The figures', schema: dashboardFiguresSchema } },
  }),
  adminBankLayouts: route({
    method: 'get',
    path: '/api/admin/bank/layouts',
    tag: 'Owner',
    summary: 'Remembered bank statement layouts',
    description: 'The column mapping the owner chose per statement layout (keyed by a hash of the header row).',
    ...OWNER,
    responses: { 200: { description: 'The layouts', schema: z.array(bankLayoutResponseSchema) } },
  }),
  adminBankMatch: route({
    method: 'post',
    path: '/api/admin/bank/match',
    tag: 'Owner',
    summary: "Propose orders for a statement's deposits",
    description: 'Reads only: per deposit `exact`, `ambiguous`, `unmatched` or `alreadyConfirmed`, with the candidate orders awaiting payment.',
    ...OWNER,
    bodyLimit: BANK_BODY_LIMIT,
    body: bankMatchInputSchema,
    responses: { 200: { description: 'A proposal per deposit', schema: z.array(bankProposalSchema) } },
  }),
  adminBankConfirm: route({
    method: 'post',
    path: '/api/admin/bank/confirm',
    tag: 'Owner',
    summary: 'Confirm matched deposits',
    description: 'Each match goes through the same status change as by hand (preparing), once per deposit however often the statement is imported.',
    ...OWNER,
    bodyLimit: BANK_BODY_LIMIT,
    body: bankConfirmInputSchema,
    responses: { 200: { description: 'An outcome per match', schema: z.array(bankConfirmResultSchema) } },
  }),

  // --- Invoices (issue 36): the paid orders' e-invoices to issue, their export and the issued numbers ---
  adminInvoices: route({
    method: 'get',
    path: '/api/admin/invoices',
    tag: 'Owner',
    summary: 'The invoices to issue for a period',
    description: 'Paid orders (preparing, shipped) whose payment falls in the Taiwan days `from`..`to`, one row per order, in payment order: the buyer\'s e-invoice choice, the amounts split at 5 % VAT (prices include it) and the issued number, if marked.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The rows', schema: invoiceRowsSchema } },
  }),
  adminInvoicesCsv: route({
    method: 'get',
    path: '/api/admin/invoices.csv',
    tag: 'Owner',
    summary: 'The invoices to issue for a period, as CSV',
    description: 'The rows of `GET /api/admin/invoices` as UTF-8 CSV with a byte-order mark (opens in Excel); cells a spreadsheet would read as a formula are defused.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
  }),
  adminInvoicesXlsx: route({
    method: 'get',
    path: '/api/admin/invoices.xlsx',
    tag: 'Owner',
    summary: 'The invoices to issue for a period, as an Excel workbook',
    description: 'The rows of `GET /api/admin/invoices` as one worksheet, amounts as numbers.',
    ...OWNER,
    query: invoicePeriodQuerySchema,
    responses: { 200: { description: 'The workbook', text: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'An .xlsx workbook, as an attachment' } } },
  }),
  adminMarkInvoice: route({
    method: 'put',
    path: '/api/admin/orders/{orderId}/invoice',
    tag: 'Owner',
    summary: "Mark a paid order's invoice as issued",
    description: 'Records the invoice number (2 capital letters and 8 digits) the shop issued, shown on the customer\'s order page; a second mark replaces it. Only a paid order (preparing, shipped): others answer 409 `INVALID_TRANSITION`. A number already recorded on another order answers 409 `ALREADY_EXISTS`.',
    ...OWNER,
    params: adminIdParams.order,
    body: markInvoiceInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition, K.alreadyExists] },
  }),
  adminCorrectInvoice: route({
    method: 'put',
    path: '/api/admin/orders/{orderId}/invoice/correction',
    tag: 'Owner',
    summary: "Record the 作廢 or 折讓 of a refunded order's invoice",
    description: "Records how the issued invoice of a refunded order was undone on the invoice platform: `void` (作廢; `number` is the invoice's own, filled in when omitted) or `allowance` (折讓, with the 折讓單's number), on the Taiwan day `date`; a second record replaces it. Shown in the invoice export and on the customer's order page. An order not refunded, or without an issued invoice, answers 409 `INVALID_TRANSITION`.",
    ...OWNER,
    params: adminIdParams.order,
    body: correctInvoiceInputSchema,
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 404: [K.notFound], 409: [K.invalidTransition] },
  }),

  // --- The organiser's link and 到貨通知 (no account) ---
  organizerView: route({
    method: 'get',
    path: '/api/organizer/{token}',
    tag: 'Organiser',
    summary: "The organiser's read-only view of a campaign",
    description: 'With the signed link: tallies per book and pickup point and the handover list (phones masked). 404 for an unknown or forged token, 403 once revoked or 30 days after closing. Every call is logged.',
    access: 'public',
    params: organizerTokenParams,
    responses: { 200: { description: 'The view', schema: organizerViewSchema } },
    errors: { 403: [K.permissionDenied], 404: [K.notFound], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'organizer', windowMs: MINUTE, limit: 60 }],
  }),
  organizerCsv: route({
    method: 'get',
    path: '/api/organizer/{token}/orders.csv',
    tag: 'Organiser',
    summary: "The organiser's handover list as CSV",
    description: 'The same list as the view, UTF-8 with BOM.',
    access: 'public',
    params: organizerTokenParams,
    responses: { 200: { description: 'The CSV file', text: { mediaType: 'text/csv', description: 'UTF-8 CSV with BOM, as an attachment' } } },
    errors: { 403: [K.permissionDenied], 404: [K.notFound], 429: [K.tooManyAttempts] },
    cache: PRIVATE,
    limits: [{ name: 'organizer', windowMs: MINUTE, limit: 60 }],
  }),
  // The organiser's pickup desk (issue 27): its link is made by the owner beside the read-only ones.
  adminCreateDeskLink: route({
    method: 'post',
    path: '/api/admin/plans/{planId}/desk-links',
    tag: 'Owner',
    summary: "Create a pickup desk's link",
    description:
      "A signed, revocable link for the organiser's pickup desk: the same view as the read-only link, and it may mark an order as picked up and undo that (nothing else). Its own token, signed under its own purpose; listed and revoked with the organiser links; every access and action logged. `holder` (who will hold it; the console offers the plan's organiser) is recorded on each order it marks.",
    ...OWNER,
    params: adminIdParams.plan,
    body: deskLinkInputSchema,
    responses: { 201: { description: 'The link', schema: organizerLinkSchema } },
    errors: { 404: [K.notFound] },
  }),
  organizerMarkPickup: route({
    method: 'put',
    path: '/api/organizer/{token}/pickups/{orderNo}',
    tag: 'Organiser',
    summary: 'Mark an order as picked up (pickup desk)',
    description:
      "Only with a pickup desk's token (403 for a read-only, revoked or expired link; 404 for a forged one). Only an active, paid order of the campaign collected at a pickup point: 409 `INVALID_TRANSITION` for an unpaid or posted order, 404 for any other. Sets only the order's `pickedUp` (when, and the link's holder); a second mark keeps the first. Logged on the link, done or refused.",
    ...PICKUP_DESK,
  }),
  organizerUndoPickup: route({
    method: 'delete',
    path: '/api/organizer/{token}/pickups/{orderNo}',
    tag: 'Organiser',
    summary: 'Undo a pickup mark (pickup desk)',
    description: 'The same token and order rules as the mark; clears `pickedUp` (nothing when it was not set). Logged on the link.',
    ...PICKUP_DESK,
  }),
  createStockAlert: emailSignUp({
    path: '/api/stockAlerts',
    tag: 'Catalogue',
    summary: '到貨通知 on a sold-out book',
    description: 'One alert per email and book; a new one is confirmed by a mail with its cancel link (bound to that registration, valid 180 days). A new and a known address both answer 200 alike. 409 `IN_STOCK` when the book has stock; rate-limited per address and per email.',
    limitName: 'stock-alert',
    body: stockAlertInputSchema,
    answer: { description: 'The alert waits (registered now or before)', schema: stockAlertAnswerSchema },
    conflict: K.inStock,
  }),
  cancelStockAlert: signedCancel({
    path: '/api/stockAlerts/cancel',
    tag: 'Catalogue',
    summary: 'Cancel a 到貨通知',
    description: 'With the signed token of the alert mail\'s link.',
    body: stockAlertCancelSchema,
    answer: { description: 'The alert', schema: stockAlertAnswerSchema },
  }),
  // 「截止前提醒我」 (issue 27): the shape of 到貨通知, for an open campaign.
  createCloseReminder: emailSignUp({
    path: '/api/closeReminders',
    tag: 'Group buying',
    summary: '「截止前提醒我」 on an open campaign',
    description:
      'One reminder per email and campaign, mailed once 24 h before the campaign closes (never to an address that unsubscribed from the shop\'s mails); a new one is confirmed by a mail with its cancel link (bound to that registration, valid until a day after the closing). A new and a known address both answer 200 alike. 404 for an unknown or unlaunched campaign, 409 `PLAN_CLOSED` once it has closed; rate-limited per address and per email.',
    limitName: 'close-reminder',
    body: closeReminderInputSchema,
    answer: { description: 'The reminder waits (signed up now or before)', schema: closeReminderAnswerSchema },
    conflict: K.planClosed,
  }),
  cancelCloseReminder: signedCancel({
    path: '/api/closeReminders/cancel',
    tag: 'Group buying',
    summary: 'Cancel a 「截止前提醒我」',
    description: "With the signed token of the reminder mails' link.",
    body: closeReminderCancelSchema,
    answer: { description: 'The reminder', schema: closeReminderAnswerSchema },
  }),

  // --- Operations ---
  getHealth: route({
    method: 'get',
    path: '/api/health',
    tag: 'Meta',
    summary: 'Health: version and Firestore reachability',
    description:
      'For uptime checks and after a deploy (docs/operations.md): the running version and Cloud Run revision, and one read of Firestore (checked at most every 5 s per instance). 503 `Firebase not find` when Firestore does not answer within 3 s. Never a secret or configuration value.',
    access: 'public',
    responses: { 200: { description: 'Running, and Firestore answers', schema: healthAnswerSchema } },
  }),

  // --- This document ---
  getOpenApiDocument: route({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of the API, generated from the zod contracts at build time.',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document', schema: z.looseObject({ openapi: textSchema, info: z.looseObject({}), paths: z.looseObject({}) }) } },
    // The document changes only with a deploy: browsers may keep it 5 minutes, Hosting's CDN an hour.
    cache: 'public, max-age=300, s-maxage=3600',
  }),

} as const satisfies Record<string, RouteDecl>;

/** A declaration with its operationId (the key in ROUTES). */
export type NamedRoute = RouteDecl & { operationId: string };

/** Every declared route, in declaration order, with its operationId. */
export const ROUTE_LIST: readonly NamedRoute[] = Object.entries(ROUTES).map(([operationId, decl]) => ({ operationId, ...(decl as RouteDecl) }));
