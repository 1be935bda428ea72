import { randomBytes } from 'node:crypto';
import { ORGANIZER_LINK_DAYS_AFTER_CLOSE, type OrganizerHandoverRow, type OrganizerLink, type OrganizerLinkKind, type OrganizerView } from '../../contracts/organizer';
import { getPlan, getPlanDecision, listPlanOrders, type PlanDoc } from '../../data/plans';
import { awaitsFormation, awaitsPayment, isActiveOrder, isPaid, isRefunded, pickupChange, type OrderDoc } from '../../domain/order';
import { conflict, forbidden, notFound } from '../../lib/failure';
import { ERROR_KEYS } from '../../contracts/errors';
import type { OrderFields } from '../../contracts/orders';
import { setPickedUpByNo } from '../../data/orders';
import { accessLogWrite, createLink, getLink, latestAccesses, listLinksOfPlan, recordAccess, revokeLink, type LinkDoc } from '../../data/organizer-links';
import { toCsv, type Cell } from '../../contracts/csv';
import { pickedUpText, pickupLabel, planTotals } from '../group-buying/plans-service';
import { withLiveRefunds } from '../group-buying/outcome-service';
import { planRebate } from '../group-buying/rebate';
import { signLink, verifyLink } from '../../lib/signer';

// The organiser's read-only link to a plan (stored by functions/src/data/organizer-links.ts). The token
// is linkId + HMAC(planId:linkId) with the same secret as the newsletter's links: the stored id makes it
// revocable, the MAC makes it unguessable.

// A pickup desk's token is signed under its own purpose: a read-only link's signature never verifies as a
// desk's, whatever is done to the token, and the stored kind decides which purpose is checked.
const purposeOf = (kind: OrganizerLinkKind | undefined) => (kind === 'desk' ? 'organizer-desk' : 'organizer');
const tokenOf = (planId: string, linkId: string, kind?: OrganizerLinkKind) => `${linkId}.${signLink(purposeOf(kind), `${planId}:${linkId}`)}`;
const expiresAt = (closingDate: string) => new Date(Date.parse(closingDate) + ORGANIZER_LINK_DAYS_AFTER_CLOSE * 86_400_000).toISOString();

async function toLink(id: string, d: LinkDoc, closingDate: string): Promise<OrganizerLink> {
  const accesses = await latestAccesses(id, d.kind === 'desk' ? 50 : 20);
  return {
    linkId: id,
    planId: d.planId,
    url: d.kind === 'desk' ? `/organizer/desk?token=${tokenOf(d.planId, id, 'desk')}` : `/organizer?token=${tokenOf(d.planId, id)}`,
    kind: d.kind ?? 'view',
    holder: d.holder ?? null,
    createdAt: d.createdAt,
    createdBy: d.createdBy,
    expiresAt: expiresAt(closingDate),
    revokedAt: d.revokedAt,
    accessCount: d.accessCount ?? 0,
    accesses,
  };
}

/** POST /api/admin/plans/{planId}/organizer-links, and .../desk-links with kind `desk` and its holder. */
export async function createOrganizerLink(planId: string, by: string, desk?: { holder: string }): Promise<OrganizerLink> {
  const plan = await getPlan(planId);
  if (!plan) throw notFound(`No group-buy plan ${planId}`);
  const linkId = randomBytes(15).toString('base64url');
  const doc: LinkDoc = {
    planId,
    createdAt: new Date().toISOString(),
    createdBy: by,
    revokedAt: null,
    accessCount: 0,
    ...(desk ? { kind: 'desk' as const, holder: desk.holder } : {}),
  };
  await createLink(linkId, doc);
  return toLink(linkId, doc, plan.closingDate);
}

/** GET /api/admin/plans/{planId}/organizer-links: every link of the plan with its latest accesses. */
export async function listOrganizerLinks(planId: string): Promise<OrganizerLink[]> {
  const plan = await getPlan(planId);
  if (!plan) throw notFound(`No group-buy plan ${planId}`);
  const links = await Promise.all((await listLinksOfPlan(planId)).map((l) => toLink(l.linkId, l.doc, plan.closingDate)));
  return links.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
}

/** DELETE /api/admin/plans/{planId}/organizer-links/{linkId}: revokes (the link stays listed, with its log). */
export async function revokeOrganizerLink(planId: string, linkId: string): Promise<OrganizerLink> {
  const plan = await getPlan(planId);
  if (!plan) throw notFound(`No group-buy plan ${planId}`);
  const d = await revokeLink(planId, linkId);
  if (!d) throw notFound(`No link ${linkId}`);
  return toLink(linkId, d, plan.closingDate);
}

const stopped = () => forbidden('This organiser link has been revoked or has expired');

/** Checks the signature (under its kind's purpose), the link and its expiry; answers the link and the plan. */
async function check(token: string) {
  const [linkId, sig] = token.split('.') as [string, string];
  const d = await getLink(linkId);
  if (!d) throw notFound('No such link');
  if (!verifyLink(purposeOf(d.kind), `${d.planId}:${linkId}`, sig ?? '')) throw notFound('No such link');
  const plan = await getPlan(d.planId);
  if (!plan) throw notFound('No such plan');
  if (d.revokedAt || Date.now() > Date.parse(expiresAt(plan.closingDate))) throw stopped();
  return { linkId, link: d, plan };
}

/** Checks the token and logs the access; answers the plan and whether the token is a pickup desk's. */
async function open(token: string, what: 'view' | 'csv', ip: string) {
  const { linkId, link, plan } = await check(token);
  await recordAccess(linkId, { at: new Date().toISOString(), what, ip: ip.slice(0, 64) });
  return Object.assign(plan, { desk: link.kind === 'desk' });
}

export const maskPhoneTail = (p: string) => {
  const d = p.replace(/\D/g, '');
  return d.length >= 3 ? `${'*'.repeat(Math.max(4, d.length - 3))}${d.slice(-3)}` : '***';
};

/**
 * A campaign the owner decided 流團 hands nothing over: its handover list and CSV are empty (the paid
 * orders are the owner's refunds due, counted in the view's decision, without names). A pickup desk
 * still lists the orders ticked 已取貨 before the decision, so that each tick can be undone there.
 */
const handedOver = (plan: Pick<PlanDoc, 'decision'>, orders: OrderDoc[], desk = false) =>
  plan.decision?.outcome === 'failed' ? (desk ? orders.filter((o) => isActiveOrder(o) && o.pickedUp) : []) : orders.filter(isActiveOrder);

/** GET /api/organizer/{token}: live tallies and the handover list (active orders only). */
export async function organizerView(token: string, ip: string): Promise<OrganizerView> {
  const plan = await open(token, 'view', ip);
  const [orders, full] = await Promise.all([listPlanOrders(plan.planId), plan.decision?.completedAt ? getPlanDecision(plan.planId) : null]);
  const active = handedOver(plan, orders, plan.desk).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const rebate = planRebate(plan, orders);
  const rows: OrganizerHandoverRow[] = active.map((o) => ({
    orderNo: o.orderNo,
    buyer: o.buyer || o.receiver.name,
    phone: maskPhoneTail(o.phone),
    items: o.items.map((i) => ({ name: i.name, qty: i.qty })),
    pickup: pickupLabel(o),
    paid: isPaid(o),
    rebate: rebate?.perOrder[o.orderId] ?? 0,
    ...pickupFields(o),
  }));
  const decision = full?.completedAt ? withLiveRefunds(full, orders) : null;
  return {
    planId: plan.planId,
    title: plan.title,
    organizer: plan.organizer,
    closingDate: plan.closingDate,
    expiresAt: expiresAt(plan.closingDate),
    ...planTotals(orders),
    orders: rows,
    decision: decision && {
      outcome: decision.outcome,
      at: decision.at,
      note: decision.note,
      cancelled: decision.counts.cancelled,
      refundsDue: decision.refundsDue.filter((r) => !isRefunded(r)).length,
      refundsTotal: decision.refundsDue.filter((r) => !isRefunded(r)).reduce((n, r) => n + r.amount, 0),
    },
    rebate: rebate && { percent: rebate.percent, paidOrders: rebate.paidOrders, paidBooksTotal: rebate.paidBooksTotal, amount: rebate.amount },
    desk: plan.desk,
  };
}

/** GET /api/organizer/{token}/orders.csv: the same handover list, UTF-8 with BOM. */
export async function organizerCsv(token: string, ip: string): Promise<{ filename: string; body: string }> {
  const plan = await open(token, 'csv', ip);
  const all = await listPlanOrders(plan.planId);
  const orders = handedOver(plan, all).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const rebate = planRebate(plan, all);
  const rows: Cell[][] = [['訂單號碼', '訂購人', '電話（末三碼）', '取貨地點', '書名', '數量', '付款狀態', '已取貨', ...(rebate ? ['團主回饋'] : [])]];
  for (const o of orders) {
    o.items.forEach((i, n) =>
      rows.push([o.orderNo, o.buyer || o.receiver.name, maskPhoneTail(o.phone), pickupLabel(o), i.name, i.qty, awaitsFormation(o) ? '等待成團（未收款）' : awaitsPayment(o) ? '未付款' : '已付款', pickedUpText(o), ...(rebate ? [n === 0 ? (rebate.perOrder[o.orderId] ?? 0) : null] : [])]),
    );
  }
  if (plan.decision?.outcome === 'failed') rows.push([], ['未成團（流團）：不交書，已付款的訂單由書店退款。']);
  else if (rebate) rows.push([], [`團主回饋 ${rebate.percent}%（已付款 ${rebate.paidOrders} 筆，書款 ${rebate.paidBooksTotal} 元，每筆無條件捨去至元）`, '', '', '', '', '', '', '合計', rebate.amount]);
  return { filename: `${plan.planId}-handover.csv`, body: toCsv(rows) };
}

// --- The pickup desk (issue 27; docs/group-buying.md, "The organiser's pickup desk") ---

const pickupFields = (o: Pick<OrderFields, 'pickedUp' | 'pickup'>) => ({ pickedUp: o.pickedUp ?? null, postal: !o.pickup });

const REFUSALS = {
  notFound: () => notFound('No such order in this campaign'),
  postal: () => conflict(ERROR_KEYS.invalidTransition, 'A posted order is not handed over at the desk', [{ path: 'orderNo', message: '郵寄訂單不在取貨處交付' }]),
  unpaid: () => conflict(ERROR_KEYS.invalidTransition, 'The order is not paid', [{ path: 'orderNo', message: '這筆訂單尚未付款，請先完成匯款再交書' }]),
  failed: () => conflict(ERROR_KEYS.invalidTransition, 'The campaign failed: its paid orders are refunded, not handed over', [{ path: 'orderNo', message: '這個團購未成團（流團），書不交付，已付款的訂單由書店退款' }]),
};

/**
 * PUT (mark) and DELETE (undo) /api/organizer/{token}/pickups/{orderNo}: only with a pickup desk's token
 * (a read-only link's answers 403), only `pickedUp` of an active, paid pickup order of the desk's
 * campaign. Every attempt is logged on the link, done or refused.
 */
export async function setPickup(token: string, orderNo: string, picked: boolean, ip: string): Promise<OrganizerHandoverRow> {
  const { linkId, link, plan } = await check(token);
  if (link.kind !== 'desk') throw forbidden('A read-only organiser link cannot mark pickups');
  const at = new Date().toISOString();
  const log = await accessLogWrite(linkId);
  // The log entry is written in the order's transaction, done or refused (with the reason).
  const out = await setPickedUpByNo(
    orderNo,
    (doc) => pickupChange(doc, plan.planId, picked ? { at, by: link.holder || '團主' } : null, plan.decision?.outcome === 'failed'),
    (tx, result) => {
      const refused = !result ? 'notFound' : 'refusal' in result ? result.refusal : undefined;
      log(tx, { at, what: picked ? 'pickup' : 'undo', ip: ip.slice(0, 64), orderNo, ...(refused ? { refused } : {}) });
    },
  );
  if (!out) throw REFUSALS.notFound();
  if ('refusal' in out.result) throw REFUSALS[out.result.refusal]();
  const o = out.order;
  return { orderNo: o.orderNo, buyer: o.buyer || o.receiver.name, phone: maskPhoneTail(o.phone), items: o.items.map((i) => ({ name: i.name, qty: i.qty })), pickup: pickupLabel(o), paid: isPaid(o), rebate: planRebate(plan, [o])?.perOrder[o.orderId] ?? 0, ...pickupFields(o) };
}
