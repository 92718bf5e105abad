// Bearer tokens of a real Amazon Cognito user pool (COGNITO_* configuration): the signature is checked
// against the pool's published JWKS (fetched and cached by jose), and the user's e-mail, which access
// tokens do not carry, comes from Cognito's GetUser with that token. GetUser also refuses revoked tokens,
// so its answer is cached per token for RECHECK_MS (30 s): revocation reaches this API within that time.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { fail } from '../lib/errors.ts';
import type { Clock } from './clock.ts';
import { createTokenMap, isCompactJwt } from './token-map.ts';
import type { AccessTokenVerifier, AuthenticatedUser } from './verifier.ts';

export const RECHECK_MS = 30_000;
const MAX_CACHED_TOKENS = 20_000;

export type CognitoVerifierOptions = {
  region: string;
  userPoolId: string;
  clientId: string;
  clock: Clock;
  /** Overrides for tests: another Cognito-compatible provider. */
  endpoint?: string;
  jwksUri?: string;
  issuers?: string[];
};

type Entry = {
  claims: JWTPayload & { sub: string; username: string };
  user?: Promise<AuthenticatedUser | null>;
  checkedAt: number;
};

export function createCognitoVerifier(options: CognitoVerifierOptions): AccessTokenVerifier {
  const base = `https://cognito-idp.${options.region}.amazonaws.com`;
  const endpoint = options.endpoint ?? `${base}/`;
  const issuers = options.issuers ?? [
    `${base}/${options.userPoolId}`,
    `https://issuer-cognito-idp.${options.region}.amazonaws.com/${options.userPoolId}`,
  ];
  const jwks = createRemoteJWKSet(new URL(options.jwksUri ?? `${base}/${options.userPoolId}/.well-known/jwks.json`));
  const cache = createTokenMap<Entry>(MAX_CACHED_TOKENS);

  async function fetchUser(token: string, claims: Entry['claims']): Promise<AuthenticatedUser | null> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        body: JSON.stringify({ AccessToken: token }),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw fail('auth.provider-unavailable', 'Identity provider unavailable');
    }
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      UserAttributes?: Array<{ Name: string; Value?: string }>;
    };
    if (!response.ok) {
      if (response.status === 400 && /NotAuthorized|UserNotFound/.test(body.__type ?? '')) return null;
      throw fail('auth.provider-unavailable', 'Identity provider unavailable');
    }
    const email = body.UserAttributes?.find((a) => a.Name === 'email')?.Value;
    return email ? { sub: claims.sub, email, username: claims.username } : null;
  }

  return {
    async verify(token) {
      const now = options.clock();
      let entry = cache.get(token);
      if (!entry || (entry.claims.exp ?? 0) * 1000 <= now.getTime()) {
        cache.delete(token);
        if (!isCompactJwt(token)) return null;
        let payload: JWTPayload;
        try {
          ({ payload } = await jwtVerify(token, jwks, { issuer: issuers, algorithms: ['RS256'], currentDate: now }));
        } catch {
          return null;
        }
        if (payload.token_use !== 'access' || payload.client_id !== options.clientId) return null;
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
        entry = { claims: payload as Entry['claims'], checkedAt: 0 };
        cache.set(token, entry);
      }
      const current = entry;
      if (!current.user || now.getTime() - current.checkedAt >= RECHECK_MS || now.getTime() < current.checkedAt) {
        current.checkedAt = now.getTime();
        current.user = fetchUser(token, current.claims);
        current.user.catch(() => {
          current.user = undefined;
        });
      }
      return current.user;
    },
  };
}
