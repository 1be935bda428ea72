import type { Delivery, OrderStatusChange } from '../contracts/admin';
import type { StoredDocument } from '../contracts/common';
import { formatMoney } from '../contracts/format';
import { invoiceOf, NO_BANK_DIGITS, ORDER_STATUSES, orderSchema, type InvoiceCorrectionKind, type InvoiceState, type Order, type OrderFields, type OrderItem, type OrderStatus, type PlaceOrderInput } from '../contracts/orders';

// An order's life, said once (docs/orders.md, "An order's life"): how it is created, every move of its
// status and who may make it, the owner's corrections, and which mail each change sends. Pure: no
// Firestore, no clock, no settings; the callers read the order, pass the time and write the result
// (the stock allocator's plan in ./allocation-plan.ts for the moves that return stock, the status
// service in functions/src/api/orders/order-status.ts for the others). The mail itself is rendered by
// functions/src/mail/order-mails.ts from the OrderMail named here.

/**
 * What only the server reads of a stored order; no answer carries any of it (publicOrder drops it, and the
 * stored order's type is StoredDocument, so that an answer made without publicOrder does not compile).
 */
export interface StoredOnlyFields {
  /** sha256 of the normalised placement request, for idempotent retries. */
  requestHash: string;
  /** Set on the orders imported from the old shop (seed/legacy/mapping.ts): where it came from. */
  legacy?: LegacyOrigin;
  /** The contact's canonical email and phone (./contact.ts), which the holding caps query (api/orders/holding.ts). */
  emailKey?: string;
  phoneKey?: string;
  /** How the order was paid, as the owner confirmed it (by hand or from a bank statement); absent until then. */
  payment?: PaymentFact;
  /** Who ended the order and why; set by the move to cancelledUnpaid or refunded. */
  cancellation?: Cancellation;
  /**
   * Its placement is in the dashboard's totals already: the stock allocator's batch that stored it wrote
   * them (functions/src/data/stats.ts placedOrderTotals), so the orderStats trigger counts only its later changes.
   */
  statsCounted?: true;
}

/** The stored order: the order's fields plus what only the server needs. The repositories (functions/src/data/orders.ts) return it. */
export interface OrderDoc extends OrderFields, StoredOnlyFields, StoredDocument {}

/**
 * A confirmed payment: the last 5 digits the money came from (read off the statement) and the amount.
 * `account` says whose account it was: the one the order names (`order`), another one the owner
 * accepted (`other`), or the order named none (`unstated`). The history's note is rendered from it
 * (paymentNote); nothing reads the note back.
 */
export interface PaymentFact {
  digits: string;
  amount: number;
  account: 'order' | 'other' | 'unstated';
}

/**
 * Why an order was cancelled or refunded: the owner's decision from the console, the sweep after the
 * payment deadline (`overdue`), the owner's 流團 decision on its campaign (`campaignFailed`, with the
 * plan and the decision's moment, PlanDecision.at), trusted server code (`system`), or the old shop
 * before the import (`imported`, set by seed/migrate-order-facts.ts). There is no customer
 * cancellation: a buyer asks the shop, and the owner cancels.
 */
export type Cancellation =
  | { reason: 'owner' }
  | { reason: 'overdue' }
  | { reason: 'campaignFailed'; planId: string; decidedAt: string }
  | { reason: 'system' }
  | { reason: 'imported' };

/** An imported order's origin in the old shop's Realtime Database export (docs/migration.md). */
export interface LegacyOrigin {
  path: string;
  /** The old status string ("1".."5"). */
  status: string;
  isClosed: boolean;
  isFromGroup: boolean;
  files: string[];
}

/** The fields an answer may carry: the Order contract's, and nothing a stored document holds beside them. */
const ORDER_FIELDS = Object.keys(orderSchema.shape) as (keyof OrderFields)[];

/**
 * The order as the API answers it: the stored one with only the contract's fields (one stored before
 * issue 36 gets its invoice). The one way from an OrderDoc to an Order. It copies the fields the
 * contract names rather than dropping the server's own, so a field some path writes to the document
 * and the contract does not declare never reaches an answer (a campaign's outcome once did, and the
 * answers fell off the OpenAPI document).
 */
export function publicOrder(doc: OrderDoc): Order {
  const order: Partial<Record<keyof OrderFields, unknown>> = {};
  for (const field of ORDER_FIELDS) if (doc[field] !== undefined) order[field] = doc[field];
  const answer = { ...(order as OrderFields), invoice: invoiceOf(doc) } satisfies OrderFields & { [K in keyof StoredOnlyFields]?: never };
  return answer;
}

/**
 * The invoice a placement asks for, and the older top-level fields kept in step with it: a company
 * invoice repeats its 統一編號 and 抬頭 there; a title given alone (before issue 36) stays as it was.
 */
export function invoiceFields(input: Pick<PlaceOrderInput, 'invoice' | 'taxId' | 'invoiceTitle'>): Pick<Order, 'invoice' | 'taxId' | 'invoiceTitle'> {
  const invoice = invoiceOf(input);
  if (invoice.type === 'company') return { invoice, taxId: invoice.taxId, invoiceTitle: invoice.title };
  return { invoice, taxId: '', invoiceTitle: input.invoice ? '' : (input.invoiceTitle ?? '') };
}

/**
 * Who moves an order. `owner`: the shop owner from the console (never refunds an unpaid order: there is
 * nothing to refund, it is cancelled). `sweep`: the scheduled job, which only cancels an overdue unpaid
 * order. `system`: trusted server code with the full table (tests, scripts).
 */
export type OrderRole = 'owner' | 'sweep' | 'system';

/**
 * Every status by its name, for the code that has to name one (a query's value, a move's target):
 * `STATUS.shipped`. Outside domain/ and contracts/ the linter refuses a status written as a string
 * (eslint.config.mjs): the questions about an order are asked here, not re-decided by its callers.
 */
export const STATUS = Object.fromEntries(ORDER_STATUSES.map((s) => [s, s])) as { readonly [S in OrderStatus]: S };

/** The transitions the shop allows; the terminal ones (cancelledUnpaid, refunded) return the stock. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaitingFormation: ['awaitingPayment', 'cancelledUnpaid'],
  awaitingPayment: ['preparing', 'cancelledUnpaid', 'refunded'],
  preparing: ['shipped', 'refunded'],
  shipped: ['refunded'],
  cancelledUnpaid: [],
  refunded: [],
};

/**
 * The moves the owner may make from the console: ORDER_TRANSITIONS without a refund of an order that
 * was never paid (nothing to refund: the owner cancels it as cancelledUnpaid).
 */
const OWNER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  ...ORDER_TRANSITIONS,
  awaitingPayment: ['preparing', 'cancelledUnpaid'],
  // A campaign that forms asks for payment itself (the system's move); the owner may only cancel.
  awaitingFormation: ['cancelledUnpaid'],
};

const SWEEP_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  // No deadline runs before the campaign forms: the sweep never cancels a waiting order.
  awaitingFormation: [],
  awaitingPayment: ['cancelledUnpaid'],
  preparing: [],
  shipped: [],
  cancelledUnpaid: [],
  refunded: [],
};

/** The moves each role may make, from each status. */
export const MOVES: Record<OrderRole, Record<OrderStatus, readonly OrderStatus[]>> = {
  system: ORDER_TRANSITIONS,
  owner: OWNER_TRANSITIONS,
  sweep: SWEEP_MOVES,
};

type WithStatus = Pick<Order, 'status'>;

/** The statuses that give the order's copies back (terminal: they are given back once). */
export const STOCK_RETURNING: readonly OrderStatus[] = ['cancelledUnpaid', 'refunded'];
export const returnsStock = (to: OrderStatus) => STOCK_RETURNING.includes(to);

/** The statuses of an order not paid (yet): a failed campaign (流團) cancels them, nobody has paid. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['awaitingFormation', 'awaitingPayment'];
export const isUnpaid = (o: WithStatus) => UNPAID_STATUSES.includes(o.status);

/**
 * Paid and not given back: the money is the shop's. What an invoice is issued for, what counts toward a
 * campaign's rebate, what a 流團 refunds, what the dashboard counts as takings and the desk may hand over.
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['preparing', 'shipped'];
export const isPaid = (o: WithStatus) => PAID_STATUSES.includes(o.status);

/** A pay-after-成團 order whose campaign has not formed: it holds its copies, nothing is asked yet. */
export const awaitsFormation = (o: WithStatus) => o.status === 'awaitingFormation';
/** Payment is asked and the deadline runs (the sweep cancels it once past). */
export const awaitsPayment = (o: WithStatus) => o.status === 'awaitingPayment';
/** Paid, not sent yet. */
export const isPreparing = (o: WithStatus) => o.status === 'preparing';
/** Sent: its tracking details may be corrected, and a refund asks whether the books come back. */
export const isShipped = (o: WithStatus) => o.status === 'shipped';
/** Cancelled after it was paid (or cancelled with a refund); the money went back. */
export const isRefunded = (o: WithStatus) => o.status === 'refunded';

// --- The issued invoice: where it stands after the order's own moves (issue 36) ---

/**
 * Where an order's invoice stands: not issued; issued; issued but the order was refunded since, so the
 * shop owes a 作廢 or 折讓 (`toCorrect`); or voided / given an allowance.
 */
export function invoiceStateOf(o: WithStatus & { issuedInvoice?: { number: string } | null; invoiceCorrection?: { kind: InvoiceCorrectionKind } | null }): InvoiceState {
  if (!o.issuedInvoice) return 'notIssued';
  if (o.invoiceCorrection) return o.invoiceCorrection.kind === 'void' ? 'voided' : 'allowance';
  return isRefunded(o) ? 'toCorrect' : 'issued';
}

/**
 * The issued invoice in a line for the customer (order page, lookup): 「尚未開立（付款後開立）」,
 * 「AB12345678」, 「AB12345678（訂單已退款，發票將作廢或折讓）」, 「AB12345678（已作廢，2026-11-27）」.
 */
export function describeIssuedInvoice(o: Parameters<typeof invoiceStateOf>[0] & { invoiceCorrection?: { kind: InvoiceCorrectionKind; number: string; date: string } | null }): string {
  const state = invoiceStateOf(o);
  const number = o.issuedInvoice?.number ?? '';
  const c = o.invoiceCorrection;
  if (state === 'notIssued') return o.status === STATUS.cancelledUnpaid || isRefunded(o) ? '未開立' : '尚未開立（付款後開立）';
  if (state === 'toCorrect') return `${number}（訂單已退款，發票將作廢或折讓）`;
  if (c && state === 'voided') return `${number}（已作廢，${c.date}）`;
  if (c) return `${number}（已折讓，折讓單號 ${c.number}，${c.date}）`;
  return number;
}

/** An order that still holds its copies (counted in a campaign's progress, totals and lists). */
export const isActiveOrder = (o: WithStatus) => !returnsStock(o.status);

export const canMove = (role: OrderRole, from: OrderStatus, to: OrderStatus) => MOVES[role][from].includes(to);

/** Why the copies of a refunded shipped order stay out of stock (the owner's choice). */
export type KeepOutReason = 'damaged' | 'notReturned';

/** Which mail a change sends; functions/src/mail/order-mails.ts renders each. */
export type OrderMail =
  | { kind: 'placed' }
  /** 收款通知: the pay-after-成團 campaign formed, the order now awaits payment (amount, bank, deadline). */
  | { kind: 'paymentDue' }
  /** The reminder 24 h before the sweep would cancel the unpaid order (functions/src/api/orders/payment-reminders.ts). */
  | { kind: 'paymentReminder' }
  | { kind: 'overdueCancelled' }
  | { kind: 'paymentConfirmed' }
  | { kind: 'shipped' }
  | { kind: 'cancelledByShop'; note?: string }
  | { kind: 'refunded'; note?: string }
  | { kind: 'deliveryCorrected'; previous: Delivery | null; note?: string };

/** A reason the domain refuses a change; the service turns it into its Failure. */
export type Refusal =
  | { kind: 'invalidTransition'; from: OrderStatus; to: OrderStatus }
  | { kind: 'notShipped'; status: OrderStatus }
  /** The sweep's cancellation of an order that is not overdue (yet, or any more). */
  | { kind: 'notDue'; paymentDueAt: string | null }
  | { kind: 'paid'; status: OrderStatus }
  | { kind: 'invalid'; message: string; details: { path: string; message: string }[] };

/** The order as the requester built it; creation adds its number, the time and the first status. */
export type OrderTemplate = Omit<OrderDoc, 'orderNo' | 'createdAt' | 'updatedAt' | 'statusHistory' | 'paymentDueAt' | 'status'> & {
  paymentDueDays: number;
  actor: string;
  /**
   * Set for a campaign that asks for payment only once it forms and had not formed when the placement
   * read it: the allocator's batch places the order in awaitingFormation while the campaign's copies
   * (this order's included) stay below `minQuantity` (./allocation-plan.ts).
   */
  payAfter?: { minQuantity: number };
};

/** A placement as the caller asks it: who, for which plan, the parsed body. */
export interface Placement {
  /** Client-made, 16-64 of A-Za-z0-9_- (validated by the caller). */
  orderId: string;
  /** The member, or null for a guest group order. */
  userId: string | null;
  /** The group plan, or null for a shop order. */
  planId: string | null;
  /** The parsed body (placeOrderInputSchema or placeGroupOrderInputSchema). Everything in it is part of the idempotency hash. */
  input: PlaceOrderInput & { buyer?: string; email?: string };
  /** Who ordered and where the mail goes (the member's token for a shop order, the body for a group order). */
  buyer: string;
  email: string;
  /** Recorded in statusHistory[0].by, e.g. `member:<uid>` or `guest`. */
  actor: string;
  /** A group order's pickup point, resolved from the plan by the caller (input.pickupPointId). */
  pickup?: Order['pickup'];
  /** A pay-after-成團 campaign that had not formed when the caller read it (OrderTemplate.payAfter). */
  payAfter?: { minQuantity: number };
}

/** Days to pay when the shop's settings name none (or nonsense). */
export const DEFAULT_PAYMENT_DUE_DAYS = 3;

/**
 * The order a placement asks for, priced on the server (`items`): totals are the lines plus the shop's
 * shipping fee; the payment is due after the shop's days (DEFAULT_PAYMENT_DUE_DAYS when unset).
 */
export function orderTemplate(p: Placement, items: OrderItem[], terms: { shippingFee: number; paymentDueDays: number }, requestHash: string): OrderTemplate {
  const itemsTotal = items.reduce((n, i) => n + i.totalPrice, 0);
  const days = terms.paymentDueDays;
  return {
    orderId: p.orderId,
    userId: p.userId,
    planId: p.planId,
    buyer: p.buyer,
    email: p.email,
    phone: p.input.phone,
    receiver: { name: p.input.receiver.name, address: p.input.receiver.address },
    ...invoiceFields(p.input),
    bankAccountNo: p.input.bankAccountNo,
    items,
    itemsTotal,
    shippingFee: terms.shippingFee,
    totalPrice: itemsTotal + terms.shippingFee,
    delivery: null,
    pickup: p.pickup ?? null,
    remark: p.input.remark ?? '',
    requestHash,
    paymentDueDays: Number.isFinite(days) && days > 0 ? days : DEFAULT_PAYMENT_DUE_DAYS,
    actor: p.actor,
    ...(p.payAfter ? { payAfter: p.payAfter } : {}),
  };
}

/**
 * A new order: awaiting payment, due `paymentDueDays` days after it was made; or, on a pay-after-成團
 * campaign below its threshold (`waitsForFormation`), awaiting the campaign's forming, with no deadline.
 */
export function createOrder(template: OrderTemplate, orderNo: string, now: Date, waitsForFormation = false): OrderDoc {
  const { paymentDueDays, actor, payAfter: _payAfter, ...rest } = template;
  const at = now.toISOString();
  const status: OrderStatus = waitsForFormation ? 'awaitingFormation' : 'awaitingPayment';
  return {
    ...rest,
    orderNo,
    status,
    statusHistory: [{ status, at, by: actor }],
    paymentDueAt: waitsForFormation ? null : dueAfter(now.getTime(), paymentDueDays),
    createdAt: at,
    updatedAt: at,
  };
}

const dueAfter = (fromMs: number, days: number) => new Date(fromMs + days * 86_400_000).toISOString();

/** The mail a new order sends: its confirmation with the bank details (or, waiting for 成團, that no payment is asked yet), when it has an address. */
export const placedMail = (order: Pick<Order, 'email'>): OrderMail | null => (order.email ? { kind: 'placed' } : null);

/** A move of the status as asked: by whom, when, and what the history notes. */
export interface StatusChange {
  to: OrderStatus;
  role: OrderRole;
  /** Recorded in statusHistory, e.g. `owner:<email>` or `system:sweep`. */
  by: string;
  at: string;
  /** The history's note; by default the one the cancellation renders (cancellationNote). */
  note?: string;
  delivery?: Delivery;
  /** A confirmed payment (the move to preparing). */
  payment?: PaymentFact;
  /** Why a move to cancelledUnpaid or refunded ends the order; by default the role's (cancellationOf). */
  cancellation?: Cancellation;
}

/** Whether `role` may make this move on the order as it is now (the sweep: only once it is overdue). */
export function refusalOf(doc: Pick<OrderDoc, 'status' | 'paymentDueAt'>, change: Pick<StatusChange, 'to' | 'role' | 'at'>): Refusal | null {
  if (!canMove(change.role, doc.status, change.to)) return { kind: 'invalidTransition', from: doc.status, to: change.to };
  if (change.role === 'sweep' && !(doc.paymentDueAt !== null && doc.paymentDueAt < change.at)) return { kind: 'notDue', paymentDueAt: doc.paymentDueAt };
  return null;
}

/** The order after the move (the caller has checked it with refusalOf). */
export function applyChange(doc: OrderDoc, change: StatusChange): OrderDoc {
  const cancellation = returnsStock(change.to) ? (change.cancellation ?? cancellationOf(change.role)) : undefined;
  const note = change.note ?? (cancellation ? cancellationNote(cancellation) : undefined);
  return {
    ...doc,
    ...(change.delivery !== undefined ? { delivery: change.delivery } : {}),
    ...(change.payment ? { payment: change.payment } : {}),
    ...(cancellation ? { cancellation } : {}),
    status: change.to,
    statusHistory: [...doc.statusHistory, { status: change.to, at: change.at, by: change.by, ...(note ? { note } : {}) }],
    updatedAt: change.at,
  };
}

/** Why a role's move ends an order when the caller names no other reason. */
const cancellationOf = (role: OrderRole): Cancellation => ({ reason: role === 'owner' ? 'owner' : role === 'sweep' ? 'overdue' : 'system' });

/** The history's note a cancellation writes by itself (the owner's own cancellations carry the owner's note). */
export function cancellationNote(c: Cancellation): string | undefined {
  if (c.reason === 'overdue') return '逾期未匯款，系統自動取消';
  if (c.reason === 'campaignFailed') return '流團：活動未成團，訂單取消';
  return undefined;
}

/** An order the 流團 decision on its campaign cancelled (a re-run of the decision finds them again). */
export const cancelledByCampaign = (o: Pick<OrderDoc, 'status' | 'cancellation'>): boolean => o.status === 'cancelledUnpaid' && o.cancellation?.reason === 'campaignFailed';

/**
 * The mail a move sends. The sweep's cancellation says the deadline passed; the owner's says the shop
 * cancelled. An order imported from the old shop (docs/migration.md) gets none from the sweep: its buyer
 * never dealt with this shop, and the import promises to send them nothing. No address, no mail.
 */
export function mailOfChange(doc: Pick<OrderDoc, 'email' | 'legacy'>, to: OrderStatus, role: OrderRole, customerNote?: string): OrderMail | null {
  if (!doc.email) return null;
  if (to === 'awaitingPayment') return { kind: 'paymentDue' };
  if (to === 'preparing') return { kind: 'paymentConfirmed' };
  if (to === 'shipped') return { kind: 'shipped' };
  if (to === 'refunded') return { kind: 'refunded', ...(customerNote ? { note: customerNote } : {}) };
  if (to === 'cancelledUnpaid') {
    if (role === 'sweep') return doc.legacy ? null : { kind: 'overdueCancelled' };
    return { kind: 'cancelledByShop', ...(customerNote ? { note: customerNote } : {}) };
  }
  return null;
}

/** The id of a change's mail document: a re-run of the same change writes the same document. */
export function mailIdOf(after: Pick<OrderDoc, 'orderId' | 'statusHistory'>, mail: OrderMail): string {
  if (mail.kind === 'placed') return `${after.orderId}-placed`;
  // One reminder per order, whoever runs the job and however often.
  if (mail.kind === 'paymentReminder') return `${after.orderId}-payment-reminder`;
  if (mail.kind === 'deliveryCorrected') return `${after.orderId}-delivery-${after.statusHistory.length}`;
  // Nothing leads back to a status, so the status reached names the change once (paymentDue: -awaitingPayment).
  return `${after.orderId}-${after.statusHistory[after.statusHistory.length - 1]!.status}`;
}

/**
 * A pay-after-成團 order when its campaign forms (`formedAt`): it now awaits payment, due
 * `paymentDueDays` after the forming moment (or after the order, for one placed after it), and the
 * buyer is mailed the payment notice (收款通知). Refused unless the order still waits.
 */
export function formationChange(
  doc: OrderDoc,
  p: { formedAt: string; paymentDueDays: number; at: string },
): { refusal: Refusal } | { next: OrderDoc; mail: OrderMail | null } {
  const refusal = refusalOf(doc, { to: 'awaitingPayment', role: 'system', at: p.at });
  if (refusal || doc.status !== 'awaitingFormation') return { refusal: refusal ?? { kind: 'invalidTransition', from: doc.status, to: 'awaitingPayment' } };
  const days = Number.isFinite(p.paymentDueDays) && p.paymentDueDays > 0 ? p.paymentDueDays : DEFAULT_PAYMENT_DUE_DAYS;
  const from = Math.max(Date.parse(p.formedAt), Date.parse(doc.createdAt));
  const next = { ...applyChange(doc, { to: 'awaitingPayment', role: 'system', by: 'system:formed', at: p.at, note: FORMED_NOTE }), paymentDueAt: dueAfter(from, days) };
  return { next, mail: mailOfChange(doc, 'awaitingPayment', 'system') };
}

/** The note a forming campaign writes on its waiting orders. */
export const FORMED_NOTE = '團購已成團，開始收款';

/** The payment reminder goes out this long before the deadline (the sweep cancels right after it). */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/** No reminder for a deadline mailed less than this long ago (a 1-day deadline: the mail just said it). */
export const REMINDER_QUIET_MS = 12 * 3_600_000;

/**
 * The payment reminder an unpaid order gets at `now`, or null: only an order awaiting payment whose
 * deadline is within REMINDER_LEAD_MS and not past, with an address, not imported from the old shop
 * (the import promises its buyers nothing from this shop), and whose deadline was not mailed just now.
 * Sent once: its mail id is fixed (mailIdOf). Whether the address unsubscribed is the caller's read.
 */
export function paymentReminderOf(doc: Pick<OrderDoc, 'status' | 'paymentDueAt' | 'email' | 'legacy' | 'statusHistory'>, now: Date): OrderMail | null {
  if (doc.status !== 'awaitingPayment' || !doc.paymentDueAt || !doc.email || doc.legacy) return null;
  const left = Date.parse(doc.paymentDueAt) - now.getTime();
  if (!(left > 0 && left <= REMINDER_LEAD_MS)) return null;
  const asked = doc.statusHistory.find((h) => h.status === 'awaitingPayment')?.at;
  if (asked && now.getTime() - Date.parse(asked) < REMINDER_QUIET_MS) return null;
  return { kind: 'paymentReminder' };
}

/**
 * The owner's change from the console (POST /api/admin/orders/{orderId}/status), on the order as read:
 * what the move is, or why it is refused. A payment must match what the order asks (the digits unless
 * paid from another account, and the amount); only a shipped order's copies can be kept out of stock.
 */
export function ownerChange(
  doc: OrderDoc,
  change: OrderStatusChange,
  by: string,
  at: string,
): { refusal: Refusal } | { next: OrderDoc; mail: OrderMail | null; keepOut?: KeepOutReason } {
  const moveRefused = refusalOf(doc, { to: change.status, role: 'owner', at });
  if (moveRefused) return { refusal: moveRefused };
  const notes: string[] = [];
  let keepOut: KeepOutReason | undefined;
  let payment: PaymentFact | undefined;
  if (change.status === 'preparing') {
    const details = paymentMismatch(doc, change);
    if (details.length) return { refusal: { kind: 'invalid', message: 'The payment does not match the order', details } };
    payment = paymentOf(doc, change);
    notes.push(paymentNote(payment));
  }
  if (change.status === 'shipped') notes.push(`${change.delivery.company} ${change.delivery.trackingNo}`);
  // A shipped order's books are with the customer: whether they come back is the owner's to say, never a default.
  if (change.status === 'refunded' && doc.status === 'shipped' && !change.restock) {
    return { refusal: { kind: 'invalid', message: 'Say whether the shipped books come back to stock', details: [{ path: 'restock', message: '請選擇書是否退回庫存' }] } };
  }
  if (change.status === 'refunded' && change.restock && change.restock !== 'return') {
    // Only a shipped order's copies left the shop; any other refund puts them back.
    if (doc.status !== 'shipped') return { refusal: { kind: 'invalid', message: 'Only a shipped order can keep its copies out of stock', details: [{ path: 'restock', message: '只有已出貨的訂單可選擇不退回庫存' }] } };
    keepOut = change.restock;
    notes.push(keepOut === 'damaged' ? '書已損壞，不退回庫存' : '書未寄回，不退回庫存');
  }
  if (change.note) notes.push(change.note);
  const delivery = change.status === 'shipped' ? change.delivery : undefined;
  const next = applyChange(doc, { to: change.status, role: 'owner', by, at, note: notes.join('；') || undefined, delivery, payment });
  return { next, mail: mailOfChange(doc, change.status, 'owner', change.note), ...(keepOut ? { keepOut } : {}) };
}

type Payment = Extract<OrderStatusChange, { status: 'preparing' }>;

/**
 * The payment the owner typed against what the order asks. The message never names the order's
 * digits: the check is worth something only if the owner reads them off the statement, not off the error.
 */
function paymentMismatch(doc: Pick<Order, 'bankAccountNo' | 'totalPrice'>, p: Payment): { path: string; message: string }[] {
  const details: { path: string; message: string }[] = [];
  if (!p.otherAccount && doc.bankAccountNo !== NO_BANK_DIGITS && p.bankAccountNo !== doc.bankAccountNo) {
    details.push({ path: 'bankAccountNo', message: '帳號末五碼與訂單填寫的不符；若買家由其他帳戶匯款，請勾選「由其他帳戶匯款」' });
  }
  if (p.amount !== doc.totalPrice) details.push({ path: 'amount', message: `金額不符：訂單應付 ${formatMoney(doc.totalPrice)}` });
  return details;
}

/** The payment the owner confirmed: the digits read, and whether they are the order's. */
function paymentOf(doc: Pick<Order, 'bankAccountNo'>, p: Payment): PaymentFact {
  const other = p.otherAccount && doc.bankAccountNo !== NO_BANK_DIGITS && doc.bankAccountNo !== p.bankAccountNo;
  const account = other ? 'other' : doc.bankAccountNo === NO_BANK_DIGITS ? 'unstated' : 'order';
  return { digits: p.bankAccountNo, amount: p.amount, account };
}

const ACCOUNT_TAG: Record<PaymentFact['account'], string> = { order: '', other: '（由其他帳戶匯款，與訂單填寫的末五碼不同）', unstated: '（訂購時未填）' };

/** The history's note of a payment, rendered from the fact. */
export const paymentNote = (p: PaymentFact) => `匯款已核對：帳號末五碼 ${p.digits}${ACCOUNT_TAG[p.account]}，金額 ${formatMoney(p.amount)}`;

/**
 * The last 5 digits the buyer paid from: as the payment was confirmed (by hand or by the bank
 * matching), else the digits the order gives (NO_BANK_DIGITS when none).
 */
export const paidFromDigits = (o: Pick<OrderDoc, 'bankAccountNo' | 'payment'>): string => o.payment?.digits ?? o.bankAccountNo;

/**
 * A shipped order's tracking details corrected by the owner: the status stays, the history notes the
 * new details, and the customer's mail says what was wrong (the details sent before) and what is right.
 */
export function correctDelivery(
  doc: OrderDoc,
  input: { delivery: Delivery; note?: string },
  by: string,
  at: string,
): { refusal: Refusal } | { next: OrderDoc; mail: OrderMail | null } {
  if (doc.status !== 'shipped') return { refusal: { kind: 'notShipped', status: doc.status } };
  const d = input.delivery;
  const note = [`更正貨件資訊：${d.company} ${d.trackingNo}`, input.note].filter(Boolean).join('；');
  const next: OrderDoc = { ...doc, delivery: d, statusHistory: [...doc.statusHistory, { status: doc.status, at, by, note }], updatedAt: at };
  const mail: OrderMail | null = doc.email ? { kind: 'deliveryCorrected', previous: doc.delivery, ...(input.note ? { note: input.note } : {}) } : null;
  return { next, mail };
}

/**
 * The buyer gives or corrects the bank digits until the order is paid; the owner's matching reads them
 * from the order. Noted in the history for the owner.
 */
export function setBankDigits(doc: OrderDoc, bankAccountNo: string, by: string, at: string): { refusal: Refusal } | { next: OrderDoc } {
  if (!isUnpaid(doc)) {
    return { refusal: { kind: 'paid', status: doc.status } };
  }
  const note = `買家${doc.bankAccountNo === NO_BANK_DIGITS ? '填寫' : '更正'}匯款帳號末 5 碼：${bankAccountNo}`;
  return { next: { ...doc, bankAccountNo, updatedAt: at, statusHistory: [...doc.statusHistory, { status: doc.status, at, by, note }] } };
}

/**
 * The pickup desk's mark (functions/src/api/organizer/service.ts): the order as it will be, or why it
 * cannot be handed over. Only an active order of the desk's campaign, collected at a pickup point and
 * paid: a treasurer hands over no unpaid books (the desk shows them as 未付款 and cannot tick them).
 * Only `pickedUp` changes; marking twice keeps the first mark, undoing an unmarked order changes nothing.
 */
export function pickupChange(
  doc: Pick<OrderDoc, 'planId' | 'status' | 'pickup' | 'pickedUp'>,
  planId: string,
  mark: { at: string; by: string } | null,
  /** The owner decided 流團: its paid orders are refunded, not handed over (an undo is still allowed). */
  campaignFailed = false,
): { refusal: 'notFound' | 'postal' | 'unpaid' | 'failed' } | { pickedUp: { at: string; by: string } | null; changed: boolean } {
  if (doc.planId !== planId || !isActiveOrder(doc)) return { refusal: 'notFound' };
  if (!doc.pickup) return { refusal: 'postal' };
  if (mark && campaignFailed) return { refusal: 'failed' };
  if (mark && !isPaid(doc)) return { refusal: 'unpaid' };
  const current = doc.pickedUp ?? null;
  if (mark) return current ? { pickedUp: current, changed: false } : { pickedUp: mark, changed: true };
  return { pickedUp: null, changed: current !== null };
}
