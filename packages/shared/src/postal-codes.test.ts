import { describe, expect, it } from 'vitest';
import { fitsCountry, POSTAL_CODE_FORMATS } from './postal-codes.ts';
import { ZMasterData, ZOnboardingRequest, ZUpdateUserProfileRequest } from './schemas/profiles.ts';
import { ZSponsorLegalDetails } from './schemas/sponsor-legal.ts';

describe('postal codes by country', () => {
  it.each([
    ['10115', 'DE'],
    [' 01067 ', 'de'],
    ['1010', 'AT'],
    ['8001', 'CH'],
    ['1012 AB', 'NL'],
    ['1012ab', 'NL'],
    ['SW1A 1AA', 'GB'],
    ['m1 1ae', 'GB'],
    ['00-001', 'PL'],
    ['110 00', 'CZ'],
    ['L-1009', 'LU'],
    ['10001-1234', 'US'],
    // No known format: any text the field allows.
    ['D02 X285', 'IE'],
    ['anything', 'XX'],
  ])('takes %j for %s', (code, country) => {
    expect(fitsCountry(code, country)).toBe(true);
  });

  it.each([
    ['1234', 'DE'],
    ['101155', 'DE'],
    ['D-10115', 'DE'],
    ['10115', 'AT'],
    ['80331', 'CH'],
    ['1012', 'NL'],
    ['00001', 'PL'],
    ['12345', 'GB'],
  ])('refuses %j for %s', (code, country) => {
    expect(fitsCountry(code, country)).toBe(false);
  });

  it('has an example for every format that fits it', () => {
    for (const [country, { example }] of Object.entries(POSTAL_CODE_FORMATS)) {
      expect(fitsCountry(example, country), country).toBe(true);
    }
  });
});

describe('the schemas that take an address', () => {
  const master = {
    organisation_name: 'TSV Musterstadt e. V.',
    street: 'Hauptstraße',
    house_number: '1',
    postal_code: '1234',
    city: 'Berlin',
    country: 'DE',
  };
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('mark a postal code that does not fit the country at the postal code', () => {
    expect(issues(ZMasterData.safeParse(master))).toEqual([['postal_code', 'invalid_postal_code']]);
    expect(issues(ZOnboardingRequest.safeParse({ ...master, role: 'veranstalter' }))).toEqual([
      ['postal_code', 'invalid_postal_code'],
    ]);
    const legal = { legal_name: 'Muster GmbH', ...master, country: 'AT', postal_code: '10115' };
    expect(issues(ZSponsorLegalDetails.safeParse(legal))).toEqual([['postal_code', 'invalid_postal_code']]);
    expect(ZSponsorLegalDetails.safeParse({ ...legal, postal_code: '1010' }).success).toBe(true);
  });

  it('leave an empty postal code to its own rule, and a sponsor without an address alone', () => {
    expect(issues(ZMasterData.safeParse({ ...master, postal_code: ' ' }))).toEqual([['postal_code', 'required']]);
    expect(ZOnboardingRequest.safeParse({ organisation_name: 'Muster GmbH', role: 'sponsor' }).success).toBe(true);
    // A partial change is checked after the server merged it with the stored data (ZMasterData).
    expect(ZUpdateUserProfileRequest.safeParse({ postal_code: '1234' }).success).toBe(true);
  });
});
