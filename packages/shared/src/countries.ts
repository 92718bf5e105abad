// ISO 3166-1 alpha-2 codes from a maintained source (i18n-iso-countries); display names come from
// Intl.DisplayNames in the interface language, so nothing here is hand-typed.
import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

export const COUNTRY_CODES: readonly string[] = (codes as string[][]).map((row) => row[0] as string);
const COUNTRY_CODE_SET = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => COUNTRY_CODE_SET.has(value);

/** The country's name in `language` (Intl.DisplayNames), or the code itself where the runtime has no name for it. */
export function countryName(code: string, language: 'de' | 'en'): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
