// Sealing of two-factor secrets (decision 045): what a database dump shows, and that a sealed value
// opens only with its key, for its user, unaltered.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';
import { generateTotpSecret } from './totp.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));
  const secret = generateTotpSecret();

  it('seals a secret so the stored value shows nothing of it and fits the column', () => {
    const sealed = box.seal(secret, 'sub-1');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed.length).toBeLessThanOrEqual(128);
    // A fresh IV each time: the same secret sealed twice gives two values.
    expect(box.seal(secret, 'sub-1')).not.toBe(sealed);
    expect(box.open(sealed, 'sub-1')).toBe(secret);
  });

  it('does not open for another user, with another key, or when altered', () => {
    const sealed = box.seal(secret, 'sub-1');
    expect(() => box.open(sealed, 'sub-2')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'sub-1')).toThrow();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => box.open(sealed.slice(0, -1) + last, 'sub-1')).toThrow();
    expect(() => box.open('v1.AAAA', 'sub-1')).toThrow('cut short');
  });

  it('reads a secret stored before sealing as it is', () => {
    expect(box.isSealed(secret)).toBe(false);
    expect(box.open(secret, 'sub-1')).toBe(secret);
  });

  it('names the key by an id that is the same for the same key and differs for another', () => {
    const key = randomBytes(32);
    expect(createSecretBox(key).keyId).toBe(createSecretBox(Buffer.from(key)).keyId);
    expect(createSecretBox(randomBytes(32)).keyId).not.toBe(createSecretBox(key).keyId);
    expect(createSecretBox(key).keyId).not.toContain(key.toString('base64url').slice(0, 8));
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });

  it("derives the token keys from the database's secret and the key together, and the previous key's while rotating", () => {
    const material = randomBytes(32);
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createSecretBox(oldKey).deriveTokenKeys(material, 'upload url tokens');
    expect(before.acceptFrom).toEqual([before.signWith]);
    // Another key, or another purpose, with the same stored secret: another key.
    expect(createSecretBox(newKey).deriveTokenKeys(material, 'upload url tokens').signWith).not.toEqual(
      before.signWith,
    );
    expect(createSecretBox(oldKey).deriveTokenKeys(material, 'chat stream tickets').signWith).not.toEqual(
      before.signWith,
    );
    expect(createSecretBox(oldKey).deriveTokenKeys(material, 'upload url tokens')).toEqual(before);
    // Rotating: signs with the new key's, still accepts the old key's.
    const rotating = createSecretBox(newKey, oldKey).deriveTokenKeys(material, 'upload url tokens');
    expect(rotating.signWith).not.toEqual(before.signWith);
    expect(rotating.acceptFrom).toEqual([rotating.signWith, before.signWith]);
  });
});
