// Money on the invoice screens: integer cents on the wire, the user's language on screen
// (de: 1.234,56 €, en: €1,234.56) and in the amount fields, where either decimal mark is taken.
import type { Language } from '@sp/shared';
import { formatCurrency } from '@/lib/format';

/** 123456 → "1.234,56 €" (de) or "€1,234.56" (en). */
export const formatCents = (cents: number, language: Language): string => formatCurrency(cents / 100, language);

/** 123456 → "1234,56" (de) or "1234.56" (en): the value an amount field starts with. */
export function centsToInput(cents: number, language: Language): string {
  const text = (cents / 100).toFixed(2);
  return language === 'de' ? text.replace('.', ',') : text;
}

/**
 * What the user typed as an amount in cents, or null when it is not one. "1.234,56", "1234,56",
 * "1,234.56" and "1234.56" all read 123456: the last mark followed by one or two digits is the
 * decimal mark, the others group thousands. Negative amounts and more than two decimals are refused.
 */
export function parseAmount(input: string): number | null {
  const text = input.replace(/[\s\u00a0€]/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = decimal ? text.slice(0, decimal.index) : text;
  if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(whole)) return null;
  const digits = whole.replace(/[.,]/g, '');
  if (digits.length > 9) return null;
  const fraction = decimal ? decimal[1]!.padEnd(2, '0') : '00';
  return Number(digits) * 100 + Number(fraction);
}

/** A VAT rate in basis points (1900) as the user reads it: "19 %" (de) or "19%" (en). */
export function formatRate(basisPoints: number, language: Language): string {
  const value = basisPoints / 100;
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1).replace('.', language === 'de' ? ',' : '.');
  return language === 'de' ? `${text}\u00a0%` : `${text}%`;
}
