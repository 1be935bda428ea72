import { describe, expect, it } from 'vitest';
import { invoiceFields } from '../../domain/order';
import { markInvoiceInputSchema, splitVat } from '../invoices';
import { describeInvoice, invoiceInputSchema, placeOrderInputSchema } from '../orders';
import { sampleContact } from './sample-order';

// The e-invoice choice (issue 36): each type's fields checked with a Chinese message at the field,
// normalised, and only the chosen type's fields kept.

const issues = (input: unknown) => {
  const r = invoiceInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('invoiceInputSchema', () => {
  it.each([
    [{ type: 'email', carrier: 'ignored', taxId: 'x' }, { type: 'email' }],
    [{ type: 'mobile', carrier: ' /abc+12- ' }, { type: 'mobile', carrier: '/ABC+12-' }],
    [{ type: 'certificate', carrier: 'ab12345678901234' }, { type: 'certificate', carrier: 'AB12345678901234' }],
    [{ type: 'donation', loveCode: ' 919 ', carrier: '' }, { type: 'donation', loveCode: '919' }],
    [{ type: 'company', taxId: ' 24536806 ', title: ' 青嶼出版有限公司 ', loveCode: '' }, { type: 'company', taxId: '24536806', title: '青嶼出版有限公司' }],
  ])('keeps %j as %j', (input, out) => {
    expect(invoiceInputSchema.parse(input)).toEqual(out);
  });

  it.each([
    [{ type: 'paper' }, 'type', '請選擇發票開立方式'],
    [{ type: 'mobile' }, 'carrier', '請填寫手機條碼'],
    [{ type: 'mobile', carrier: '/ABC12' }, 'carrier', '手機條碼格式錯誤：/ 加 7 碼英數字或 . + -（例如 /ABC+123）'],
    [{ type: 'mobile', carrier: 'ABC+1234' }, 'carrier', '手機條碼格式錯誤：/ 加 7 碼英數字或 . + -（例如 /ABC+123）'],
    [{ type: 'mobile', carrier: '/AB_1234' }, 'carrier', '手機條碼格式錯誤：/ 加 7 碼英數字或 . + -（例如 /ABC+123）'],
    [{ type: 'certificate', carrier: 'A123456789012345' }, 'carrier', '自然人憑證條碼格式錯誤：2 個大寫英文字母加 14 位數字'],
    [{ type: 'certificate', carrier: 'AB1234567890123' }, 'carrier', '自然人憑證條碼格式錯誤：2 個大寫英文字母加 14 位數字'],
    [{ type: 'donation', loveCode: '' }, 'loveCode', '請選擇或填寫愛心碼'],
    [{ type: 'donation', loveCode: '12' }, 'loveCode', '愛心碼為 3 到 7 位數字'],
    [{ type: 'donation', loveCode: '12345678' }, 'loveCode', '愛心碼為 3 到 7 位數字'],
    [{ type: 'company', taxId: '', title: '青嶼' }, 'taxId', '請填寫統一編號'],
    [{ type: 'company', taxId: '12345678', title: '青嶼' }, 'taxId', '統一編號格式錯誤'],
    [{ type: 'company', taxId: '24536806', title: '  ' }, 'title', '請填寫發票抬頭'],
  ])('refuses %j at %s', (input, path, message) => {
    expect(issues(input)).toContainEqual([path, message]);
  });
});

describe('an order with the older top-level fields', () => {
  const place = (extra: Record<string, unknown>) => placeOrderInputSchema.parse({ ...sampleContact, items: [{ productId: 'p1', qty: 1 }], ...extra });

  it('maps a 統一編號 to a company invoice and nothing to the e-mailed one', () => {
    expect(invoiceFields(place({ taxId: '24536806', invoiceTitle: '青嶼' }))).toEqual({ invoice: { type: 'company', taxId: '24536806', title: '青嶼' }, taxId: '24536806', invoiceTitle: '青嶼' });
    expect(invoiceFields(place({}))).toEqual({ invoice: { type: 'email' }, taxId: '', invoiceTitle: '' });
  });

  it('lets the invoice win and keeps the top-level fields in step with it', () => {
    expect(invoiceFields(place({ taxId: '24536806', invoice: { type: 'mobile', carrier: '/abc1234' } }))).toEqual({ invoice: { type: 'mobile', carrier: '/ABC1234' }, taxId: '', invoiceTitle: '' });
    const r = placeOrderInputSchema.safeParse({ ...sampleContact, items: [{ productId: 'p1', qty: 1 }], invoice: { type: 'donation', loveCode: 'x' } });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['invoice.loveCode']);
  });
});

describe('what the owner sees', () => {
  it('splits a total at 5 % VAT included, in whole NT$', () => {
    expect(splitVat(1050)).toEqual({ untaxed: 1000, tax: 50 });
    expect(splitVat(1940)).toEqual({ untaxed: 1848, tax: 92 });
    expect(splitVat(0)).toEqual({ untaxed: 0, tax: 0 });
  });

  it('names a known charity and takes an invoice number in capitals', () => {
    expect(describeInvoice({ type: 'donation', loveCode: '919' })).toBe('捐贈發票 愛心碼 919（創世社會福利基金會）');
    expect(markInvoiceInputSchema.parse({ number: ' ab12345678 ' })).toEqual({ number: 'AB12345678' });
    expect(markInvoiceInputSchema.safeParse({ number: 'AB1234567' }).success).toBe(false);
  });
});
