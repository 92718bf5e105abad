// The data directory's keys in a backup, sealed with the operator's passphrase: scrypt stretches the
// passphrase into an AES-256-GCM key, so a copied backup without the passphrase does not hand out the
// keys that seal two-factor secrets and sign agreements, and a wrong passphrase or a changed byte is
// refused by the authentication tag instead of restoring garbage.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

/** N = 2^17 (128 MiB of memory): slow to guess, about half a second to derive once per backup. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
export const MIN_PASSPHRASE_LENGTH = 12;

type SealedKeys = {
  format: 'scrypt-aes-256-gcm';
  scrypt: { N: number; r: number; p: number };
  salt: string;
  iv: string;
  tag: string;
  data: string;
};

class WrongPassphraseError extends Error {}

function derive(passphrase: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, { ...params, maxmem: SCRYPT.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The files (name → bytes) as one sealed JSON document. */
export async function sealKeys(files: Record<string, Buffer>, passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const { N, r, p } = SCRYPT;
  const cipher = createCipheriv('aes-256-gcm', await derive(passphrase, salt, { N, r, p }), iv);
  const plain = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.toString('base64')]))),
  );
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  const sealed: SealedKeys = {
    format: 'scrypt-aes-256-gcm',
    scrypt: { N, r, p },
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed, null, 2) + '\n';
}

export async function unsealKeys(text: string, passphrase: string): Promise<Record<string, Buffer>> {
  const sealed = JSON.parse(text) as SealedKeys;
  if (sealed.format !== 'scrypt-aes-256-gcm') throw new Error(`Unknown key sealing ${String(sealed.format)}`);
  const key = await derive(passphrase, Buffer.from(sealed.salt, 'base64'), sealed.scrypt);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  } catch {
    throw new WrongPassphraseError("The passphrase does not open this backup's keys (or keys.sealed was changed).");
  }
  const files = JSON.parse(plain.toString()) as Record<string, string>;
  return Object.fromEntries(Object.entries(files).map(([name, b64]) => [name, Buffer.from(b64, 'base64')]));
}
