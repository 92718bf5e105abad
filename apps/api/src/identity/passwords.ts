// Password hashing and policy. scrypt from node:crypto (memory-hard, per-user salt, parameters kept in
// the stored hash so they can be raised later without breaking old hashes), compared in constant time.
// The policy is Cognito's default: 8+ characters with upper, lower, digit and symbol.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { invalidPassword } from './errors.ts';

export type ScryptParams = { N: number; r: number; p: number };

/** 32 MiB and about 0.1 s per hash on the 2-core machines this runs on; runs in libuv's thread pool. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const PASSWORD_MAX = 256;
// Cognito's symbol set for password policies.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fixed hash to verify against when the user does not exist, so the answer takes as long. */
export function createDummyHash(params: ScryptParams): () => Promise<string> {
  let dummy: Promise<string> | undefined;
  return () => (dummy ??= hashPassword(randomBytes(12).toString('base64url'), params));
}

/** Throws InvalidPasswordException with Cognito's message for the first rule the password breaks. */
export function assertPasswordPolicy(password: string): void {
  const problem =
    password.length < 8
      ? 'Password not long enough'
      : password.length > PASSWORD_MAX
        ? 'Password is too long'
        : !/[a-z]/.test(password)
          ? 'Password must have lowercase characters'
          : !/[A-Z]/.test(password)
            ? 'Password must have uppercase characters'
            : !/[0-9]/.test(password)
              ? 'Password must have numeric characters'
              : !SYMBOLS.test(password)
                ? 'Password must have symbol characters'
                : null;
  if (problem) throw invalidPassword(`Password did not conform with policy: ${problem}`);
}
