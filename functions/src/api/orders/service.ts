import { ERROR_KEYS } from '../../contracts/errors';
import { NO_BANK_DIGITS, type BankDigitsInput, type LookupBankDigitsInput, type Order, type OrderLookupInput, type OrderSummary, type PlaceOrderInput } from '../../contracts/orders';
import { changeOrder, findOrderByNo, getOrder, listOrdersOfUser, toOrder, toSummary } from '../../data/orders';
import type { Identity } from '../../lib/id-token';
import { conflict, notFound } from '../../lib/failure';
import { placeOrder, type PlaceOrderResult } from './place-order';
import { shopPricing } from './shop-pricing';

// Shop orders: a member's own orders, the lookup by number and contact, and placing one.

const digits = (s: string) => s.replace(/\D/g, '');

/** The order a lookup proves; the same not-found for no such order and for a wrong contact, so it never confirms an order number. */
async function lookedUp(input: OrderLookupInput): Promise<Order> {
  const order = await findOrderByNo(input.orderNo);
  const matches =
    order &&
    ('email' in input ? order.email.toLowerCase() === input.email.toLowerCase() : digits(order.phone) !== '' && digits(order.phone) === digits(input.phone));
  if (!order || !matches) throw notFound('No order with this number and contact');
  return order;
}

export async function lookupOrder(input: OrderLookupInput): Promise<OrderSummary> {
  return toSummary(await lookedUp(input));
}

/**
 * The buyer gives or corrects the bank digits until the order is paid; the owner's matching
 * (api/admin/bank-service.ts) reads them from the order. Noted in the order's history for the owner.
 */
async function setBankDigits(orderId: string, bankAccountNo: string, by: string): Promise<Order> {
  const next = await changeOrder(orderId, (doc) => {
    if (!doc) throw notFound(`No order ${orderId}`);
    if (doc.status !== 'awaitingPayment') throw conflict(ERROR_KEYS.invalidTransition, 'The bank digits can change only until the order is paid', [{ path: 'bankAccountNo', message: '訂單已付款或已取消，不能再修改匯款帳號末 5 碼' }]);
    const at = new Date().toISOString();
    return {
      next: {
        ...doc,
        bankAccountNo,
        updatedAt: at,
        statusHistory: [...doc.statusHistory, { status: doc.status, at, by, note: `買家${doc.bankAccountNo === NO_BANK_DIGITS ? '填寫' : '更正'}匯款帳號末 5 碼：${bankAccountNo}` }],
      },
    };
  });
  return toOrder(next);
}

export async function lookupSetBankDigits(input: LookupBankDigitsInput): Promise<OrderSummary> {
  const { bankAccountNo, ...proof } = input;
  const order = await lookedUp(proof);
  return toSummary(await setBankDigits(order.orderId, bankAccountNo, 'buyer:lookup'));
}

export async function memberSetBankDigits(userId: string, orderId: string, input: BankDigitsInput): Promise<Order> {
  await memberOrder(userId, orderId);
  return setBankDigits(orderId, input.bankAccountNo, `member:${userId}`);
}

export const ordersOfMember = (userId: string): Promise<Order[]> => listOrdersOfUser(userId);

export async function memberOrder(userId: string, orderId: string): Promise<Order> {
  const order = await getOrder(orderId);
  if (!order || order.userId !== userId) throw notFound(`No order ${orderId}`);
  return order;
}

/** A member's order at the shop's prices (the route lets a member order only for themselves); the mail goes to the account's email. */
export function placeShopOrder(member: Identity, orderId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  return placeOrder({
    orderId,
    userId: member.uid,
    planId: null,
    input,
    buyer: member.name ?? input.receiver.name,
    email: member.email ?? '',
    pricing: shopPricing,
    actor: `member:${member.uid}`,
  });
}
