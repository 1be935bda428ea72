import type { PlaceOp } from '../allocation-plan';

// The placement the allocator's tests queue: one member's order of 100 NT$ books, payable in 3 days.
export function place(orderId: string, lines: { productId: string; qty: number }[], extra: Partial<PlaceOp['template']> = {}): PlaceOp {
  const items = lines.map((l) => ({ ...l, name: `書 ${l.productId}`, unitPrice: 100, totalPrice: 100 * l.qty }));
  const total = items.reduce((n, i) => n + i.totalPrice, 0);
  return {
    kind: 'place',
    orderId,
    requestHash: `hash-${orderId}`,
    lines,
    template: {
      orderId,
      userId: 'u1',
      planId: null,
      buyer: '王小明',
      email: 'a@example.com',
      phone: '0912345678',
      receiver: { name: '王小明', address: '臺南市中西區民族路二段 100 號' },
      taxId: '',
      invoiceTitle: '',
      invoice: { type: 'email' },
      bankAccountNo: '12345',
      items,
      itemsTotal: total,
      shippingFee: 0,
      totalPrice: total,
      delivery: null,
      pickup: null,
      remark: '',
      requestHash: `hash-${orderId}`,
      paymentDueDays: 3,
      actor: 'member:u1',
      ...extra,
    },
  };
}
