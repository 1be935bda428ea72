import { NO_BANK_DIGITS, ORDER_STATUS_LABELS, type BankDigitsInput, type LookupBankDigitsInput, type Order, type OrderFields, type OrderLookupInput, type OrderSummary, type PlaceOrderInput } from '../../contracts/orders';
import { findOrderByNo, getOrderDoc, listOrdersOfUser } from '../../data/orders';
import { publicOrder, type OrderDoc } from '../../domain/order';
import type { Identity } from '../../lib/id-token';
import { notFound } from '../../lib/failure';
import { maskInvoice } from '../group-buying/mask';
import { setBankDigits } from './order-status';
import { holdingRefusal } from './holding';
import { placeOrder, type PlaceOrderResult } from './place-order';
import { shopPricing } from './shop-pricing';

// Shop orders: a member's own orders, the lookup by number and contact, and placing one.

const digits = (s: string) => s.replace(/\D/g, '');

/** The order a lookup proves; the same not-found for no such order and for a wrong contact, so it never confirms an order number. */
async function lookedUp(input: OrderLookupInput): Promise<OrderDoc> {
  const order = await findOrderByNo(input.orderNo);
  const matches =
    order &&
    ('email' in input ? order.email.toLowerCase() === input.email.toLowerCase() : digits(order.phone) !== '' && digits(order.phone) === digits(input.phone));
  if (!order || !matches) throw notFound('No order with this number and contact');
  return order;
}

/** The lookup's summary but its invoice (summaryOf masks that). */
function orderSummaryOf(o: OrderFields): Omit<OrderSummary, 'invoice'> {
  return {
    orderNo: o.orderNo,
    planId: o.planId,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    items: o.items,
    itemsTotal: o.itemsTotal,
    shippingFee: o.shippingFee,
    totalPrice: o.totalPrice,
    paymentDueAt: o.paymentDueAt,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    delivery: o.delivery,
    pickup: o.pickup ? { name: o.pickup.name, address: o.pickup.address, hours: o.pickup.hours } : null,
    bankDigitsGiven: o.bankAccountNo !== NO_BANK_DIGITS,
    issuedInvoice: o.issuedInvoice ? { number: o.issuedInvoice.number, at: o.issuedInvoice.at } : null,
    invoiceCorrection: o.invoiceCorrection ? { kind: o.invoiceCorrection.kind, number: o.invoiceCorrection.number, date: o.invoiceCorrection.date, at: o.invoiceCorrection.at } : null,
  };
}

/** What the lookup shows: the summary, the invoice choice masked as the organiser's view masks it (no carrier, 統一編號 or 抬頭 in full). */
const summaryOf = (o: Order): OrderSummary => ({ ...orderSummaryOf(o), invoice: maskInvoice(o.invoice) });

export async function lookupOrder(input: OrderLookupInput): Promise<OrderSummary> {
  return summaryOf(publicOrder(await lookedUp(input)));
}

export async function lookupSetBankDigits(input: LookupBankDigitsInput): Promise<OrderSummary> {
  const { bankAccountNo, ...proof } = input;
  const order = await lookedUp(proof);
  return summaryOf(await setBankDigits(order.orderId, bankAccountNo, 'buyer:lookup'));
}

export async function memberSetBankDigits(userId: string, orderId: string, input: BankDigitsInput): Promise<Order> {
  await memberOrder(userId, orderId);
  return setBankDigits(orderId, input.bankAccountNo, `member:${userId}`);
}

export const ordersOfMember = async (userId: string): Promise<Order[]> => (await listOrdersOfUser(userId)).map(publicOrder);

export async function memberOrder(userId: string, orderId: string): Promise<Order> {
  const order = await getOrderDoc(orderId);
  if (!order || order.userId !== userId) throw notFound(`No order ${orderId}`);
  return publicOrder(order);
}

/** A member's order at the shop's prices (the route lets a member order only for themselves); the mail goes to the account's email. */
export async function placeShopOrder(member: Identity, orderId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // A member meets the guests' holding caps, and a daily number of orders per account (./holding.ts),
  // queried beside the placement's own first reads (placeOrder awaits both at once).
  const holding = holdingRefusal({ email: member.email ?? '', phone: input.phone, userId: member.uid, planId: null, items: input.items });
  return placeOrder({
    orderId,
    userId: member.uid,
    planId: null,
    input,
    buyer: member.name ?? input.receiver.name,
    email: member.email ?? '',
    pricing: shopPricing,
    actor: `member:${member.uid}`,
    holding,
  });
}
