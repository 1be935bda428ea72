import { describe, expect, it } from 'vitest';
import { isValidTaxId, orderIdSchema, personNameSchema, phoneSchema } from '../common';
import { placeOrderInputSchema } from '../orders';
import { shopSettingsInputSchema } from '../settings';

describe('統一編號', () => {
  it('accepts valid numbers, including the 7th-digit-7 rule', () => {
    expect(isValidTaxId('24536806')).toBe(true);
    expect(isValidTaxId('04595257')).toBe(true);
    expect(isValidTaxId('10458575')).toBe(true);
  });
  it('rejects bad checksums and shapes', () => {
    expect(isValidTaxId('12345678')).toBe(false);
    expect(isValidTaxId('2453680')).toBe(false);
    expect(isValidTaxId('2453680a')).toBe(false);
  });
});

describe('order fields', () => {
  const ok = {
    items: [{ productId: 'company-registration-guide', qty: 1 }],
    receiver: { name: '王小明', address: '臺南市中西區青年路 1 號' },
    phone: '0912-345-678',
    bankAccountNo: '12345',
  };
  it('accepts a normal order and defaults the optional fields', () => {
    const r = placeOrderInputSchema.parse(ok);
    expect(r.taxId).toBe('');
    expect(r.remark).toBe('');
  });
  it.each([
    ['a 6-digit account code', { ...ok, bankAccountNo: '123456' }],
    ['a fractional quantity', { ...ok, items: [{ productId: 'a', qty: 1.5 }] }],
    ['zero quantity', { ...ok, items: [{ productId: 'a', qty: 0 }] }],
    ['the same product twice', { ...ok, items: [{ productId: 'a', qty: 1 }, { productId: 'a', qty: 2 }] }],
    ['an empty cart', { ...ok, items: [] }],
    ['a bad 統一編號', { ...ok, taxId: '12345678' }],
    ['a short address', { ...ok, receiver: { name: 'a', address: '臺南' } }],
    ['a product id with a slash', { ...ok, items: [{ productId: 'a/b', qty: 1 }] }],
  ])('rejects %s', (_name, input) => {
    expect(placeOrderInputSchema.safeParse(input).success).toBe(false);
  });
  it('validates phones and order ids', () => {
    expect(phoneSchema.safeParse('+886 2-1234#56').success).toBe(true);
    expect(phoneSchema.safeParse('123').success).toBe(false);
    expect(orderIdSchema.safeParse('abc').success).toBe(false);
    expect(orderIdSchema.safeParse('A'.repeat(16)).success).toBe(true);
    expect(orderIdSchema.safeParse('A'.repeat(15) + '.').success).toBe(false);
  });
});

describe('personNameSchema (issue 24: a name cannot speak in the shop’s voice)', () => {
  const name = personNameSchema('請填寫姓名');
  it.each(['陳美玲', '王　小明', 'Mary O’Brien', 'J. R. R. Tolkien', '巴奈·庫穗', 'Jean-Luc'])('accepts %s', (v) => expect(name.safeParse(v).success).toBe(true));
  it.each(['請改匯至 700-1234567890 帳戶 客服', '<b>王</b>', '=HYPERLINK("x")', '王小明2', '名'.repeat(31), ' '])('refuses %s', (v) => expect(name.safeParse(v).success).toBe(false));
});

describe('the settings’ social links', () => {
  it('set the Latin name off from the Chinese with a space (issue 35 item 16)', () => {
    const r = shopSettingsInputSchema.shape.contact.shape.line.safeParse('http://line.me/x');
    expect(r.success ? null : r.error.issues[0]?.message).toBe('LINE 須為 https:// 開頭的網址');
  });
});
