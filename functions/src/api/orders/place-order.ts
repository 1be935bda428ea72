import { createHash } from 'node:crypto';
import { ERROR_KEYS } from '../../contracts/errors';
import type { Order, OrderItem } from '../../contracts/orders';
import { sumLines } from '../../domain/allocation-plan';
import { orderTemplate, publicOrder, type Placement } from '../../domain/order';
import { getOrderDocCoalesced, type OrderDoc } from '../../data/orders';
import { shippingFeeFor, shopSettings } from '../../data/settings';
import { getStockCounts } from '../../data/stock';
import { Failure, conflict, invalid, unavailable } from '../../lib/failure';
import { ALLOC_DEADLINE_MS, READ_DEADLINE_MS, within } from '../../lib/deadlines';
import { allocate } from '../../allocator/stock-allocator';
import { contactKeys } from './holding';

// Placing an order, shared by the shop (PATCH /api/order/{userId}/{orderId}) and the group orders
// (PATCH /api/groupOrder/{planId}/{orderId}, through ../group-buying/service.ts). The caller authenticates
// and validates; this service prices on the server, takes the stock and writes the order, its order
// number and its confirmation mail in one batch of the stock allocator.

/** A line's price as the server decides it. */
export interface PricedProduct {
  productId: string;
  name: string;
  unitPrice: number;
  /** A per-order cap (a group plan's maxPerOrder). */
  maxPerOrder?: number;
}

/**
 * Prices the given products. Leave unknown or unsellable products out of the map (each is answered as
 * an invalid line).
 */
export type Pricing = (productIds: readonly string[]) => Promise<Map<string, PricedProduct>>;

/** A placement as the caller asks it (functions/src/domain/order.ts Placement) and how to price it. */
export interface PlaceOrderParams extends Placement {
  pricing: Pricing;
  /**
   * Set when no new order may be placed (a closed plan): a new orderId is refused with it, while a
   * retry of an order that landed in time is still answered with that order.
   */
  refuseNew?: Failure;
  /**
   * The holding caps' judgement of a new order (./holding.ts holdingRefusal), queried beside the
   * placement's own first reads and awaited with them (one wait, not two). Like `refuseNew` it refuses
   * only a new order, and only once the stock is known to be there: a buyer who could not have the
   * copies anyway is told they are sold out, not to pay for what they hold.
   */
  holding?: Promise<Failure | null>;
}

export interface PlaceOrderResult {
  /** true: 201, a new order; false: 200, the same request again. */
  created: boolean;
  order: Order;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a normalised request: line order and key order do not matter, unknown fields never reach it. */
export function placementHash(p: Pick<PlaceOrderParams, 'userId' | 'planId' | 'input'>): string {
  const input = { ...p.input, items: [...p.input.items].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)) };
  return createHash('sha256').update(canonical({ userId: p.userId, planId: p.planId, input })).digest('hex');
}

/** A placement answers within this long (the function's timeout is 60 s); past it, nothing is applied. */
const PLACEMENT_DEADLINE_MS = ALLOC_DEADLINE_MS;
/**
 * The reads before anything is queued answer within a read's deadline. Failing there is always true
 * (nothing was queued), so an unreachable Firestore is answered 503 in seconds instead of after the
 * allocator's whole deadline.
 */
const PRE_READ_DEADLINE_MS = READ_DEADLINE_MS;


const orderConflict = () => conflict(ERROR_KEYS.orderConflict, 'This orderId was already used for a different order');

function outOfStock(items: OrderItem[], productId: string, available: number, requested: number): Failure {
  const idx = items.findIndex((i) => i.productId === productId);
  const name = items[idx]?.name ?? productId;
  return conflict(ERROR_KEYS.outOfStock, `Not enough stock for ${productId}: ${available} left, ${requested} requested`, [
    { path: `body.items.${idx}.qty`, message: `《${name}》庫存不足，目前剩 ${available} 本` },
  ]);
}

/** The same request again is answered with its order; another request under the same id is a conflict. */
function settled(existing: OrderDoc, hash: string): PlaceOrderResult {
  if (existing.requestHash !== hash) throw orderConflict();
  return { created: false, order: publicOrder(existing) };
}

export async function placeOrder(p: PlaceOrderParams): Promise<PlaceOrderResult> {
  const hash = placementHash(p);
  const ids = p.input.items.map((i) => i.productId);

  // Another call with the same orderId may be queued right now (a double click, a client retry after a
  // cut-off): the allocator answers it 'retry' once that one is done, and the loop reads again. One
  // deadline for all rounds keeps the answer well inside the function's timeout.
  const deadline = Date.now() + PLACEMENT_DEADLINE_MS;
  for (let round = 0; round < 5; round++) {
    // The order (a replay is answered without touching stock), the counts, the prices and the settings
    // are read at once, and the holding caps' queries are awaited with them.
    const [existing, counts, prices, settings, capped] = await within(
      Promise.all([getOrderDocCoalesced(p.orderId), getStockCounts(ids), p.pricing(ids), shopSettings(), p.holding]),
      Math.min(PRE_READ_DEADLINE_MS, Math.max(1, deadline - Date.now())),
    );
    if (existing) return settled(existing, hash);
    if (p.refuseNew) throw p.refuseNew;

    const details: { path: string; message: string }[] = [];
    const items: OrderItem[] = [];
    p.input.items.forEach((line, idx) => {
      const priced = prices.get(line.productId);
      if (!priced) return details.push({ path: `body.items.${idx}.productId`, message: '找不到此商品或尚未上架' });
      if (priced.maxPerOrder !== undefined && line.qty > priced.maxPerOrder) {
        return details.push({ path: `body.items.${idx}.qty`, message: `每筆訂單最多 ${priced.maxPerOrder} 本` });
      }
      const unitPrice = Math.round(priced.unitPrice);
      items.push({ productId: line.productId, name: priced.name, qty: line.qty, unitPrice, totalPrice: unitPrice * line.qty });
    });
    if (details.length) throw invalid('Some items cannot be ordered', details);

    // Short at a strongly consistent read: nothing is taken and the answer is true, so a sold-out
    // burst is answered without queueing (stock only comes back through the allocator, after this read).
    const lines = sumLines(items);
    const short = lines.find((l) => (counts.get(l.productId) ?? 0) < l.qty);
    if (short) throw outOfStock(items, short.productId, counts.get(short.productId) ?? 0, short.qty);
    if (capped) throw capped;

    const left = deadline - Date.now();
    const result =
      left > 0
        ? await allocate({ kind: 'place', orderId: p.orderId, requestHash: hash, lines, template: { ...orderTemplate(p, items, { shippingFee: shippingFeeFor(settings), paymentDueDays: settings.paymentDueDays }, hash), ...contactKeys({ email: p.email, phone: p.input.phone }) } }, left)
        : ({ kind: 'withdrawn' } as const);

    switch (result.kind) {
      case 'created':
        return { created: true, order: result.order };
      case 'replayed':
        return { created: false, order: result.order };
      case 'conflict':
        throw orderConflict();
      case 'outOfStock':
        throw outOfStock(items, result.productId, result.available, result.requested);
      case 'rejected':
        throw invalid('The order could not be stored', [{ path: 'body', message: '訂單內容無法儲存，請檢查輸入的文字' }]);
      case 'retry':
        continue;
      case 'withdrawn':
        // Taken off the queue before it was applied: nothing was taken and no order will appear.
        throw unavailable('The order could not be placed in time; nothing was taken. Please try again.');
      default:
        throw new Error(`Unexpected allocation result ${(result as { kind: string }).kind}`);
    }
  }
  throw unavailable('The order is still being processed; please try again.');
}
