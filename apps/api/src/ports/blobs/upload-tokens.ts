// Signed upload URLs of the local blob store: the token carries the upload's id, key, organisation,
// event and expiry (lib/signed-tokens.ts), under a key derived from a server secret. The key is part
// of the signed claims, so a token for one file can never write another.
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { serverSecretKey } from '../../db/server-secrets.ts';
import { signToken, verifyToken } from '../../lib/signed-tokens.ts';
import type { UploadClaims } from './blob-port.ts';

const ZClaims = z.object({
  v: z.literal(1),
  u: z.string().min(1).max(64),
  k: z.string().min(1).max(500),
  o: z.number().int(),
  e: z.number().int(),
  x: z.number().int(),
});

/** Loads (or makes, once) the shared secret and derives the signing key from it. */
export const uploadTokenKeyLoader = (db: Db) => serverSecretKey(db, 'blob-upload-tokens', 'upload url tokens');

export function signUploadToken(key: Buffer, claims: UploadClaims): string {
  return signToken(key, {
    v: 1,
    u: claims.uploadId,
    k: claims.key,
    o: claims.organisationId,
    e: claims.eventId,
    x: Math.floor(claims.expiresAt.getTime() / 1000),
  });
}

/** The claims when the signature holds and the token has not expired at `now`; otherwise null. */
export function verifyUploadToken(key: Buffer, token: string, now: Date): UploadClaims | null {
  const claims = verifyToken(key, token, ZClaims, now);
  if (!claims) return null;
  return {
    uploadId: claims.u,
    key: claims.k,
    organisationId: claims.o,
    eventId: claims.e,
    expiresAt: new Date(claims.x * 1000),
  };
}
