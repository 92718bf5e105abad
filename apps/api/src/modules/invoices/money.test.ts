import { describe, expect, it } from 'vitest';
import { decimal, formatMoney, lineOf, negated, totalsOf, vatOf } from './money.ts';

describe('invoice money', () => {
  it('rounds VAT per line commercially (half away from zero)', () => {
    expect(vatOf(1000_00, 19)).toBe(190_00);
    expect(vatOf(50, 19)).toBe(10); // 9.5 -> 10
    expect(vatOf(150, 7)).toBe(11); // 10.5 -> 11
    expect(vatOf(149, 7)).toBe(10); // 10.43 -> 10
    expect(vatOf(-50, 19)).toBe(-10);
    expect(vatOf(9_999_999_999, 19)).toBe(1_900_000_000); // 1,899,999,999.81 -> no float error
    expect(vatOf(1234, 0)).toBe(0);
  });

  it('sums the rounded lines for the totals', () => {
    const lines = [
      lineOf({ description: 'a', quantity: 1, unitPriceCents: 50 }, 19),
      lineOf({ description: 'b', quantity: 3, unitPriceCents: 50 }, 19),
    ];
    // per line: 9.5 -> 10 and 28.5 -> 29; the sum of the lines (39), not 19 % of 200 (38)
    expect(totalsOf(lines)).toEqual({ netCents: 200, vatCents: 39, grossCents: 239 });
  });

  it('negates a cancellation line by line', () => {
    const lines = [lineOf({ description: 'a', quantity: 2, unitPriceCents: 333 }, 7)];
    const storno = negated(lines);
    expect(totalsOf(storno)).toEqual({ netCents: -666, vatCents: -47, grossCents: -713 });
    expect(totalsOf([...lines, ...storno])).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });

  it('writes decimals and readable amounts', () => {
    expect(decimal(123456)).toBe('1234.56');
    expect(decimal(-5)).toBe('-0.05');
    expect(decimal(0)).toBe('0.00');
    expect(formatMoney(123456, 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
  });
});
