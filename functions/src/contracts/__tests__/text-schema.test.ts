import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminOrderCursorSchema, adminOrdersQuerySchema, deliverySchema } from '../admin';
import { memberInfoSchema, signInInputSchema, signUpInputSchema } from '../auth';
import { docIdSchema, isWellFormedText, orderIdSchema, planIdSchema, productIdSchema, textSchema, uidSchema } from '../common';
import { inquiryInputSchema } from '../content';
import { placeGroupOrderInputSchema, placeOrderInputSchema } from '../orders';

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('well-formed text', () => {
  it.each([
    ['plain Chinese', '王小明', true],
    ['an emoji (a surrogate pair)', '書 📚 店', true],
    ['an empty string', '', true],
    ['a lone high surrogate', `a${LONE_HIGH}b`, false],
    ['a lone low surrogate', `a${LONE_LOW}b`, false],
    ['a high surrogate at the end', `ab${LONE_HIGH}`, false],
    ['two high surrogates', `${LONE_HIGH}${LONE_HIGH}\udc00`, false],
    ['a reversed pair', `${LONE_LOW}${LONE_HIGH}`, false],
  ])('%s', (_name, value, ok) => {
    expect(isWellFormedText(value)).toBe(ok);
    expect(textSchema.safeParse(value).success).toBe(ok);
  });

  it('is the base of every string in the contracts (no bare z.string())', () => {
    const dir = path.resolve(process.cwd(), 'functions/src/contracts');
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(path.join(dir, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${f}:${i + 1}`, line }))
          .filter(({ line }) => /\bz\s*\.\s*(string|url|email|uuid)\s*\(/.test(line) && !/^\s*(\*|\/\/)/.test(line))
          // z.url() after textSchema.pipe() checks a string that textSchema has already checked.
          .filter(({ line }) => !line.includes('export const textSchema') && !/textSchema[^;]*\.pipe\(z\.url\(/.test(line)),
      )
      .map((o) => o.where);
    expect(offenders).toEqual([]);
  });

  const order = {
    items: [{ productId: 'company-registration-guide', qty: 1 }],
    receiver: { name: '王小明', address: '臺南市中西區青年路 1 號' },
    phone: '0912-345-678',
    bankAccountNo: '12345',
  };
  it.each([
    ['sign-up name', signUpInputSchema, { email: 'a@example.com', password: 'secret123', userName: `王${LONE_HIGH}` }],
    ['sign-in password', signInInputSchema, { email: 'a@example.com', password: `pw${LONE_LOW}` }],
    ['member name', memberInfoSchema, { userName: `王${LONE_HIGH}`, email: 'a@example.com', userUid: 'abc' }],
    ['member picture', memberInfoSchema, { userName: '王', email: 'a@example.com', userUid: 'abc', picture: `https://x.tw/${LONE_HIGH}.png` }],
    ['receiver name', placeOrderInputSchema, { ...order, receiver: { ...order.receiver, name: LONE_HIGH } }],
    ['address', placeOrderInputSchema, { ...order, receiver: { ...order.receiver, address: `臺南市中西區${LONE_LOW}路` } }],
    ['remark', placeOrderInputSchema, { ...order, remark: `請${LONE_HIGH}` }],
    ['invoice title', placeOrderInputSchema, { ...order, invoiceTitle: LONE_HIGH }],
    ['group buyer', placeGroupOrderInputSchema, { ...order, buyer: LONE_HIGH, email: 'a@example.com' }],
    ['inquiry message', inquiryInputSchema, { topic: 'contact', name: '王', email: 'a@example.com', message: `請問${LONE_HIGH}有貨嗎` }],
    ['tracking number', deliverySchema, { company: '郵局', trackingNo: LONE_HIGH, trackingUrl: 'https://example.com' }],
  ])('refuses a lone surrogate in the %s', (_name, schema, input) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
  });
});

describe('Firestore ids', () => {
  it.each([
    ['docIdSchema', docIdSchema, '__x__'],
    ['productIdSchema', productIdSchema, '__name__'],
    ['planIdSchema', planIdSchema, '__a-b__'],
    ['orderIdSchema', orderIdSchema, '__xxxxxxxxxxxxxxxx__'],
    ['uidSchema', uidSchema, '__x__'],
    ['uidSchema', uidSchema, '__name__'],
  ])('%s refuses the reserved %s', (_name, schema, id) => {
    expect(schema.safeParse(id).success).toBe(false);
  });
  it('accepts ids that only start or end with underscores', () => {
    expect(orderIdSchema.safeParse('__abcdefghijklmnop').success).toBe(true);
    expect(uidSchema.safeParse('abc__').success).toBe(true);
    expect(uidSchema.safeParse('a__b__').success).toBe(true);
  });
});

describe('owner console queries', () => {
  it.each(['2026-02-30', '2026-02-29', '2025-13-01', '2025-04-31', '2025-00-10', '0000-01-01'])('refuses the day %s', (day) => {
    expect(adminOrdersQuerySchema.safeParse({ from: day }).success).toBe(false);
    expect(adminOrdersQuerySchema.safeParse({ to: day }).success).toBe(false);
  });
  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('accepts the day %s', (day) => {
    expect(adminOrdersQuerySchema.safeParse({ from: day }).success).toBe(true);
  });
  it.each([
    ['a path', { c: '2026-01-01T00:00:00.000Z', id: 'a/b' }],
    ['an empty id', { c: '2026-01-01T00:00:00.000Z', id: '' }],
    ['a reserved id', { c: '2026-01-01T00:00:00.000Z', id: '__name__' }],
    ['a time that is not one', { c: 'yesterday', id: 'abcdefghijklmnop' }],
    ['a number', { c: 1, id: 'abcdefghijklmnop' }],
  ])('refuses a cursor with %s', (_name, cursor) => {
    expect(adminOrderCursorSchema.safeParse(cursor).success).toBe(false);
  });
  it('accepts the cursor the API makes', () => {
    expect(adminOrderCursorSchema.safeParse({ c: new Date().toISOString(), id: 'Abc_def-1234567890' }).success).toBe(true);
  });
});
