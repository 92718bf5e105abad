// Signed upload URLs of the local blob store: the token carries the upload's id, key, organisation,
// event and expiry (lib/signed-tokens.ts), under keys derived from a server secret and the
// deployment's secrets key (decision 047). The key is part of the signed claims, so a token for one
// file can never write another.
import { z } from 'zod';
import type { ServerSecret } from '../../db/server-secrets.ts';
import { signToken, verifyToken, type TokenKeys } from '../../lib/signed-tokens.ts';
import type { UploadClaims } from './blob-port.ts';

const ZClaims = z.object({
  v: z.literal(1),
  u: z.string().min(1).max(64),
  k: z.string().min(1).max(500),
  o: z.number().int(),
  e: z.number().int(),
  x: z.number().int(),
});

/** The server secret the upload URLs' keys are derived from. */
export const UPLOAD_TOKENS: ServerSecret = { name: 'blob-upload-tokens', purpose: 'upload url tokens' };

export function signUploadToken(keys: TokenKeys, claims: UploadClaims): string {
  return signToken(keys, {
    v: 1,
    u: claims.uploadId,
    k: claims.key,
    o: claims.organisationId,
    e: claims.eventId,
    x: Math.floor(claims.expiresAt.getTime() / 1000),
  });
}

/** The claims when the signature holds and the token has not expired at `now`; otherwise null. */
export function verifyUploadToken(keys: TokenKeys, token: string, now: Date): UploadClaims | null {
  const claims = verifyToken(keys, token, ZClaims, now);
  if (!claims) return null;
  return {
    uploadId: claims.u,
    key: claims.k,
    organisationId: claims.o,
    eventId: claims.e,
    expiresAt: new Date(claims.x * 1000),
  };
}
