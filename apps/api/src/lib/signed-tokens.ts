// Short-lived signed tokens (upload URLs, stream tickets): base64url JSON claims with an expiry `x`
// (seconds), a dot, and an HMAC-SHA256 of the claims. Stateless, so every process accepts the tokens
// of the others; what a token allows is in its signed claims, checked against a schema when read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

const MAX_TOKEN_LENGTH = 2048;

/**
 * The keys of one kind of token: new tokens are signed with `signWith`; a token signed with any of
 * `acceptFrom` is accepted (while the deployment's key is being changed, the key derived from the old
 * one too, so the tokens of a process not yet restarted still hold; decision 047).
 */
export type TokenKeys = { signWith: Buffer; acceptFrom: readonly Buffer[] };

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signToken(keys: TokenKeys, claims: { x: number } & Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(keys.signWith, payload).toString('base64url')}`;
}

/** The claims when the signature holds, they match `schema` and have not expired at `now`; else null. */
export function verifyToken<S extends z.ZodType<{ x: number }>>(
  keys: TokenKeys,
  token: string,
  schema: S,
  now: Date,
): z.infer<S> | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const signedWithOne = keys.acceptFrom.some((key) => {
    const expected = mac(key, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedWithOne) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success || parsed.data.x * 1000 <= now.getTime()) return null;
  return parsed.data;
}
