// Country choices for the master data form: the ISO codes of the shared package with their names in
// the interface language (Intl.DisplayNames), sorted by that language's collation.
import { COUNTRY_CODES, POSTAL_CODE_FORMATS, countryName, type Language } from '@sp/shared';

export type CountryOption = { value: string; label: string };

const cache = new Map<Language, readonly CountryOption[]>();

export function countryOptions(language: Language): readonly CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  cache.set(language, options);
  return options;
}

export { countryName } from '@sp/shared';

/** What the message for a postal code that does not fit its country names: the country and a real example. */
export function postalCodeFormat(country: string, language: Language): { country: string; example: string } {
  return { country: countryName(country, language), example: POSTAL_CODE_FORMATS[country]?.example ?? '' };
}
