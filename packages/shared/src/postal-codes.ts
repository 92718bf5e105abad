// Postal codes by country, for the countries whose format is fixed and whose organisations and sponsors
// this platform meets most (Germany's neighbours, the EU's larger members, the UK and the US). The
// address is printed on agreements and invoices and goes into XRechnung's PostalZone: a German
// postcode of four digits would be a letter that does not arrive. Countries not listed here take any
// text the field's length allows, since a wrong rule would lock a real address out.
import { z } from 'zod';

/** The format of a country's postal code (upper case, spaces as written) and one real example of it. */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  DE: { pattern: /^\d{5}$/, example: '10115' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  LI: { pattern: /^\d{4}$/, example: '9490' },
  LU: { pattern: /^(?:L-?)?\d{4}$/, example: '1009' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  HU: { pattern: /^\d{4}$/, example: '1051' },
  SI: { pattern: /^\d{4}$/, example: '1000' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  HR: { pattern: /^\d{5}$/, example: '10000' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-001' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  SK: { pattern: /^\d{3} ?\d{2}$/, example: '811 01' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
  GB: { pattern: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, example: 'SW1A 1AA' },
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: '10001' },
};

/** Whether `postalCode` has the format of `country`'s postal codes (any text for a country without a known format). */
export function fitsCountry(postalCode: string, country: string): boolean {
  const format = POSTAL_CODE_FORMATS[country.trim().toUpperCase()];
  return !format || format.pattern.test(postalCode.trim().toUpperCase());
}

/**
 * A refinement for an object schema with `postal_code` and `country`: marks the postal code
 * 'invalid_postal_code' when it does not fit the country. An empty or missing value is left to the
 * field's own rule ('required'), so one field shows one message.
 */
export function checkPostalCode(
  value: { postal_code?: string | null; country?: string | null },
  ctx: z.RefinementCtx,
): void {
  const { postal_code: postalCode, country } = value;
  if (!postalCode?.trim() || !country) return;
  if (!fitsCountry(postalCode, country)) {
    ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'invalid_postal_code' });
  }
}
