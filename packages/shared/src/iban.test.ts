import { describe, expect, it } from 'vitest';
import { groupIban, isValidBic, isValidIban, normaliseIban } from './iban.ts';

describe('isValidIban', () => {
  it('takes real IBANs with or without spaces', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('AT611904300234573201')).toBe(true);
    // Outside SEPA too: the web's form and the API take the same accounts (they once disagreed).
    expect(isValidIban('BR1800360305000010009795493C1')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and an unknown country', () => {
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('ignores spaces anywhere and lower case', () => {
    expect(isValidIban('  de89 3704 0044 0532 0130 00 ')).toBe(true);
    expect(isValidIban('De89370400 440532013000')).toBe(true);
    expect(normaliseIban(' de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it("refuses an account of another country's length", () => {
    // Austria's IBANs have 20 characters, Germany's 22: an Austrian number of 22 and German
    // ones of 21 or 19 are refused.
    // Each of these has check digits that add up (mod 97), only the length is wrong.
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(isValidIban('AT50190430023457320100')).toBe(false);
    expect(isValidIban('DE5137040044053201300')).toBe(false);
    expect(isValidIban('DE41370400440532013')).toBe(false);
  });

  it('prints groups of four', () => {
    expect(groupIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
  });
});

describe('isValidBic', () => {
  it('takes 8 or 11 characters', () => {
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('cobadeff')).toBe(true);
    expect(isValidBic('COBADEF')).toBe(false);
    expect(isValidBic('COBADEFFXX')).toBe(false);
  });
});
