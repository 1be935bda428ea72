import { describe, expect, it } from 'vitest';
import { copiesToThreshold, isPlanOpen } from '../../../contracts/group-buying';
import { sampleOrder } from '../../../contracts/__tests__/sample-order';
import { maskAddress, maskEmail, maskName, maskPhone, toGroupOrderView } from '../mask';

describe('masking a group order for strangers', () => {
  it('keeps only the first and last character of a name', () => {
    expect(maskName('陳美玲')).toBe('陳*玲');
    expect(maskName('歐陽美玲')).toBe('歐**玲');
    expect(maskName('林安')).toBe('林*');
    expect(maskName('A')).toBe('*');
  });
  it('keeps the first 4 and last 2 digits of a phone, the city of an address, the first letter of an email', () => {
    expect(maskPhone('0912-345-678')).toBe('0912****78');
    expect(maskPhone('+886 6 234 5678')).toBe('8866*****78');
    expect(maskAddress('高雄市前金區中正四路 211 號')).toMatch(/^高雄市前金區\*{4,10}$/);
    expect(maskEmail('meiling.chen@example.com')).toBe('m***@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
  it('hides every personal field, the uid and who changed the status, and keeps the order itself', () => {
    // A signed-in buyer's group order with every personal field filled in.
    const order = sampleOrder({
      orderId: 'g-0123456789abcdef',
      orderNo: 'QY261122AB3K',
      userId: 'uid-123',
      buyer: '陳美玲',
      email: 'meiling@example.com',
      receiver: { name: '陳美玲', address: '高雄市前金區中正四路 211 號' },
      taxId: '24536806',
      invoiceTitle: '青嶼出版有限公司',
      bankAccountNo: '54321',
      statusHistory: [{ status: 'awaitingPayment', at: '2026-11-22T00:00:00.000Z', by: 'member:uid-123' }],
      remark: '請放管理室',
      pickedUp: { at: '2026-11-26T03:00:00.000Z', by: '陳召集' },
    });
    const masked = toGroupOrderView(order, false);
    const text = JSON.stringify(masked);
    for (const secret of ['uid-123', '美玲', '345-678', '中正四路', '54321', '青嶼出版', '管理室', 'meiling@', '陳召集']) expect(text).not.toContain(secret);
    expect(masked).toMatchObject({ masked: true, orderNo: 'QY261122AB3K', totalPrice: order.totalPrice, items: order.items, paymentDueAt: order.paymentDueAt, pickedUp: { at: '2026-11-26T03:00:00.000Z', by: '' } });
    expect(toGroupOrderView(order, true)).toEqual({ ...order, masked: false });
  });
});

describe('plan rules', () => {
  it('is open only while launched and before the closing instant', () => {
    const closingDate = '2027-03-31T15:59:59.000Z';
    expect(isPlanOpen({ launched: true, closingDate }, new Date('2027-03-31T15:59:58.999Z'))).toBe(true);
    expect(isPlanOpen({ launched: true, closingDate }, new Date('2027-03-31T15:59:59.000Z'))).toBe(false);
    expect(isPlanOpen({ launched: false, closingDate }, new Date('2026-01-01T00:00:00.000Z'))).toBe(false);
  });
  it('counts the copies still missing to the threshold', () => {
    expect(copiesToThreshold({ copies: 12, minQuantity: 30 })).toBe(18);
    expect(copiesToThreshold({ copies: 31, minQuantity: 30 })).toBe(0);
    expect(copiesToThreshold({ copies: 5, minQuantity: null })).toBeNull();
  });
});
