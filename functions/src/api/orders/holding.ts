import { ERROR_KEYS } from '../../contracts/errors';
import type { HoldingLimits } from '../../contracts/settings';
import { canonicalEmail, canonicalPhone } from '../../domain/contact';
import { ordersOfAccountSince, unpaidOrdersOfContact } from '../../data/holdings';
import { READ_DEADLINE_MS, within } from '../../lib/deadlines';
import { holdingLimits } from '../../data/settings';
import { conflict, invalid, tooManyAttempts, type Failure } from '../../lib/failure';

// How much stock one contact may hold with orders it has not paid, the same for every channel: the
// shop's orders (members) and the group orders (guests and members) (docs/limits.md, "Holding stock").
// A contact is its canonical email, its canonical phone (functions/src/domain/contact.ts) and, when
// signed in, its account: an order counts against each of them. The caps are shop settings
// (settings/limits, contracts/settings.ts HoldingLimits) with safe defaults.

/** Who places an order and where: the keys stored on the order, and the ones the caps count by. */
export interface HoldingRequest {
  email: string;
  phone: string;
  userId: string | null;
  /** The campaign, or null for a shop order. */
  planId: string | null;
  items: readonly { productId: string; qty: number }[];
}

/** The canonical keys an order is stored with (OrderDoc.emailKey / phoneKey). */
export const contactKeys = (r: Pick<HoldingRequest, 'email' | 'phone'>) => ({ emailKey: canonicalEmail(r.email), phoneKey: canonicalPhone(r.phone) });

const DAY_MS = 24 * 3_600_000;

const overCap = (message: string, detail: string) => conflict(ERROR_KEYS.unpaidLimit, message, [{ path: 'body.items', message: detail }]);

/**
 * Why this new order may not be placed, or null. Judged before the placement (the caller passes it as
 * placeOrder's `refuseNew`, so a retry of an order already placed is still answered with it): concurrent
 * orders of one contact may each pass it, which the route's per-contact and per-client rate limits
 * bound to a handful.
 */
export async function holdingRefusal(r: HoldingRequest, now: Date = new Date()): Promise<Failure | null> {
  const keys = contactKeys(r);
  // Within a read's deadline, as the placement's own first reads (./place-order.ts): with Firestore
  // unreachable the buyer is answered 503 in seconds, nothing queued (tests/faults/firestore-outage.test.ts).
  const [limits, held, today] = await within(
    Promise.all([
      holdingLimits(),
      unpaidOrdersOfContact({ ...keys, userId: r.userId }),
      r.userId ? ordersOfAccountSince(r.userId, new Date(now.getTime() - DAY_MS).toISOString()) : Promise.resolve(0),
    ]),
    READ_DEADLINE_MS,
  );
  return refusalOf(r, limits, held, today);
}

/** The pure judgement of holdingRefusal. */
export function refusalOf(r: HoldingRequest, limits: HoldingLimits, held: readonly { planId: string | null; items: readonly { productId: string; qty: number }[] }[], ordersToday: number): Failure | null {
  const wanted = r.items.reduce((n, i) => n + i.qty, 0);
  if (wanted > limits.copiesPerOrder) {
    return invalid(`An order carries at most ${limits.copiesPerOrder} copies`, [{ path: 'body.items', message: `每筆訂單最多 ${limits.copiesPerOrder} 本，目前 ${wanted} 本` }]);
  }
  if (r.userId && ordersToday >= limits.ordersPerAccountPerDay) return tooManyAttempts();
  const copies = (o: (typeof held)[number], productId?: string) => o.items.reduce((n, i) => n + (productId === undefined || i.productId === productId ? Number(i.qty) || 0 : 0), 0);
  if (r.planId !== null) {
    const inCampaign = held.filter((o) => o.planId === r.planId).reduce((n, o) => n + copies(o), 0);
    if (inCampaign + wanted > limits.unpaidCopiesPerCampaign) {
      return overCap(`This contact would hold over ${limits.unpaidCopiesPerCampaign} unpaid copies in plan ${r.planId}`, `這組聯絡資料在此活動最多可保留 ${limits.unpaidCopiesPerCampaign} 本未匯款的書，目前已有 ${inCampaign} 本`);
    }
    return null;
  }
  const shop = held.filter((o) => o.planId === null);
  for (const line of r.items) {
    const has = shop.reduce((n, o) => n + copies(o, line.productId), 0);
    if (has + line.qty > limits.unpaidCopiesPerBook) {
      return overCap(`This contact would hold over ${limits.unpaidCopiesPerBook} unpaid copies of ${line.productId}`, `這組聯絡資料每本書最多可保留 ${limits.unpaidCopiesPerBook} 本未匯款的訂購，目前已有 ${has} 本`);
    }
  }
  return null;
}
