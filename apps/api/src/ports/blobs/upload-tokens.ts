// Signed upload URLs of the local blob store: the token carries the upload's id, key, organisation,
// event and expiry, signed with HMAC-SHA256 under a key derived from a secret made on first start and
// kept in the database (so every process and restart accepts the same tokens). The key is part of the
// signed claims, so a token for one file can never write another.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import type { UploadClaims } from './blob-port.ts';

const SECRET_NAME = 'blob-upload-tokens';
const MAX_TOKEN_LENGTH = 2048;

const ZClaims = z.object({
  v: z.literal(1),
  u: z.string().min(1).max(64),
  k: z.string().min(1).max(500),
  o: z.number().int(),
  e: z.number().int(),
  x: z.number().int(),
});

/** Loads (or makes, once) the shared secret and derives the signing key from it. */
export function uploadTokenKeyLoader(db: Db): () => Promise<Buffer> {
  let loading: Promise<Buffer> | undefined;
  const load = async () => {
    await db
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64'), created_at: toDbTime(new Date()) })
      // Two processes starting at once: the first insert wins and both read it back.
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('secret')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow();
    return Buffer.from(hkdfSync('sha256', Buffer.from(row.secret, 'base64'), Buffer.alloc(0), 'upload url tokens', 32));
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signUploadToken(key: Buffer, claims: UploadClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      u: claims.uploadId,
      k: claims.key,
      o: claims.organisationId,
      e: claims.eventId,
      x: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims when the signature holds and the token has not expired at `now`; otherwise null. */
export function verifyUploadToken(key: Buffer, token: string, now: Date): UploadClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ZClaims.safeParse(decoded);
  if (!parsed.success) return null;
  const claims = parsed.data;
  if (claims.x * 1000 <= now.getTime()) return null;
  return {
    uploadId: claims.u,
    key: claims.k,
    organisationId: claims.o,
    eventId: claims.e,
    expiresAt: new Date(claims.x * 1000),
  };
}
