// Locale-aware formatting of dates and money (spec section 9: DD.MM.YYYY, EUR in German format).
import type { Language } from '@sp/shared';

/** The Intl locale of each UI language (English dates read day first, as in en-GB). */
export const INTL_LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formatters are kept per locale and options: creating an Intl formatter costs far more than using
 * one (a few ms each on a slow phone, where a list of dates made dozens of them while rendering).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(locale, options)));
  return formatter;
}

function toDate(value: Date | string | number): { date: Date; dateOnly: boolean } {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    // A calendar date has no time zone: read and print it in UTC so it never shifts by a day.
    return { date: new Date(`${value}T00:00:00Z`), dateOnly: true };
  }
  return { date: value instanceof Date ? value : new Date(value), dateOnly: false };
}

/** The separator of day, month and year in each UI language's short date. */
const DATE_SEPARATORS: Record<Language, string> = { de: '.', en: '/' };

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * DD.MM.YYYY or DD/MM/YYYY written out rather than by Intl.DateTimeFormat: the page's first
 * Intl formatter cost ~50 ms of a throttled phone's main thread before the dashboard's open tasks
 * could paint (decision 012). The output is Intl's for both locales (format.test.ts compares them).
 */
function shortDate(date: Date, utc: boolean, language: Language): string {
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const separator = DATE_SEPARATORS[language];
  return `${twoDigits(day)}${separator}${twoDigits(month)}${separator}${year}`;
}

/** 05.03.2025 in German, 05/03/2025 in English; an unreadable value gives ''. */
export function formatDate(value: Date | string | number, language: Language): string {
  const { date, dateOnly } = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return shortDate(date, dateOnly, language);
}

/** 05.03.2025, 14:07 in German, 05/03/2025, 14:07 in English; an unreadable value gives ''. */
export function formatDateTime(value: Date | string | number, language: Language): string {
  const { date } = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${shortDate(date, false, language)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** The thousands and decimal separators of each UI language. */
const NUMBER_SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  de: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * Whole cents of an amount that is exactly a number of cents (every amount here is cents / 100),
 * or null for anything else, which Intl then formats: fractions of a cent, -0, huge values.
 */
function exactCents(amount: number): number | null {
  const cents = Math.round(amount * 100);
  if (!Number.isSafeInteger(cents) || Object.is(amount, -0) || cents / 100 !== amount) return null;
  return cents;
}

/**
 * Euros written out rather than by Intl.NumberFormat: creating the page's first currency formatter
 * took ~110 ms of a throttled phone's main thread while the dashboard's sponsoring card rendered
 * its first frame (decision 012). The output is Intl's (format.test.ts compares them).
 */
function euros(cents: number, language: Language): string {
  const { group, decimal } = NUMBER_SEPARATORS[language];
  const whole = String(Math.trunc(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const number = `${whole}${decimal}${twoDigits(Math.abs(cents) % 100)}`;
  const sign = cents < 0 ? '-' : '';
  return language === 'de' ? `${sign}${number}\u00a0€` : `${sign}€${number}`;
}

/** 2.500,00 € in German, €2,500.00 in English. */
export function formatCurrency(amount: number, language: Language, currency = 'EUR'): string {
  const cents = currency === 'EUR' ? exactCents(amount) : null;
  if (cents !== null) return euros(cents, language);
  return numberFormat(INTL_LOCALES[language], { style: 'currency', currency }).format(amount);
}
