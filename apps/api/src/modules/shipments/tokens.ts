// Venue link tokens, made like invitation tokens: 32 random bytes, base64url, in the link; only their
// SHA-256 is stored, so a copy of the database holds no usable link.
import { createHash, randomBytes } from 'node:crypto';

export const newVenueToken = (): string => randomBytes(32).toString('base64url');

export const hashVenueToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Cheap shape check before any lookup: 32 bytes in base64url are 43 characters. */
export const looksLikeVenueToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
