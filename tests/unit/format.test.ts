// The product's one way of writing money and times (contract/format.ts), at fixed values and instants.
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMoney,
  localeOf,
  machineTime,
} from '../../contract/format';

describe('formatMoney', () => {
  it('writes an amount with its currency code, two decimals and grouping', () => {
    expect(formatMoney(1188.1, 'SGD')).toBe('SGD 1,188.10');
    expect(formatMoney('400', 'MYR')).toBe('MYR 400.00');
    expect(formatMoney(-2.2, 'SGD')).toBe('-SGD 2.20');
    expect(formatMoney(0, 'HKD')).toBe('HKD 0.00');
  });
  it('writes the bare amount without a currency, and a dash for no amount', () => {
    expect(formatMoney(2.2, null)).toBe('2.20');
    expect(formatMoney(null, 'SGD')).toBe('—');
    expect(formatMoney('', 'SGD')).toBe('—');
    expect(formatMoney('abc', 'SGD')).toBe('—');
  });
});

describe('dates for people', () => {
  it('writes a time day month year with a 24-hour clock, in the given zone', () => {
    expect(formatDateTime('2026-11-25T23:01:00.000Z', 'en-SG', 'Asia/Singapore')).toBe('26 Nov 2026, 07:01');
    expect(formatDateTime('2026-11-25T23:01:00.000Z', 'en-SG', 'UTC')).toBe('25 Nov 2026, 23:01');
    expect(formatDateTime('', 'en-SG')).toBe('—');
    expect(formatDateTime('not a date', 'en-SG')).toBe('—');
  });
  it('writes a stored day as that day, and a range of days the same way', () => {
    expect(formatDate('2026-11-26')).toBe('26 Nov 2026');
    expect(formatDateRange('2026-11-26', '2026-12-25')).toBe('26 Nov 2026 – 25 Dec 2026');
    expect(formatDate(null)).toBe('—');
  });
  it("uses the country's English, and Singapore's for a country Intl does not know", () => {
    expect(localeOf('my')).toBe('en-MY');
    expect(localeOf(null)).toBe('en-SG');
  });
});

describe('times for machines', () => {
  it('is ISO 8601 in UTC with Z', () => {
    expect(machineTime(new Date(Date.UTC(2026, 10, 25, 23, 1)))).toBe('2026-11-25T23:01:00.000Z');
  });
});
