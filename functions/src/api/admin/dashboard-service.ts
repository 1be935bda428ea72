import type { DashboardDay, DashboardFigures } from '../../contracts/dashboard';
import { ORDER_STATUSES } from '../../contracts/orders';
import { ORDERS } from '../../data/orders';
import { db, firestoreNs } from '../../lib/firebase';

// GET /api/admin/dashboard: figures from Firestore aggregation queries (count and sum run in the
// database over the status + createdAt index and return one number each), so a view never reads the
// orders themselves, however many there are: per Taiwan day, paid (preparing, shipped) and awaiting.

const PAID = ['preparing', 'shipped'] as const;
const DAY = 86_400_000;

/** The Taiwan calendar day of an instant, yyyy-mm-dd. */
const twDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

export async function dashboardFigures(days: number, now = new Date()): Promise<DashboardFigures> {
  const firestore = await db();
  const { AggregateField } = await firestoreNs();
  const orders = firestore.collection(ORDERS);
  const today = twDay(now.getTime());
  const list = Array.from({ length: days }, (_, i) => twDay(dayStartMs(today) - (days - 1 - i) * DAY));
  const agg = (q: FirebaseFirestore.Query) => q.aggregate({ n: AggregateField.count(), total: AggregateField.sum('totalPrice') }).get().then((s) => s.data());
  const range = (q: FirebaseFirestore.Query, day: string) =>
    q.where('createdAt', '>=', new Date(dayStartMs(day)).toISOString()).where('createdAt', '<', new Date(dayStartMs(day) + DAY).toISOString());

  const perDay: DashboardDay[] = await Promise.all(
    list.map(async (day) => {
      const [paid, awaiting] = await Promise.all([agg(range(orders.where('status', 'in', [...PAID]), day)), agg(range(orders.where('status', '==', 'awaitingPayment'), day))]);
      return { day, paidOrders: paid.n, paidRevenue: paid.total ?? 0, awaitingOrders: awaiting.n, awaitingRevenue: awaiting.total ?? 0 };
    }),
  );
  const byStatus = Object.fromEntries(
    await Promise.all(ORDER_STATUSES.map(async (s) => [s, (await orders.where('status', '==', s).count().get()).data().count] as const)),
  ) as DashboardFigures['byStatus'];
  return { from: list[0]!, to: today, perDay, byStatus };
}
