import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatCurrency, formatDate, formatDateTime } from './format';

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

describe('kept formatters', () => {
  it('reuses one formatter per locale and options, and never mixes them up', () => {
    const options = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    expect(dateTimeFormat('de-DE', { ...options })).toBe(dateTimeFormat('de-DE', { ...options }));
    expect(dateTimeFormat('de-DE', options)).not.toBe(dateTimeFormat('en-GB', options));
    expect(dateTimeFormat('de-DE', options)).not.toBe(dateTimeFormat('de-DE', { ...options, timeZone: 'UTC' }));
    // Alternating languages, calendar dates and instants: each answer as if formatted alone.
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2025-03-05', 'de')).toBe('05.03.2025');
      expect(formatDate('2025-03-05', 'en')).toBe('05/03/2025');
      expect(formatDateTime(new Date(2025, 2, 5, 14, 7), 'de')).toBe('05.03.2025, 14:07');
      expect(formatCurrency(2500, 'en')).toBe('€2,500.00');
    }
  });
});

describe('dates written out', () => {
  it('are what Intl.DateTimeFormat prints, in both languages, for calendar dates and instants', () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions, date: Date) =>
      new Intl.DateTimeFormat(locale, options).format(date);
    const dateParts = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    for (let day = 0; day < 800; day += 7) {
      const calendarDate = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
      const instant = new Date(2024, 0, 1 + day, day % 24, (day * 7) % 60);
      for (const [language, locale] of [
        ['de', 'de-DE'],
        ['en', 'en-GB'],
      ] as const) {
        expect(formatDate(calendarDate, language)).toBe(
          intl(locale, { ...dateParts, timeZone: 'UTC' }, new Date(`${calendarDate}T00:00:00Z`)),
        );
        expect(formatDate(instant, language)).toBe(intl(locale, dateParts, instant));
        expect(formatDateTime(instant, language)).toBe(
          intl(locale, { ...dateParts, hour: '2-digit', minute: '2-digit' }, instant),
        );
      }
    }
  });
});

describe('euros written out', () => {
  const intl = (locale: string, amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);

  it('are what Intl.NumberFormat prints, in both languages, for whole cents of every size and sign', () => {
    const cents = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456, 1000000, 123456789];
    for (let c = 7; c < 10 ** 15; c = c * 13 + 1) cents.push(c);
    for (const value of cents.flatMap((c) => [c, -c])) {
      const amount = value / 100;
      expect(formatCurrency(amount, 'de')).toBe(intl('de-DE', amount));
      expect(formatCurrency(amount, 'en')).toBe(intl('en-GB', amount));
    }
  });

  it('leave fractions of a cent, -0 and other currencies to Intl', () => {
    for (const amount of [0.005, 1.239, -0, 0.1 + 0.2, 1e20]) {
      expect(formatCurrency(amount, 'de')).toBe(intl('de-DE', amount));
      expect(formatCurrency(amount, 'en')).toBe(intl('en-GB', amount));
    }
    expect(formatCurrency(2500, 'de', 'CHF')).toBe(`2.500,00${NBSP}CHF`);
  });
});
