/**
 * SessionSource adapter for amazon-cognito-identity-js against the identity endpoint of
 * /config.json. The library keeps tokens in localStorage, refreshes them in getSession() and
 * clears them when a refresh is refused; this file only translates its callbacks.
 */
import { CognitoUserPool, type CognitoUser, type CognitoUserSession } from 'amazon-cognito-identity-js';
import type { RuntimeConfig } from '@sp/shared';
import type { AuthSession, SessionSource } from './auth-store';

export type CognitoConfig = Pick<RuntimeConfig, 'userPoolId' | 'clientId' | 'identityEndpoint'>;

export function createUserPool(config: CognitoConfig): CognitoUserPool {
  return new CognitoUserPool({
    UserPoolId: config.userPoolId,
    ClientId: config.clientId,
    endpoint: config.identityEndpoint,
  });
}

/** The library defaults to SRP; our identity provider (and this app) use USER_PASSWORD_AUTH. */
export function withPasswordAuth(user: CognitoUser): CognitoUser {
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
  return user;
}

function readSession(user: CognitoUser): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      if (error || !session) reject(error ?? new Error('No current user'));
      else resolve(session);
    });
  });
}

function toAuthSession(session: CognitoUserSession): AuthSession {
  const claims = session.getIdToken().decodePayload() as { sub?: unknown; email?: unknown };
  return {
    user: {
      sub: typeof claims.sub === 'string' ? claims.sub : '',
      email: typeof claims.email === 'string' ? claims.email : '',
    },
    accessToken: session.getAccessToken().getJwtToken(),
  };
}

export function createCognitoSessionSource(pool: CognitoUserPool): SessionSource {
  function currentUser(): CognitoUser | null {
    const user = pool.getCurrentUser();
    return user ? withPasswordAuth(user) : null;
  }

  return {
    async getSession() {
      const user = currentUser();
      if (!user) return null;
      try {
        const session = await readSession(user);
        return session.isValid() ? toAuthSession(session) : null;
      } catch {
        return null;
      }
    },
    async signOut() {
      const user = currentUser();
      if (!user) return;
      // Revokes the refresh token at the provider (the library retries with back-off), then
      // clears local tokens; clearing again covers the paths where the library skips it.
      await new Promise<void>((resolve) => user.signOut(() => resolve()));
      user.signOut();
    },
  };
}
