// Locale-aware formatting of dates and money (spec section 9: DD.MM.YYYY, EUR in German format).
import type { Language } from '@sp/shared';

/** The Intl locale of each UI language (English dates read day first, as in en-GB). */
export const INTL_LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: Date | string | number): { date: Date; dateOnly: boolean } {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    // A calendar date has no time zone: read and print it in UTC so it never shifts by a day.
    return { date: new Date(`${value}T00:00:00Z`), dateOnly: true };
  }
  return { date: value instanceof Date ? value : new Date(value), dateOnly: false };
}

/** 05.03.2025 in German, 05/03/2025 in English; an unreadable value gives ''. */
export function formatDate(value: Date | string | number, language: Language): string {
  const { date, dateOnly } = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** 05.03.2025, 14:07 in German; an unreadable value gives ''. */
export function formatDateTime(value: Date | string | number, language: Language): string {
  const { date } = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** 2.500,00 € in German, €2,500.00 in English. */
export function formatCurrency(amount: number, language: Language, currency = 'EUR'): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency }).format(amount);
}
