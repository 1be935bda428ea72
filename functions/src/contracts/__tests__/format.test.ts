import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatLongDateTime, formatMoney, fromTaipeiLocal, normaliseDigits, taipeiParts, taiwanDay, thresholdText, toTaipeiLocal } from '../format';

describe('formatMoney', () => {
  it('writes whole NT$ with grouping', () => {
    expect(formatMoney(1880)).toBe('NT$1,880');
    expect(formatMoney(0)).toBe('NT$0');
  });
});

describe('dates in Taiwan time', () => {
  it('formats an order\'s date and time as a Taiwanese shopper reads it (yyyy/mm/dd hh:mm)', () => {
    expect(formatDateTime('2027-03-31T15:59:59.000Z')).toBe('2027/03/31 23:59');
    expect(formatDateTime('2026-12-31T16:30:00.000Z')).toBe('2027/01/01 00:30');
  });
  it('formats a long Chinese date', () => {
    expect(formatLongDate('2027-03-31T15:59:59.000Z')).toBe('2027年3月31日');
  });
});

describe('Taiwan wall clock', () => {
  it('writes date and time across the UTC day boundary', () => {
    expect(formatDateTime('2027-03-31T15:59:00.000Z')).toBe('2027/03/31 23:59');
    expect(formatDateTime('2027-03-31T16:00:00.000Z')).toBe('2027/04/01 00:00');
  });
  it('names the Taiwan calendar day of an instant', () => {
    expect(taiwanDay(Date.parse('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
    expect(taiwanDay('2026-12-31T15:59:59.999Z')).toBe('2026-12-31');
  });
  it('round-trips a datetime-local value through Taiwan time', () => {
    const local = '2027-01-01T00:30';
    expect(toTaipeiLocal(new Date(fromTaipeiLocal(local)).toISOString())).toBe(local);
    expect(toTaipeiLocal('')).toBe('');
    expect(fromTaipeiLocal('')).toBe('');
  });
  it('writes midnight as 00, never 24', () => {
    expect(taipeiParts('2027-05-04T16:00:00.000Z').hour).toBe('00');
  });
});

describe('issue 35: digits as typed, a campaign after its outcome, a deadline with its time', () => {
  it('normalises full-width digits and spaces', () => {
    expect(normaliseDigits('１２３４５')).toBe('12345');
    expect(normaliseDigits(' 12345 ')).toBe('12345');
    expect(normaliseDigits('\u3000１２ ３４５\u3000')).toBe('12345');
  });
  it('says the decision before the count', () => {
    expect(thresholdText({ decided: null, minQuantity: 5, copies: 3 })).toBe('成團門檻 5 本，還差 2 本');
    expect(thresholdText({ decided: 'succeeded', minQuantity: 5, copies: 3 })).toBe('已成團');
    expect(thresholdText({ decided: 'failed', minQuantity: 20, copies: 0 }, '冊')).toBe('未成團（流團），訂單已取消或退款');
    expect(thresholdText({ decided: null, minQuantity: null, copies: 3 })).toBeNull();
  });
  it('states a closing date with its Taiwan time', () => {
    expect(formatLongDateTime('2026-11-27T17:36:00Z')).toBe('2026年11月28日 01:36');
  });
});
