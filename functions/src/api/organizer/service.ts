import { randomBytes } from 'node:crypto';
import { ORGANIZER_LINK_DAYS_AFTER_CLOSE, type OrganizerHandoverRow, type OrganizerLink, type OrganizerView } from '../../contracts/organizer';
import { getPlan, listPlanOrders } from '../../data/plans';
import { isActiveOrder } from '../../domain/order';
import { forbidden, notFound } from '../../lib/failure';
import { createLink, getLink, latestAccesses, listLinksOfPlan, recordAccess, revokeLink, type LinkDoc } from '../../data/organizer-links';
import { toCsv, type Cell } from '../group-buying/csv';
import { pickupLabel, planTotals } from '../group-buying/plans-service';
import { withLiveRefunds } from '../group-buying/outcome-service';
import { planRebate } from '../group-buying/rebate';
import { signLink, verifyLink } from '../../lib/signer';

// The organiser's read-only link to a plan (stored by functions/src/data/organizer-links.ts). The token
// is linkId + HMAC(planId:linkId) with the same secret as the newsletter's links: the stored id makes it
// revocable, the MAC makes it unguessable.

const tokenOf = (planId: string, linkId: string) => `${linkId}.${signLink('organizer', `${planId}:${linkId}`)}`;
const expiresAt = (closingDate: string) => new Date(Date.parse(closingDate) + ORGANIZER_LINK_DAYS_AFTER_CLOSE * 86_400_000).toISOString();

async function toLink(id: string, d: LinkDoc, closingDate: string): Promise<OrganizerLink> {
  const accesses = await latestAccesses(id, 20);
  return {
    linkId: id,
    planId: d.planId,
    url: `/organizer?token=${tokenOf(d.planId, id)}`,
    createdAt: d.createdAt,
    createdBy: d.createdBy,
    expiresAt: expiresAt(closingDate),
    revokedAt: d.revokedAt,
    accessCount: d.accessCount ?? 0,
    accesses,
  };
}

/** POST /api/admin/plans/{planId}/organizer-links */
export async function createOrganizerLink(planId: string, by: string): Promise<OrganizerLink> {
  const plan = await getPlan(planId);
  if (!plan) throw notFound(`No group-buy plan ${planId}`);
  const linkId = randomBytes(15).toString('base64url');
  const doc: LinkDoc = { planId, createdAt: new Date().toISOString(), createdBy: by, revokedAt: null, accessCount: 0 };
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

/** Checks the signature, the link and its expiry; logs the access; answers the plan. */
async function open(token: string, what: 'view' | 'csv', ip: string) {
  const [linkId, sig] = token.split('.') as [string, string];
  const d = await getLink(linkId);
  if (!d) throw notFound('No such link');
  if (!verifyLink('organizer', `${d.planId}:${linkId}`, sig ?? '')) throw notFound('No such link');
  const plan = await getPlan(d.planId);
  if (!plan) throw notFound('No such plan');
  if (d.revokedAt || Date.now() > Date.parse(expiresAt(plan.closingDate))) throw stopped();
  await recordAccess(linkId, { at: new Date().toISOString(), what, ip: ip.slice(0, 64) });
  return plan;
}

export const maskPhoneTail = (p: string) => {
  const d = p.replace(/\D/g, '');
  return d.length >= 3 ? `${'*'.repeat(Math.max(4, d.length - 3))}${d.slice(-3)}` : '***';
};

/** GET /api/organizer/{token}: live tallies and the handover list (active orders only). */
export async function organizerView(token: string, ip: string): Promise<OrganizerView> {
  const plan = await open(token, 'view', ip);
  const orders = await listPlanOrders(plan.planId);
  const active = orders.filter(isActiveOrder).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const rebate = planRebate(plan, orders);
  const rows: OrganizerHandoverRow[] = active.map((o) => ({
    orderNo: o.orderNo,
    buyer: o.buyer || o.receiver.name,
    phone: maskPhoneTail(o.phone),
    items: o.items.map((i) => ({ name: i.name, qty: i.qty })),
    pickup: pickupLabel(o),
    paid: o.status === 'preparing' || o.status === 'shipped',
    rebate: rebate?.perOrder[o.orderId] ?? 0,
  }));
  const decision = plan.decision?.completedAt ? withLiveRefunds(plan.decision, orders) : null;
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
      refundsDue: decision.refundsDue.filter((r) => r.status !== 'refunded').length,
      refundsTotal: decision.refundsDue.filter((r) => r.status !== 'refunded').reduce((n, r) => n + r.amount, 0),
    },
    rebate: rebate && { percent: rebate.percent, paidOrders: rebate.paidOrders, paidBooksTotal: rebate.paidBooksTotal, amount: rebate.amount },
  };
}

/** GET /api/organizer/{token}/orders.csv: the same handover list, UTF-8 with BOM. */
export async function organizerCsv(token: string, ip: string): Promise<{ filename: string; body: string }> {
  const plan = await open(token, 'csv', ip);
  const all = await listPlanOrders(plan.planId);
  const orders = all.filter(isActiveOrder).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const rebate = planRebate(plan, all);
  const rows: Cell[][] = [['訂單號碼', '訂購人', '電話（末三碼）', '取貨地點', '書名', '數量', '付款狀態', ...(rebate ? ['團主回饋'] : [])]];
  for (const o of orders) {
    o.items.forEach((i, n) =>
      rows.push([o.orderNo, o.buyer || o.receiver.name, maskPhoneTail(o.phone), pickupLabel(o), i.name, i.qty, o.status === 'awaitingFormation' ? '等待成團（未收款）' : o.status === 'awaitingPayment' ? '未付款' : '已付款', ...(rebate ? [n === 0 ? (rebate.perOrder[o.orderId] ?? 0) : null] : [])]),
    );
  }
  if (rebate) rows.push([], [`團主回饋 ${rebate.percent}%（已付款 ${rebate.paidOrders} 筆，書款 ${rebate.paidBooksTotal} 元，每筆無條件捨去至元）`, '', '', '', '', '', '合計', rebate.amount]);
  return { filename: `${plan.planId}-handover.csv`, body: toCsv(rows) };
}
