import { createHash } from 'node:crypto';
import { ERROR_KEYS } from '../contracts/errors';
import type { Order, OrderItem, PlaceOrderInput } from '../contracts/orders';
import type { ShopSettings } from '../contracts/settings';
import { getOrderDocCoalesced, type OrderDoc } from '../data/orders';
import { shippingFeeFor, shopSettings } from '../data/settings';
import { badRequest, conflict, HttpError } from '../http/errors';
import { orderPlacedMail } from './order-mail';
import { stockAllocator } from './stock-allocator';

// Placing an order (DESIGN.md section 5), shared by the shop (PATCH /api/order/{userId}/{orderId})
// and the group orders (PATCH /api/groupOrder/{planId}/{orderId}). The caller authenticates and
// validates; this service prices on the server, takes the stock and writes the order, its order
// number and its confirmation mail in one transaction of the stock allocator.

/** A line's price as the server decides it. */
export interface PricedProduct {
  productId: string;
  name: string;
  unitPrice: number;
  /** A per-order cap (a group plan's maxPerOrder). */
  maxPerOrder?: number;
}

/**
 * Prices the given products. Leave unknown or unsellable products out of the map (they answer 400);
 * throw an HttpError to refuse the whole order (e.g. 409 PLAN_CLOSED).
 */
export type Pricing = (productIds: readonly string[]) => Promise<Map<string, PricedProduct>>;

export interface PlaceOrderParams {
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
  pricing: Pricing;
  /** Recorded in statusHistory[0].by, e.g. `member:<uid>` or `guest`. */
  actor: string;
  /** A group order's pickup point, resolved from the plan by the caller (input.pickupPointId). */
  pickup?: Order['pickup'];
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

const orderConflict = () => conflict(ERROR_KEYS.orderConflict, 'This orderId was already used for a different order');

function buildOrderDoc(p: PlaceOrderParams, items: OrderItem[], settings: ShopSettings, hash: string, orderNo: string, now: Date): OrderDoc {
  const nowIso = now.toISOString();
  const itemsTotal = items.reduce((n, i) => n + i.totalPrice, 0);
  const shippingFee = shippingFeeFor(settings);
  const dueDays = Number.isFinite(settings.paymentDueDays) && settings.paymentDueDays > 0 ? settings.paymentDueDays : 3;
  return {
    orderId: p.orderId,
    orderNo,
    userId: p.userId,
    planId: p.planId,
    buyer: p.buyer,
    email: p.email,
    phone: p.input.phone,
    receiver: { name: p.input.receiver.name, address: p.input.receiver.address },
    taxId: p.input.taxId ?? '',
    invoiceTitle: p.input.invoiceTitle ?? '',
    bankAccountNo: p.input.bankAccountNo,
    items,
    itemsTotal,
    shippingFee,
    totalPrice: itemsTotal + shippingFee,
    status: 'awaitingPayment',
    statusHistory: [{ status: 'awaitingPayment', at: nowIso, by: p.actor }],
    delivery: null,
    pickup: p.pickup ?? null,
    remark: p.input.remark ?? '',
    paymentDueAt: new Date(now.getTime() + dueDays * 86_400_000).toISOString(),
    createdAt: nowIso,
    updatedAt: nowIso,
    requestHash: hash,
  };
}

export async function placeOrder(p: PlaceOrderParams): Promise<PlaceOrderResult> {
  const hash = placementHash(p);

  // The existing order (a retry or a double click is answered without touching stock), the prices
  // and the settings are read at once.
  const ids = p.input.items.map((i) => i.productId);
  const [existing, prices, settings] = await Promise.all([getOrderDocCoalesced(p.orderId), p.pricing(ids), shopSettings()]);
  if (existing) {
    if (existing.requestHash !== hash) throw orderConflict();
    const { requestHash: _h, ...order } = existing;
    return { created: false, order };
  }

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
  if (details.length) throw badRequest('Some items cannot be ordered', details);

  const result = await stockAllocator().submit({
    kind: 'place',
    orderId: p.orderId,
    requestHash: hash,
    lines: items.map(({ productId, qty }) => ({ productId, qty })),
    build: ({ orderNo, now }) => buildOrderDoc(p, items, settings, hash, orderNo, now),
    mail: (order) => (order.email ? orderPlacedMail(order, settings) : null),
  });

  switch (result.kind) {
    case 'created':
      return { created: true, order: result.order };
    case 'replayed':
      return { created: false, order: result.order };
    case 'conflict':
      throw orderConflict();
    case 'outOfStock': {
      const idx = items.findIndex((i) => i.productId === result.productId);
      const name = items[idx]?.name ?? result.productId;
      throw conflict(ERROR_KEYS.outOfStock, `Not enough stock for ${result.productId}: ${result.available} left, ${result.requested} requested`, [
        { path: `body.items.${idx}.qty`, message: `《${name}》庫存不足，目前剩 ${result.available} 本` },
      ]);
    }
    default:
      throw new HttpError(500, ERROR_KEYS.internal, 'Unexpected allocation result');
  }
}
