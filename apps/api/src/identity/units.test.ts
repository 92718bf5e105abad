// The provider's pure building blocks: TOTP against RFC 6238's own test vectors, base32, the password
// policy and hashing, the lock curve, code hashing and the masked destination.
import { describe, expect, it } from 'vitest';
import { maskEmail, languageFor } from './attributes.ts';
import { generateCode, hashCode, sameHash } from './codes.ts';
import { DEFAULT_SCRYPT, assertPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { lockDurationMs } from './throttle.ts';
import { base32Decode, base32Encode, hotp, matchTotp, totpStep } from './totp.ts';

describe('TOTP (RFC 6238, SHA-1 test vectors)', () => {
  const seed = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives %s', (time, expected) => {
    expect(hotp(seed, totpStep(new Date(time * 1000)), 8)).toBe(expected);
  });

  it('accepts one step of drift either way and refuses a replayed step', () => {
    const secret = base32Encode(seed);
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    const code = (s: number) => hotp(seed, s);
    expect(matchTotp(secret, code(step), now, null)).toBe(step);
    expect(matchTotp(secret, code(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, code(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, code(step + 2), now, null)).toBeNull();
    expect(matchTotp(secret, code(step), now, step)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('round-trips base32 (RFC 4648)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(() => base32Decode('not base32!')).toThrow();
  });
});

describe('passwords', () => {
  it.each([
    ['Ab1!', 'Password not long enough'],
    ['ABCDEFG1!', 'Password must have lowercase characters'],
    ['abcdefg1!', 'Password must have uppercase characters'],
    ['Abcdefgh!', 'Password must have numeric characters'],
    ['Abcdefgh1', 'Password must have symbol characters'],
  ])('refuses %s: %s', (password, problem) => {
    expect(() => assertPasswordPolicy(password)).toThrow(`Password did not conform with policy: ${problem}`);
  });

  it('accepts a password with all four kinds of characters', () => {
    expect(() => assertPasswordPolicy('Abcdefg1!')).not.toThrow();
    // As in Cognito, letters count from the Basic Latin range; a space is a symbol.
    expect(() => assertPasswordPolicy('Ünïcode 1A')).not.toThrow();
  });

  it('hashes with memory-hard scrypt, a salt per hash, and verifies', async () => {
    const first = await hashPassword('Correct-Horse-1');
    const second = await hashPassword('Correct-Horse-1');
    expect(first).toMatch(new RegExp(`^scrypt\\$${DEFAULT_SCRYPT.N}\\$8\\$1\\$`));
    expect(first).not.toBe(second);
    expect(await verifyPassword('Correct-Horse-1', first)).toBe(true);
    expect(await verifyPassword('Correct-Horse-2', first)).toBe(false);
    expect(await verifyPassword('Correct-Horse-1', 'garbage')).toBe(false);
  });
});

describe('throttling and codes', () => {
  it('doubles the lock from the 5th failure and caps it at 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8, 14, 15, 40].map(lockDurationMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 512_000, 900_000, 900_000,
    ]);
  });

  it('makes 6-digit codes and hashes them per user and purpose', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    const key = Buffer.alloc(32, 7);
    const a = hashCode(key, 'user-1', 'sign_up', '123456');
    expect(sameHash(a, hashCode(key, 'user-1', 'sign_up', '123456'))).toBe(true);
    expect(sameHash(a, hashCode(key, 'user-1', 'reset_password', '123456'))).toBe(false);
    expect(sameHash(a, hashCode(key, 'user-2', 'sign_up', '123456'))).toBe(false);
    expect(sameHash(a, hashCode(Buffer.alloc(32, 8), 'user-1', 'sign_up', '123456'))).toBe(false);
  });

  it('masks the delivery destination and picks the mail language', () => {
    expect(maskEmail('jane.doe@example.org')).toBe('j***@e***');
    expect(languageFor({ language: 'en' }, { locale: 'de-DE' }, 'de')).toBe('en');
    expect(languageFor(undefined, { locale: 'en-GB' }, 'de')).toBe('en');
    expect(languageFor({ language: 'fr' }, {}, 'de')).toBe('de');
  });
});
