// Secrets at rest (decision 045): the provider must read a user's TOTP secret to check a code, so it
// cannot be hashed like a password, and it must read its own signing key to sign tokens. Both are
// sealed with AES-256-GCM under a key kept outside the database instead, so a dump or backup of the
// database alone gives neither the second factor nor the power to sign tokens away. What a value
// belongs to (the user's sub, the key row's name) is bound in as additional data: a sealed value
// copied onto another row does not open there.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { TokenKeys } from '../lib/signed-tokens.ts';

/** Marks a sealed value; a stored value without it was written before sealing (see `open`). */
const SEALED = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export type SecretBox = {
  /** Names the key without revealing it: kept in the database to notice a start with another key. */
  keyId: string;
  /** `boundTo`: the user's sub, or the key row's binding; a value opens only for what it was sealed for. */
  seal(secret: string, boundTo: string): string;
  /** The secret; throws when the value was sealed with another key, for another user or row, or altered. */
  open(stored: string, boundTo: string): string;
  isSealed(stored: string): boolean;
  /**
   * The keys of the server's signed tokens (decision 047): HKDF of `material` (a secret kept in the
   * database, the same for every process) with this key as the salt, so neither the database nor the
   * key alone signs a token. While rotating, tokens keyed from the previous key are accepted too.
   */
  deriveTokenKeys(material: Buffer, purpose: string): TokenKeys;
};

export const keyIdOf = (key: Buffer) =>
  createHmac('sha256', key).update('identity secrets key id').digest('base64url').slice(0, 16);

function openWith(key: Buffer, bytes: Buffer, boundTo: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(boundTo, 'utf8'))
    .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  // final() throws on a wrong key, another user's or row's value, or an altered one: the sign-in fails
  // closed instead of passing as if the user had no second factor.
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * `previous`: the key being rotated away from (IDENTITY_SECRETS_KEY_PREVIOUS). The start seals
 * everything again with `key`, but a process not yet restarted may still seal with the old one.
 */
export function createSecretBox(key: Buffer, previous: Buffer | null = null): SecretBox {
  for (const given of [key, previous]) {
    if (given && given.length !== SECRETS_KEY_BYTES)
      throw new Error(`The identity secrets key must be ${SECRETS_KEY_BYTES} bytes`);
  }
  const keyId = keyIdOf(key);
  const isSealed = (stored: string) => stored.startsWith(SEALED);
  const derive = (salt: Buffer, material: Buffer, purpose: string) =>
    Buffer.from(hkdfSync('sha256', material, salt, purpose, 32));
  return {
    keyId,
    isSealed,
    deriveTokenKeys(material, purpose) {
      const signWith = derive(key, material, purpose);
      return { signWith, acceptFrom: previous ? [signWith, derive(previous, material, purpose)] : [signWith] };
    },
    seal(secret, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(stored, boundTo) {
      // Written by a process of the release before sealing (a rolling update); sealed at the next start.
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('A sealed secret is cut short');
      try {
        return openWith(key, bytes, boundTo);
      } catch (error) {
        if (previous) return openWith(previous, bytes, boundTo);
        throw error;
      }
    },
  };
}
