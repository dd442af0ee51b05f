import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBaht, parseBaht, satang } from '../src/money.ts';

describe('money', () => {
  it('parses and formats the wire form', () => {
    expect(parseBaht('1035.50')).toBe(103550);
    expect(parseBaht('1035.5')).toBe(103550);
    expect(parseBaht('1035')).toBe(103500);
    expect(parseBaht('0.01')).toBe(1);
    expect(formatBaht(satang(103550))).toBe('1035.50');
    expect(formatBaht(satang(7))).toBe('0.07');
    expect(formatBaht(satang(-7))).toBe('-0.07');
  });

  it('rejects a third decimal and non-numbers', () => {
    for (const bad of ['1.005', 'abc', '', '1e3', '1,000.00', '.5', 'NaN']) {
      expect(() => parseBaht(bad)).toThrow();
    }
  });

  it('round-trips every satang amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        expect(parseBaht(formatBaht(n))).toBe(n);
      }),
    );
  });
});
