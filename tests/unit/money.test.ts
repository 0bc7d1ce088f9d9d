// Exact money (contract/finance.ts): amounts in integer cents, never floating point. The server charges
// `timesMoney(price, n)` and the portal shows the same figure before an issue is confirmed.
import { describe, expect, it } from 'vitest';
import { centsOf, moneyOfCents, timesMoney } from '../../contract/finance';

describe('exact money', () => {
  it('reads a JSON number or a decimal string with at most two decimals in cents', () => {
    expect(centsOf(1.1)).toBe(110n);
    expect(centsOf(0.29)).toBe(29n);
    expect(centsOf('1250.50')).toBe(125050n);
    expect(centsOf(' 3 ')).toBe(300n);
    expect(centsOf('-3.05')).toBe(-305n);
    expect(centsOf(0)).toBe(0n);
    for (const bad of ['1.234', 'abc', '', null, undefined, Number.NaN, '1e3'])
      expect(centsOf(bad)).toBeNull();
  });

  it('writes cents back with two decimals', () => {
    expect(moneyOfCents(0n)).toBe('0.00');
    expect(moneyOfCents(5n)).toBe('0.05');
    expect(moneyOfCents(125050n)).toBe('1250.50');
    expect(moneyOfCents(-305n)).toBe('-3.05');
  });

  it('multiplies a price exactly where floating point would not', () => {
    // 0.29 × 3 is 0.8699999999999999 in floating point
    expect(timesMoney('0.29', 3)).toBe('0.87');
    expect(timesMoney('1.10', 100)).toBe('110.00');
    expect(timesMoney('0.00', 7)).toBe('0.00');
    expect(() => timesMoney('1.1', 2)).toThrow('not money');
    expect(() => timesMoney('1.10', 1.5)).toThrow('not money');
  });
});
