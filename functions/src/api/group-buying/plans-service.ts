import type { AdminPlanDetail, PlanDecision, AdminPlanInput, AdminPlanSaved, AdminPlanSummary, AdminPlanUpdate, PlanBookState, PlanBookTotal, PlanPickupTotal } from '../../contracts/admin';
import { ERROR_KEYS } from '../../contracts/errors';
import { formatDateTime } from '../../contracts/format';
import { isPlanOpen } from '../../contracts/group-buying';
import { ORDER_STATUS_LABELS, type OrderFields } from '../../contracts/orders';
import { createPlanWithProgress, deletePlanWithoutOrders, getPlan, getPlanDecision, getPlanProgress, planHasOrders, listPlanOrders, listPlansByClosing, replacePlan, updatePlanFields, type PlanDoc } from '../../data/plans';
import { isActiveOrder, isRefunded, publicOrder, type OrderDoc } from '../../domain/order';
import { getProductDocs, invalidateCatalogue, missingProducts } from '../../data/products';
import { getStockCounts } from '../../data/stock';
import { conflict, invalid, notFound } from '../../lib/failure';
import { toCsv, type Cell } from '../../contracts/csv';
import { toXlsx } from '../../lib/xlsx';
import { withLiveRefunds } from './outcome-service';
import { planRebate } from './rebate';

const noPlan = (planId: string) => notFound(`No group-buy plan ${planId}`);

async function summary(plan: PlanDoc, now = new Date()): Promise<AdminPlanSummary> {
  const [progress, hasOrders] = await Promise.all([getPlanProgress(plan.planId, plan.minQuantity ?? null), planHasOrders(plan.planId)]);
  const { planId: _id, ...p } = progress;
  const { decision, ...stored } = plan;
  return { plan: { ...stored, outcome: plan.outcome ?? null, archived: plan.archived === true, decided: decision?.outcome ?? null }, progress: p, isOpen: isPlanOpen(plan, now), hasOrders };
}

/** GET /api/admin/plans: every plan, launched or not, soonest closing last (newest campaigns first). */
export async function listAdminPlans(): Promise<AdminPlanSummary[]> {
  const plans = await listPlansByClosing(200);
  return Promise.all(plans.map((p) => summary(p)));
}

/** Every book of the plan must exist (launched or not); otherwise 400 naming the line. */
async function assertProductsExist(products: AdminPlanInput['products']) {
  const missing = new Set(await missingProducts(products.map((l) => l.productId)));
  const details = products.flatMap((l, i) => (missing.has(l.productId) ? [{ path: `body.products.${i}.productId`, message: `沒有這本書：${l.productId}` }] : []));
  if (details.length) throw invalid('Unknown product in the plan', details);
}

/** The plan's books as they are now (read fresh: a book launched a moment ago counts). */
async function planBooks(plan: Pick<PlanDoc, 'products'>): Promise<PlanBookState[]> {
  const ids = plan.products.map((l) => l.productId);
  const [docs, stock] = await Promise.all([getProductDocs(ids), getStockCounts(ids)]);
  return plan.products.map((l) => {
    const d = docs.get(l.productId);
    return { productId: l.productId, name: typeof d?.name === 'string' ? d.name : l.productId, groupPrice: l.groupPrice, launched: d?.launched === true, stock: stock.get(l.productId) ?? 0 };
  });
}

/** What the owner is told at save: the books the campaign's page will leave out, since they are hidden. */
async function saved(plan: PlanDoc, now: Date): Promise<AdminPlanSaved> {
  const [s, books] = await Promise.all([summary(plan, now), planBooks(plan)]);
  return { ...s, hiddenBooks: books.filter((b) => !b.launched).map(({ productId, name }) => ({ productId, name })) };
}

// An absent minQuantity stays absent (the app's Firestore client ignores undefined properties).
const stored = (input: AdminPlanUpdate) => input;

/**
 * POST /api/admin/plans: a new campaign (closing date in the future, every book existing) and its
 * progress document, in one transaction; an id that exists is 409 ALREADY_EXISTS.
 */
export async function createPlan(input: AdminPlanInput, now = new Date()): Promise<AdminPlanSaved> {
  if (Date.parse(input.closingDate) <= now.getTime()) {
    throw invalid('A new plan must close in the future', [{ path: 'body.closingDate', message: '新活動的截止時間必須晚於現在' }]);
  }
  await assertProductsExist(input.products);
  const { planId, ...fields } = input;
  const created = await createPlanWithProgress(planId, { ...stored(fields), closingDate: new Date(input.closingDate).toISOString() }, input.minQuantity ?? null, now.toISOString());
  if (!created) throw conflict(ERROR_KEYS.alreadyExists, `A plan ${planId} exists already`);
  invalidateCatalogue();
  return saved((await getPlan(planId))!, now);
}

/**
 * PUT /api/admin/plans/{planId}: replaces the plan's fields. A closing date may move into the past
 * (closing early); moved into the future, a plan the closing job had judged is judged again later.
 */
export async function updatePlan(planId: string, input: AdminPlanUpdate, now = new Date()): Promise<AdminPlanSaved> {
  await assertProductsExist(input.products);
  const closingDate = new Date(input.closingDate).toISOString();
  const reopened = Date.parse(closingDate) > now.getTime();
  const found = await replacePlan(
    planId,
    (old) => {
      // A decided campaign (成團 / 流團: its buyers were told) cannot take orders again.
      if (old.decision && reopened) throw conflict(ERROR_KEYS.outcomeDecided, `The plan was decided ${old.decision.outcome}; its closing date cannot move into the future`);
      return {
        ...stored(input),
        closingDate,
        ...(old.createdAt ? { createdAt: old.createdAt } : {}),
        ...(old.archived ? { archived: true } : {}),
        ...(!reopened && old.outcome ? { outcome: old.outcome, judgedAt: old.judgedAt } : {}),
        // Formed stays formed: the deadlines of its orders ran from that moment.
        ...(old.formedAt ? { formedAt: old.formedAt } : {}),
        ...(old.decision ? { decision: old.decision } : {}),
      };
    },
    input.minQuantity ?? null,
    now.toISOString(),
  );
  if (!found) throw noPlan(planId);
  invalidateCatalogue();
  return saved((await getPlan(planId))!, now);
}

/** PATCH /api/admin/plans/{planId}/launch */
export async function setPlanLaunched(planId: string, launched: boolean): Promise<AdminPlanSummary> {
  if (!(await updatePlanFields(planId, { launched }))) throw noPlan(planId);
  invalidateCatalogue();
  return summary((await getPlan(planId))!);
}

/**
 * PATCH /api/admin/plans/{planId}/archive: puts a plan away (or back). An archived plan is also
 * unlaunched, so it takes no orders; its orders and figures stay.
 */
export async function setPlanArchived(planId: string, archived: boolean): Promise<AdminPlanSummary> {
  if (!(await updatePlanFields(planId, { archived, ...(archived ? { launched: false } : {}) }))) throw noPlan(planId);
  invalidateCatalogue();
  return summary((await getPlan(planId))!);
}

/**
 * DELETE /api/admin/plans/{planId}: only a plan without any order (e.g. one created by mistake);
 * a plan with orders answers 409 `PLAN_HAS_ORDERS` (archive it instead).
 */
export async function deletePlan(planId: string): Promise<void> {
  const r = await deletePlanWithoutOrders(planId);
  if (r === 'missing') throw noPlan(planId);
  if (r === 'hasOrders') throw conflict(ERROR_KEYS.planHasOrders, `The plan ${planId} has orders; archive it instead`);
  invalidateCatalogue();
}

/**
 * Where an order's books go: its pickup point's name, or 郵寄 for every posted order. Never the address:
 * the organiser's link shows this label (docs/admin.md promises it no address), and the totals group by it.
 */
export const pickupLabel = (o: Pick<OrderFields, 'pickup'>) => (o.pickup ? o.pickup.name : '郵寄');

/** The 已取貨 cell of the CSVs (the pickup desk's mark): when and by whom, or empty. */
export const pickedUpText = (o: Pick<OrderFields, 'pickedUp'>) => (o.pickedUp ? `${formatDateTime(o.pickedUp.at)} ${o.pickedUp.by}` : '');

/** Totals of the plan's active orders (cancelled and refunded ones left out). */
export function planTotals(orders: readonly OrderFields[]): { bookTotals: PlanBookTotal[]; pickupTotals: PlanPickupTotal[] } {
  const books = new Map<string, PlanBookTotal>();
  const pickups = new Map<string, PlanPickupTotal>();
  for (const o of orders.filter(isActiveOrder)) {
    const pickup = pickupLabel(o);
    const p = pickups.get(pickup) ?? { pickup, orders: 0, copies: 0, amount: 0, byProduct: {} };
    p.orders += 1;
    p.amount += o.totalPrice;
    for (const i of o.items) {
      const b = books.get(i.productId) ?? { productId: i.productId, name: i.name, qty: 0, amount: 0 };
      b.qty += i.qty;
      b.amount += i.totalPrice;
      books.set(i.productId, b);
      p.copies += i.qty;
      p.byProduct[i.productId] = (p.byProduct[i.productId] ?? 0) + i.qty;
    }
    pickups.set(pickup, p);
  }
  return {
    bookTotals: [...books.values()].sort((a, b) => a.productId.localeCompare(b.productId)),
    pickupTotals: [...pickups.values()].sort((a, b) => a.pickup.localeCompare(b.pickup, 'zh-Hant')),
  };
}

/** GET /api/admin/plans/{planId}: the plan, its progress, its orders (newest first) and totals. */
export async function getAdminPlan(planId: string): Promise<AdminPlanDetail> {
  const plan = await getPlan(planId);
  if (!plan) throw noPlan(planId);
  const [s, orders, books, decision] = await Promise.all([summary(plan), listPlanOrders(planId), planBooks(plan), plan.decision ? getPlanDecision(planId) : null]);
  return { ...s, orders: orders.map(publicOrder), ...planTotals(orders), books, decision: decision ? withLiveRefunds(decision, orders) : null, rebate: planRebate(plan, orders) };
}

export const CSV_HEADER = [
  '訂單號碼', '訂單日期', '訂單狀態', '訂購人', '電子郵件', '電話', '收件人', '取貨地點', '收件地址',
  '統一編號', '發票抬頭', '匯款帳號末五碼', '書籍編號', '書名', '數量', '單價', '小計', '運費', '訂單總額', '備註',
  '已取貨', '團主回饋',
] as const;

/**
 * The plan's orders as rows (CSV and workbook alike): one row per order line (oldest first), then per-book
 * and per-pickup totals, the organiser's rebate (per order on its first line, and its total) and, after
 * 流團, the refunds due.
 */
function planOrderRows(plan: Pick<PlanDoc, 'planId' | 'title' | 'rebatePercent'> & { decision?: PlanDecision }, orders: readonly OrderDoc[]): Cell[][] {
  const rebate = planRebate(plan, orders);
  const rows: Cell[][] = [[...CSV_HEADER]];
  const oldestFirst = [...orders].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.orderId.localeCompare(b.orderId)));
  for (const o of oldestFirst) {
    o.items.forEach((i, n) => {
      rows.push([
        o.orderNo, formatDateTime(o.createdAt), ORDER_STATUS_LABELS[o.status], o.buyer, o.email, o.phone, o.receiver.name, o.pickup ? o.pickup.name : '郵寄', o.pickup ? o.pickup.address : o.receiver.address,
        o.taxId, o.invoiceTitle, o.bankAccountNo, i.productId, i.name, i.qty, i.unitPrice, i.totalPrice,
        n === 0 ? o.shippingFee : null, n === 0 ? o.totalPrice : null, n === 0 ? o.remark : null,
        n === 0 ? pickedUpText(o) : null,
        n === 0 && rebate ? (rebate.perOrder[o.orderId] ?? 0) : null,
      ]);
    });
  }
  const { bookTotals, pickupTotals } = planTotals(orders);
  rows.push([]);
  rows.push(['各書合計（不含已取消、已退款訂單）']);
  rows.push(['書籍編號', '書名', '數量', '金額']);
  for (const b of bookTotals) rows.push([b.productId, b.name, b.qty, b.amount]);
  rows.push(['總計', '', bookTotals.reduce((n, b) => n + b.qty, 0), bookTotals.reduce((n, b) => n + b.amount, 0)]);
  rows.push([]);
  rows.push(['各取貨地點合計（不含已取消、已退款訂單）']);
  rows.push(['取貨地點', '訂單數', ...bookTotals.map((b) => b.name), '總冊數', '金額']);
  for (const p of pickupTotals) rows.push([p.pickup, p.orders, ...bookTotals.map((b) => p.byProduct[b.productId] ?? 0), p.copies, p.amount]);
  // After 流團 there is no rebate (rebate.ts): a row of zeros would read as if the paid orders earned none yet.
  if (rebate && plan.decision?.outcome === 'failed') rows.push([], [`團主回饋 ${rebate.percent}%：未成團（流團），不計回饋`]);
  else if (rebate) {
    rows.push([]);
    rows.push([`團主回饋 ${rebate.percent}%（已付款訂單的書款，每筆無條件捨去至元）`]);
    rows.push(['已付款訂單數', '書款合計', '回饋合計']);
    rows.push([rebate.paidOrders, rebate.paidBooksTotal, rebate.amount]);
  }
  if (plan.decision?.outcome === 'failed') {
    const due = withLiveRefunds(plan.decision, orders).refundsDue;
    rows.push([]);
    rows.push(['流團退款名單']);
    rows.push(['訂單號碼', '訂購人', '金額', '匯款帳號末五碼', '狀態']);
    for (const r of due) rows.push([r.orderNo, r.buyer, r.amount, r.bankDigits, isRefunded(r) ? '已退款' : '待退款']);
    rows.push(['合計', '', due.reduce((n, r) => n + r.amount, 0)]);
  }
  return rows;
}

async function planExportRows(planId: string): Promise<Cell[][]> {
  const plan = await getPlan(planId);
  if (!plan) throw noPlan(planId);
  const [orders, decision] = await Promise.all([listPlanOrders(planId), plan.decision ? getPlanDecision(planId) : null]);
  return planOrderRows({ ...plan, decision: decision ?? undefined }, orders);
}

/** GET /api/admin/plans/{planId}/orders.csv: phones, digits and ids as text for Excel (contracts/csv.ts). */
export async function planCsv(planId: string): Promise<{ filename: string; body: string }> {
  return { filename: `${planId}-orders.csv`, body: toCsv(await planExportRows(planId)) };
}

/** GET /api/admin/plans/{planId}/orders.xlsx: the same rows as a workbook (lib/xlsx.ts). */
export async function planXlsx(planId: string): Promise<{ filename: string; body: Buffer }> {
  const widths = [16, 16, 14, 10, 24, 14, 10, 16, 30, 10, 16, 10, 16, 28, 6, 8, 8, 6, 10, 20, 20, 8];
  return { filename: `${planId}-orders.xlsx`, body: await toXlsx('訂單', await planExportRows(planId), widths) };
}
