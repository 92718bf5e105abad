// Invitation tokens: 32 random bytes, base64url, in the mailed link; only their SHA-256 is stored, so
// a copy of the database does not hold usable links.
import { createHash, randomBytes } from 'node:crypto';

export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

export const hashInvitationToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Cheap shape check before any lookup: 32 bytes in base64url are 43 characters. */
export const looksLikeInvitationToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
