import type { DashboardBook, DashboardCampaign, DashboardDay, DashboardFigure, DashboardFigures, DashboardMonth } from '../../contracts/dashboard';
import { taiwanDay } from '../../contracts/format';
import { ORDER_STATUSES, type OrderStatus } from '../../contracts/orders';
import { readDashboardTotals } from '../../data/stats';
import { PAID_STATUSES, STATUS } from '../../domain/order';

// GET /api/admin/dashboard: read from the running totals the orderStats trigger keeps
// (functions/src/stats/order-stats.ts, stored by functions/src/data/stats.ts), never from the orders: one document per day and per month
// shown, every month document (for orders by status; a few dozen at most), the plans closing within
// the months shown and one totals document per such plan.

const DAY = 86_400_000;
const TOP_BOOKS = 10;

type Counts = Partial<Record<OrderStatus, number>>;
interface PeriodDoc {
  n?: Counts;
  amount?: Counts;
  books?: Record<string, { name?: string; paidQty?: number; paidAmount?: number; awaitingQty?: number }>;
}

const sum = (statuses: readonly OrderStatus[], of: (s: OrderStatus) => number) => statuses.reduce((t, s) => t + of(s), 0);

const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

function figure(d: PeriodDoc | undefined): DashboardFigure {
  const n = (s: OrderStatus) => d?.n?.[s] ?? 0;
  const a = (s: OrderStatus) => d?.amount?.[s] ?? 0;
  return {
    paidOrders: sum(PAID_STATUSES, n),
    paidRevenue: sum(PAID_STATUSES, a),
    awaitingOrders: n(STATUS.awaitingPayment),
    awaitingRevenue: a(STATUS.awaitingPayment),
  };
}

/** The `count` months ending with the month of `today`, oldest first (yyyy-mm). */
function monthsUpTo(today: string, count: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function dashboardFigures(days: number, months = 12, now = new Date()): Promise<DashboardFigures> {
  const today = taiwanDay(now.getTime());
  const dayList = Array.from({ length: days }, (_, i) => taiwanDay(dayStartMs(today) - (days - 1 - i) * DAY));
  const monthList = monthsUpTo(today, months);
  const firstMonthIso = new Date(Date.parse(`${monthList[0]}-01T00:00:00+08:00`)).toISOString();

  const totals = await readDashboardTotals(dayList, firstMonthIso);

  const perDay: DashboardDay[] = totals.days.map((d, i) => ({ day: dayList[i]!, ...figure(d as PeriodDoc | undefined) }));
  const monthDocs = totals.months as Map<string, PeriodDoc>;
  const perMonth: DashboardMonth[] = monthList.map((month) => ({ month, ...figure(monthDocs.get(month)) }));

  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const d of monthDocs.values()) for (const s of ORDER_STATUSES) byStatus[s] += d.n?.[s] ?? 0;

  const books = new Map<string, DashboardBook>();
  for (const month of monthList) {
    for (const [productId, b] of Object.entries(monthDocs.get(month)?.books ?? {})) {
      const sum = books.get(productId) ?? { productId, name: productId, paidCopies: 0, paidRevenue: 0, awaitingCopies: 0 };
      if (b.name) sum.name = b.name;
      sum.paidCopies += b.paidQty ?? 0;
      sum.paidRevenue += b.paidAmount ?? 0;
      sum.awaitingCopies += b.awaitingQty ?? 0;
      books.set(productId, sum);
    }
  }
  const topBooks = [...books.values()]
    .filter((b) => b.paidCopies > 0 || b.awaitingCopies > 0)
    .sort((a, b) => b.paidCopies - a.paidCopies || b.paidRevenue - a.paidRevenue || b.awaitingCopies - a.awaitingCopies)
    .slice(0, TOP_BOOKS);

  const campaigns: DashboardCampaign[] = totals.plans.map((p) => {
    const changes = p.curve;
    let copies = 0;
    let orders = 0;
    const points = Object.keys(changes)
      .sort()
      .map((day) => {
        copies += changes[day]!.copies ?? 0;
        orders += changes[day]!.orders ?? 0;
        return { day, copies, orders };
      });
    return { planId: p.planId, title: p.title, closingDate: p.closingDate, minQuantity: p.minQuantity, decided: p.decided, points };
  });
  campaigns.sort((a, b) => a.closingDate.localeCompare(b.closingDate));

  return { from: dayList[0]!, to: today, perDay, perMonth, byStatus, topBooks, campaigns };
}
