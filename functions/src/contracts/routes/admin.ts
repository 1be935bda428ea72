import { z } from 'zod';
import { adminIdParams, adminOrderPageSchema, adminOrdersQuerySchema, adminPlanDetailSchema, adminPlanInputSchema, adminPlanSavedSchema, adminPlanSummarySchema, adminPlanUpdateSchema, adminProductInputSchema, adminProductSchema, adminProductUpdateSchema, archiveInputSchema, campaignOutcomeResultSchema, deliveryCorrectionSchema, launchInputSchema, orderStatusChangeSchema, paymentToCheckSchema, setStockInputSchema, setStockResultSchema, stockMovementSchema } from '../admin';
import { bankConfirmInputSchema, bankConfirmResultSchema, bankLayoutResponseSchema, bankMatchInputSchema, bankProposalSchema } from '../bank';
import { dashboardFiguresSchema, dashboardQuerySchema } from '../dashboard';
import { campaignOutcomeInputSchema } from '../group-buying';
import { orderSchema } from '../orders';
import { deskLinkInputSchema, organizerLinkParams, organizerLinkSchema } from '../organizer';
import { created, CSV_FILE, K, NOT_FOUND, ok, ownerRoute, XLSX_FILE, type RouteDecl } from './declare';

// The owner's console: orders, books, stock, campaigns, organiser links, the dashboard and the bank statement (api/admin/router.ts). Part of ROUTES (../routes.ts).

/**
 * The owner's bank statement calls alone take more: 500 deposits (MAX_STATEMENT_DEPOSITS) with a
 * 200-character memo each are about 633 KB of JSON (docs/admin.md). Only the owner gets past the
 * route's auth; an anonymous caller's body is refused there, after at most this much was read.
 */
const BANK_BODY_LIMIT = 1024 * 1024;

export const ADMIN_ROUTES = {
  adminListOrders: ownerRoute('get', '/api/admin/orders', { query: adminOrdersQuerySchema, responses: ok('One page of orders', adminOrderPageSchema) },
    'Orders with filters, newest first', 'Filters by status, plan (`shop` for shop orders), Taiwan calendar days and free text; pages by `cursor` (the previous page\'s `nextCursor`).'),
  adminGetOrder: ownerRoute('get', '/api/admin/orders/{orderId}', { params: adminIdParams.order, responses: ok('The order', orderSchema), errors: NOT_FOUND },
    'One order', 'Any order, shop or group, unmasked.'),
  adminChangeOrderStatus: ownerRoute('post', '/api/admin/orders/{orderId}/status', { params: adminIdParams.order, body: orderStatusChangeSchema, responses: ok('The order after the change', orderSchema), errors: { 404: [K.notFound], 409: [K.invalidTransition] } },
    "Change an order's status", 'Marks a payment (`preparing`, with the account digits and amount read on the bank statement), ships (`shipped`, with the delivery), cancels or refunds (stock returns once). Only the transitions the shop allows; others answer 409 `INVALID_TRANSITION`.'),
  adminPaymentsToCheck: ownerRoute('get', '/api/admin/payments', { responses: ok('The queue', z.array(paymentToCheckSchema)) },
    'Payments to check', 'Orders awaiting payment, oldest deadline first, with the digits to compare with the bank statement.'),
  adminListProducts: ownerRoute('get', '/api/admin/products', { responses: ok('The books', z.array(adminProductSchema)) },
    'Every book with its stock', 'Launched and hidden books in shop order, each with its count on hand.'),
  adminCreateProduct: ownerRoute('post', '/api/admin/products', { body: adminProductInputSchema, responses: created('The book', adminProductSchema), errors: { 409: [K.alreadyExists] } },
    'Create a book', 'A new book (hidden until launched); an id that exists answers 409 `ALREADY_EXISTS` and writes nothing.'),
  adminGetProduct: ownerRoute('get', '/api/admin/products/{productId}', { params: adminIdParams.product, responses: ok('The book', adminProductSchema), errors: NOT_FOUND },
    'One book with its stock', 'A book, launched or hidden.'),
  adminUpdateProduct: ownerRoute('put', '/api/admin/products/{productId}', { params: adminIdParams.product, body: adminProductUpdateSchema, responses: ok('The book', adminProductSchema), errors: NOT_FOUND },
    'Replace a book', "Every stored field of a book; the id comes from the path."),
  adminLaunchProduct: ownerRoute('patch', '/api/admin/products/{productId}/launch', { params: adminIdParams.product, body: launchInputSchema, responses: ok('The book', adminProductSchema), errors: NOT_FOUND },
    'Launch or hide a book', 'Sets `launched`; the public catalogue follows.'),
  adminStockMovements: ownerRoute('get', '/api/admin/stock/{productId}/movements', { params: adminIdParams.product, responses: ok('The movements', z.array(stockMovementSchema)) },
    "A book's stock movements", "The owner's changes of the count, newest first, with before, after, reason and who."),
  adminSetStock: ownerRoute('put', '/api/admin/stock/{productId}', { params: adminIdParams.product, body: setStockInputSchema, responses: ok('The count and the latest movements', setStockResultSchema), errors: NOT_FOUND },
    "Set a book's count with a reason", 'Writes the count and logs a movement in one transaction.'),
  adminListPlans: ownerRoute('get', '/api/admin/plans', { responses: ok('The plans', z.array(adminPlanSummarySchema)) },
    'Every group-buy plan', 'Launched or not, newest closing first, with progress and `isOpen`.'),
  adminCreatePlan: ownerRoute('post', '/api/admin/plans', { body: adminPlanInputSchema, responses: created('The plan', adminPlanSavedSchema), errors: { 409: [K.alreadyExists] } },
    'Create a group-buy plan', 'A new campaign closing in the future with books that exist; an id that exists answers 409 `ALREADY_EXISTS`.'),
  adminGetPlan: ownerRoute('get', '/api/admin/plans/{planId}', { params: adminIdParams.plan, responses: ok('The plan', adminPlanDetailSchema), errors: NOT_FOUND },
    'One plan with its orders and totals', 'The plan, its orders, totals per book and per pickup point.'),
  adminUpdatePlan: ownerRoute('put', '/api/admin/plans/{planId}', { params: adminIdParams.plan, body: adminPlanUpdateSchema, responses: ok('The plan', adminPlanSavedSchema), errors: { 404: [K.notFound], 409: [K.outcomeDecided] } },
    'Replace a plan', 'Every field of a plan; the id comes from the path. A campaign whose outcome was decided cannot reopen (409 `OUTCOME_DECIDED`).'),
  adminLaunchPlan: ownerRoute('patch', '/api/admin/plans/{planId}/launch', { params: adminIdParams.plan, body: launchInputSchema, responses: ok('The plan', adminPlanSummarySchema), errors: NOT_FOUND },
    'Launch or hide a plan', 'Sets `launched`.'),
  adminPlanCsv: ownerRoute('get', '/api/admin/plans/{planId}/orders.csv', { params: adminIdParams.plan, responses: CSV_FILE, errors: NOT_FOUND },
    "A plan's orders as CSV", 'UTF-8 with a byte-order mark (opens in Excel), one line per order line. Phones, bank digits, tax ids and other number-like text are written as `="0911111111"` so that Excel and Google Sheets keep them text.'),
  adminPlanXlsx: ownerRoute('get', '/api/admin/plans/{planId}/orders.xlsx', { params: adminIdParams.plan, responses: XLSX_FILE, errors: NOT_FOUND },
    "A plan's orders as an Excel workbook", 'The rows of the CSV as one worksheet: amounts as numbers, every text (phones, bank digits) as a string.'),
  adminArchivePlan: ownerRoute('patch', '/api/admin/plans/{planId}/archive', { params: adminIdParams.plan, body: archiveInputSchema, responses: ok('The plan', adminPlanSummarySchema), errors: NOT_FOUND },
    'Archive a plan or bring it back', 'Archiving also unlaunches the plan; orders and figures stay.'),
  adminDeletePlan: ownerRoute('delete', '/api/admin/plans/{planId}', { params: adminIdParams.plan, responses: { 204: { description: 'Deleted' } }, errors: { 404: [K.notFound], 409: [K.planHasOrders] } },
    'Delete a plan without orders', 'Deletes the plan and its progress document; a plan with any order answers 409 `PLAN_HAS_ORDERS` (archive it instead).'),
  adminDecideOutcome: ownerRoute('post', '/api/admin/plans/{planId}/outcome', {
    // It cancels through the stock allocator, which withdraws a request only at its own deadline.
    deadline: 'placement',
    params: adminIdParams.plan,
    body: campaignOutcomeInputSchema,
    responses: ok('The decision as recorded', campaignOutcomeResultSchema),
    errors: { 404: [K.notFound], 409: [K.planNotClosed, K.outcomeDecided] },
  }, "Decide a closed campaign's outcome: 成團 or 流團",
    '`failed` (流團) cancels every unpaid order (its stock returns once), lists the paid orders whose refunds are due, and mails every buyer; `succeeded` (成團) mails every buyer of an active order the pickup or delivery plan. Recorded on the campaign. A minute after the closing date at the earliest (409 `PLAN_NOT_CLOSED`); the same decision again answers the record and does nothing (`replayed`); the other outcome answers 409 `OUTCOME_DECIDED`.'),
  adminListOrganizerLinks: ownerRoute('get', '/api/admin/plans/{planId}/organizer-links', { params: adminIdParams.plan, responses: ok('The links', z.array(organizerLinkSchema)), errors: NOT_FOUND },
    "A plan's organiser links", 'Every link made for the plan, with its access count and the latest 20 accesses.'),
  adminCreateOrganizerLink: ownerRoute('post', '/api/admin/plans/{planId}/organizer-links', { params: adminIdParams.plan, responses: created('The link', organizerLinkSchema), errors: NOT_FOUND },
    "Create an organiser's link", 'A signed, revocable read-only link for the association\'s organiser; it works until revoked or 30 days after the plan closes.'),
  adminRevokeOrganizerLink: ownerRoute('delete', '/api/admin/plans/{planId}/organizer-links/{linkId}', { params: organizerLinkParams, responses: ok('The revoked link', organizerLinkSchema), errors: NOT_FOUND },
    "Revoke an organiser's link", 'The link answers 403 from now on; its access log stays.'),
  adminCorrectDelivery: ownerRoute('put', '/api/admin/orders/{orderId}/delivery', { params: adminIdParams.order, body: deliveryCorrectionSchema, responses: ok('The order', orderSchema), errors: { 404: [K.notFound], 409: [K.invalidTransition] } },
    "Correct a shipped order's tracking details", 'Only for a shipped order (409 `INVALID_TRANSITION` otherwise); a history note and a mail to the customer.'),
  adminDashboard: ownerRoute('get', '/api/admin/dashboard', { query: dashboardQuerySchema, responses: ok('The figures', dashboardFiguresSchema) },
    'How the shop is doing', 'Per Taiwan day (`days`) and month (`months`): orders placed then, paid (preparing, shipped) and still awaiting, with their totals; orders by status; the best-selling books and each campaign\'s copies over time. Read from running totals that a trigger on the orders keeps (docs/admin.md), never from the orders.'),
  adminBankLayouts: ownerRoute('get', '/api/admin/bank/layouts', { responses: ok('The layouts', z.array(bankLayoutResponseSchema)) },
    'Remembered bank statement layouts', 'The column mapping the owner chose per statement layout (keyed by a hash of the header row).'),
  adminBankMatch: ownerRoute('post', '/api/admin/bank/match', { bodyLimit: BANK_BODY_LIMIT, body: bankMatchInputSchema, responses: ok('A proposal per deposit', z.array(bankProposalSchema)) },
    "Propose orders for a statement's deposits", 'Reads only: per deposit `exact`, `ambiguous`, `unmatched` or `alreadyConfirmed`, with the candidate orders awaiting payment.'),
  adminBankConfirm: ownerRoute('post', '/api/admin/bank/confirm', { bodyLimit: BANK_BODY_LIMIT, body: bankConfirmInputSchema, responses: ok('An outcome per match', z.array(bankConfirmResultSchema)) },
    'Confirm matched deposits', 'Each match goes through the same status change as by hand (preparing), once per deposit however often the statement is imported.'),
  // The organiser's pickup desk (issue 27): its link is made by the owner beside the read-only ones.
  adminCreateDeskLink: ownerRoute('post', '/api/admin/plans/{planId}/desk-links', { params: adminIdParams.plan, body: deskLinkInputSchema, responses: created('The link', organizerLinkSchema), errors: NOT_FOUND },
    "Create a pickup desk's link", "A signed, revocable link for the organiser's pickup desk: the same view as the read-only link, and it may mark an order as picked up and undo that (nothing else). Its own token, signed under its own purpose; listed and revoked with the organiser links; every access and action logged. `holder` (who will hold it; the console offers the plan's organiser) is recorded on each order it marks."),
} as const satisfies Record<string, RouteDecl>;
