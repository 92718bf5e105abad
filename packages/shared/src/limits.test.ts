import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, USER_POOL_ID_MAX, USER_POOL_ID_PATTERN } from './limits.ts';

describe('spec limits', () => {
  it.each(['+49 30 1234567', '123456', '+'.padEnd(20, '1')])('accepts the phone number %s', (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(true);
  });

  it.each(['12345', '1'.repeat(21), '030-123456', '+49 (30) 1234', 'abcdefg'])(
    'refuses the phone number %s',
    (phone) => {
      expect(PHONE_PATTERN.test(phone)).toBe(false);
    },
  );

  it('accepts user pool ids of the form prefix_suffix up to 55 characters', () => {
    expect(USER_POOL_ID_PATTERN.test('eu-central-1_AbC123')).toBe(true);
    expect(USER_POOL_ID_PATTERN.test('nounderscore')).toBe(false);
    expect('eu-central-1_AbC123'.length).toBeLessThanOrEqual(USER_POOL_ID_MAX);
  });
});
