/**
 * The session amazon-cognito-identity-js keeps in localStorage, read without loading the library
 * (about 25 kB gzip): while the stored tokens are valid, getSession() of the library returns them
 * as they are, with no request, and so does this. It reads the same keys and applies the same
 * rule (CognitoUserSession.isValid: now minus the stored clock drift is before the expiry of both
 * the access and the id token). Anything else (expired tokens to refresh, missing or unreadable
 * ones) is left to the library.
 */
import type { AuthSession } from './auth-store';

type Claims = { exp?: unknown; sub?: unknown; email?: unknown };

function decodeClaims(jwt: string): Claims | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

function expiry(claims: Claims | null): number {
  return typeof claims?.exp === 'number' ? claims.exp : 0;
}

/** The stored session when both tokens are still valid at `nowMs`; otherwise null. */
export function readStoredSession(clientId: string, storage: Storage, nowMs = Date.now()): AuthSession | null {
  try {
    const prefix = `CognitoIdentityServiceProvider.${clientId}`;
    const username = storage.getItem(`${prefix}.LastAuthUser`);
    if (!username) return null;
    const idToken = storage.getItem(`${prefix}.${username}.idToken`);
    const accessToken = storage.getItem(`${prefix}.${username}.accessToken`);
    if (!idToken || !accessToken) return null;
    const clockDrift = Number.parseInt(storage.getItem(`${prefix}.${username}.clockDrift`) ?? '', 10) || 0;
    const idClaims = decodeClaims(idToken);
    const adjustedNow = Math.floor(nowMs / 1000) - clockDrift;
    if (!(adjustedNow < expiry(decodeClaims(accessToken)) && adjustedNow < expiry(idClaims))) return null;
    // A token without a subject is not one to build a user from here; the library decides.
    if (typeof idClaims?.sub !== 'string' || idClaims.sub === '') return null;
    return {
      user: { sub: idClaims.sub, email: typeof idClaims.email === 'string' ? idClaims.email : '' },
      accessToken,
    };
  } catch {
    return null;
  }
}
