import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMoney } from '../format';

describe('formatMoney', () => {
  it('writes whole NT$ with grouping', () => {
    expect(formatMoney(1880)).toBe('NT$1,880');
    expect(formatMoney(0)).toBe('NT$0');
  });
});

describe('dates in Taiwan time', () => {
  it('formats mm/dd/yy', () => {
    expect(formatDate('2027-03-31T15:59:59.000Z')).toBe('03/31/27');
    expect(formatDate('2026-12-31T16:30:00.000Z')).toBe('01/01/27');
  });
  it('formats a long Chinese date', () => {
    expect(formatLongDate('2027-03-31T15:59:59.000Z')).toBe('2027年3月31日');
  });
});
