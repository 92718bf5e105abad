import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@sp/shared';
import { countryName, countryOptions } from './countries';

describe('countryOptions', () => {
  it('offers every ISO code once, named in the interface language', () => {
    const german = countryOptions('de');
    expect(german).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(german.map((option) => option.value)).size).toBe(COUNTRY_CODES.length);
    expect(german.find((option) => option.value === 'DE')?.label).toBe('Deutschland');
    expect(countryOptions('en').find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(countryName('CH', 'de')).toBe('Schweiz');
    expect(countryName('CH', 'en')).toBe('Switzerland');
  });

  it('sorts by name with the language collation (umlauts among their base letters)', () => {
    const labels = countryOptions('de').map((option) => option.label);
    const index = (name: string) => labels.indexOf(name);
    expect(index('Österreich')).toBeGreaterThan(index('Oman'));
    expect(index('Österreich')).toBeLessThan(index('Pakistan'));
    expect(labels[0]).toBe('Afghanistan');
    const english = countryOptions('en').map((option) => option.label);
    expect(english.indexOf('Austria')).toBeLessThan(english.indexOf('Germany'));
  });
});
