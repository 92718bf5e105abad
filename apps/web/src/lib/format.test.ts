import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime } from './format';

const NBSP = '\u00a0';

describe('formatDate', () => {
  it('prints DD.MM.YYYY in German', () => {
    expect(formatDate('2025-03-05', 'de')).toBe('05.03.2025');
    expect(formatDate(new Date(2024, 11, 31, 23, 30), 'de')).toBe('31.12.2024');
  });

  it('prints day first in English too', () => {
    expect(formatDate('2025-03-05', 'en')).toBe('05/03/2025');
  });

  it('does not shift a calendar date by the time zone', () => {
    expect(formatDate('2025-01-01', 'de')).toBe('01.01.2025');
  });

  it('returns an empty string for an unreadable value', () => {
    expect(formatDate('not a date', 'de')).toBe('');
    expect(formatDateTime('not a date', 'de')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day', () => {
    expect(formatDateTime(new Date(2025, 2, 5, 14, 7), 'de')).toBe('05.03.2025, 14:07');
  });
});

describe('formatCurrency', () => {
  it('prints EUR in German format', () => {
    expect(formatCurrency(2500, 'de')).toBe(`2.500,00${NBSP}€`);
    expect(formatCurrency(0, 'de')).toBe(`0,00${NBSP}€`);
  });

  it('prints EUR in English format', () => {
    expect(formatCurrency(2500, 'en')).toBe('€2,500.00');
  });
});
