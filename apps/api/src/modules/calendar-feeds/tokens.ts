// Feed tokens, made like invitation and venue tokens: 32 random bytes, base64url, in the feed's URL;
// only their SHA-256 is stored, so a copy of the database holds no usable feed link.
import { createHash, randomBytes } from 'node:crypto';

export const newFeedToken = (): string => randomBytes(32).toString('base64url');

export const hashFeedToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Cheap shape check before any lookup: 32 bytes in base64url are 43 characters. */
export const looksLikeFeedToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
