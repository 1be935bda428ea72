import type { z } from 'zod';
import type { Order, orderContactSchema } from '../orders';

// One buyer and one order for the tests, so that each test states only what it is about: the
// placement hash (functions/src/api/orders/__tests__/place-order.test.ts) and the API's checkout
// (tests/api/orders.test.ts) send the same contact; the mails (functions/src/mail/__tests__/
// templates.test.ts) and the group order mask (functions/src/api/group-buying/__tests__/mask.test.ts)
// start from the same stored order and override the fields they check.

/** The buyer's details of a checkout, every optional field sent (empty). */
export const sampleContact: z.output<typeof orderContactSchema> = {
  receiver: { name: '王小明', address: '臺南市中西區民族路二段 100 號' },
  phone: '0912-345-678',
  bankAccountNo: '12345',
  taxId: '',
  invoiceTitle: '',
  remark: '',
};

/** A shop order of a plan, awaiting payment: two copies of one book and NT$60 shipping. */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'o1',
    orderNo: 'QY261123ABCD',
    userId: null,
    planId: 'cpaSouth',
    buyer: '王小明',
    email: 'ming@example.com',
    ...sampleContact,
    invoice: { type: 'email' },
    items: [{ productId: 'p1', name: '公司登記實務', qty: 2, unitPrice: 940, totalPrice: 1880 }],
    itemsTotal: 1880,
    shippingFee: 60,
    totalPrice: 1940,
    status: 'awaitingPayment',
    statusHistory: [],
    delivery: null,
    // 23:59 on 26 November in Taiwan.
    paymentDueAt: '2026-11-26T15:59:00.000Z',
    createdAt: '2026-11-23T07:12:00.000Z',
    updatedAt: '2026-11-23T07:12:00.000Z',
    ...overrides,
  };
}
