import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMoney, fromTaipeiLocal, taipeiParts, taiwanDay, toTaipeiLocal } from '../format';

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
