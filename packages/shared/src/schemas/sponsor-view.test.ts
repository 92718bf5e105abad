import { describe, expect, it } from 'vitest';
import { sponsorAddressOf, sponsorKeyOf } from './sponsor-view.ts';

describe('sponsor keys', () => {
  it('round-trip addresses of every length and with non-ASCII letters', () => {
    for (const address of ['a@b.de', 'ab@b.de', 'abc@b.de', 'jürgen@müller.example', 'x+tag@例え.jp']) {
      const key = sponsorKeyOf(address);
      expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(sponsorAddressOf(key)).toBe(address);
    }
    expect(sponsorKeyOf('a@b.de')).toBe('YUBiLmRl');
  });

  it('refuse what is no key of an address', () => {
    expect(sponsorAddressOf('not a key')).toBeNull();
    expect(sponsorAddressOf('A')).toBeNull();
    expect(sponsorAddressOf('_w')).toBeNull(); // the byte 0xff is no UTF-8
    expect(sponsorAddressOf('YUBiLmRm')).toBe('a@b.df');
  });
});
