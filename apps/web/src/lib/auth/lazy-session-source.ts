/**
 * Loads amazon-cognito-identity-js (about 25 kB gzip) only when it has work to do: not for
 * signed-out visitors (the library itself decides "no session" from the same key:
 * getCurrentUser() returns null exactly when LastAuthUser is absent), and not while the stored
 * tokens are valid (stored-session.ts reads them as the library would). It is loaded to refresh
 * expired tokens and to sign out, so a signed-in page's first API request does not wait for it.
 */
import { USER_POOL_ID_MAX, USER_POOL_ID_PATTERN } from '@sp/shared';
import type { CognitoConfig } from './cognito-session';
import type { SessionSource } from './auth-store';
import { readStoredSession } from './stored-session';

/** Spec section 5: present, at most 55 characters, form prefix_suffix (checked as the library does). */
export function isValidUserPoolId(value: string): boolean {
  return value.length > 0 && value.length <= USER_POOL_ID_MAX && USER_POOL_ID_PATTERN.test(value);
}

function hasStoredUser(clientId: string): boolean {
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`) !== null;
  } catch {
    return false;
  }
}

export function createLazyCognitoSessionSource(config: CognitoConfig): SessionSource {
  if (!isValidUserPoolId(config.userPoolId)) throw new Error('Invalid userPoolId in /config.json');
  let source: Promise<SessionSource> | null = null;
  function load(): Promise<SessionSource> {
    source ??= import('./cognito-session').then(({ createCognitoSessionSource, createUserPool }) =>
      createCognitoSessionSource(createUserPool(config)),
    );
    return source;
  }

  return {
    async getSession() {
      if (!source) {
        if (!hasStoredUser(config.clientId)) return null;
        const stored = readStoredSession(config.clientId, localStorage);
        if (stored) return stored;
      }
      return (await load()).getSession();
    },
    async signOut() {
      if (!source && !hasStoredUser(config.clientId)) return;
      await (await load()).signOut();
    },
  };
}
