import { describe, expect, it } from 'vitest';
import { normaliseSha256, sha256Hex, shortSha256 } from './sha256';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('sha256Hex', () => {
  it('hashes bytes as the standard test vector says', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc').buffer as ArrayBuffer)).toBe(ABC);
  });

  it('hashes a file, and one changed byte gives another hash', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 agreement');
    const original = await sha256Hex(new Blob([bytes]));
    const changed = bytes.slice();
    changed[changed.length - 1] = changed.at(-1)! ^ 1;
    expect(original).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex(new Blob([changed]))).not.toBe(original);
  });
});

describe('normaliseSha256', () => {
  it('accepts upper case, spaces and a prefix', () => {
    expect(normaliseSha256(`  SHA256: ${ABC.toUpperCase().slice(0, 32)} ${ABC.toUpperCase().slice(32)} `)).toBe(ABC);
  });

  it('refuses what is not 64 hex digits', () => {
    expect(normaliseSha256(ABC.slice(1))).toBeNull();
    expect(normaliseSha256(`${ABC.slice(1)}g`)).toBeNull();
    expect(normaliseSha256('')).toBeNull();
  });
});

describe('shortSha256', () => {
  it('keeps the first and last eight digits', () => {
    expect(shortSha256(ABC)).toBe('ba7816bf…f20015ad');
  });
});
