import { describe, expect, it } from 'vitest';
import { formatNumber, isValidNumberFormat } from './number-format.ts';

describe('invoice number format', () => {
  it('accepts exactly one counter and the date placeholders', () => {
    expect(isValidNumberFormat('RE-{YYYY}-{NNNN}')).toBe(true);
    expect(isValidNumberFormat('{YY}{MM}/{NNNNNN}')).toBe(true);
    expect(isValidNumberFormat('{N}')).toBe(true);
    expect(isValidNumberFormat('RE-{YYYY}')).toBe(false);
    expect(isValidNumberFormat('{NN}-{NN}')).toBe(false);
    expect(isValidNumberFormat('{NNN}-{DD}')).toBe(false);
    expect(isValidNumberFormat('{NNN}-{')).toBe(false);
  });

  it('fills the placeholders', () => {
    expect(formatNumber('RE-{YYYY}-{NNNN}', 42, '2026-11-26')).toBe('RE-2026-0042');
    expect(formatNumber('{YY}{MM}/{NN}', 12345, '2026-03-01')).toBe('2603/12345');
  });
});
