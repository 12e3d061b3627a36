import { describe, expect, it } from 'vitest';
import { formatMoney, toCents, toDollars } from './money.ts';

describe('toCents', () => {
  it('rounds half-up despite float noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.004)).toBe(100);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(0)).toBe(0);
    expect(toCents(-3)).toBe(-300);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(1e20)).toBe(1e22);
  });
  it('refuses non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow();
  });
});

describe('toDollars / formatMoney', () => {
  it('converts back', () => {
    expect(toDollars(1250)).toBe(12.5);
  });
  it('formats like the spec', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(-300)).toBe('-$3.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    // Whole cents are written without Intl: the same text as Intl's en-US formatter, amount for amount.
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [0, 1, 99, 100, 101, 99999, 100000, 123456789, -100001, 900719925474099]) {
      const sign = cents < 0 ? '-' : '';
      expect(formatMoney(cents), String(cents)).toBe(`${sign}$${intl.format(Math.abs(cents) / 100)}`);
    }
  });
});
