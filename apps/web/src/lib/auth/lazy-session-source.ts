/**
 * Loads amazon-cognito-identity-js (about 25 kB gzip) only when the browser holds a session,
 * so signed-out visitors do not download it. The library itself decides "no session" from the
 * same key: getCurrentUser() returns null exactly when LastAuthUser is absent.
 */
import { USER_POOL_ID_MAX, USER_POOL_ID_PATTERN } from '@sp/shared';
import type { CognitoConfig } from './cognito-session';
import type { SessionSource } from './auth-store';

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
      if (!source && !hasStoredUser(config.clientId)) return null;
      return (await load()).getSession();
    },
    async signOut() {
      if (!source && !hasStoredUser(config.clientId)) return;
      await (await load()).signOut();
    },
  };
}
