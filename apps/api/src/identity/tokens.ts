// The tokens the provider issues, with Cognito's claims: RS256 id and access tokens (1 h), an opaque
// refresh token (30 d, stored only as its SHA-256), and the short-lived signed `Session` string that
// carries a sign-in between challenge steps. Verification of access tokens is shared by the provider's
// own operations and by the API's authenticate plugin.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, createLocalJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { IdentityUser } from './repository.ts';
import type { Jwks, KeyMaterial } from './keys.ts';

export const ID_TOKEN_TTL_S = 60 * 60;
export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CHALLENGE_SESSION_TTL_S = 3 * 60;
export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

export type TokenSettings = { issuer: string; clientId: string };

export type SessionRef = { originJti: string; authTime: Date; deviceKey: string | null };

export type AccessClaims = {
  sub: string;
  username: string;
  clientId: string;
  originJti: string;
  deviceKey: string | null;
  iat: number;
  exp: number;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function newRefreshToken(): string {
  return randomBytes(48).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Id and access token for one issuance; `cognito:username` and `username` are the sub, as in a pool that signs in by e-mail. */
export async function issueTokens(
  keys: KeyMaterial,
  settings: TokenSettings,
  user: IdentityUser,
  session: SessionRef,
  now: Date,
): Promise<{ idToken: string; accessToken: string }> {
  const iat = seconds(now);
  const common = { origin_jti: session.originJti, event_id: randomUUID(), auth_time: seconds(session.authTime) };
  const sign = (payload: JWTPayload, ttl: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: keys.signing.kid })
      .setIssuer(settings.issuer)
      .setSubject(user.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(randomUUID())
      .sign(keys.signing.privateKey);

  const idToken = await sign(
    {
      ...user.attributes,
      email: user.email,
      email_verified: user.emailVerified,
      'cognito:username': user.sub,
      aud: settings.clientId,
      token_use: 'id',
      ...common,
    },
    ID_TOKEN_TTL_S,
  );
  const accessToken = await sign(
    {
      ...(session.deviceKey ? { device_key: session.deviceKey } : {}),
      client_id: settings.clientId,
      username: user.sub,
      scope: ACCESS_SCOPE,
      token_use: 'access',
      ...common,
    },
    ACCESS_TOKEN_TTL_S,
  );
  return { idToken, accessToken };
}

export class AccessTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'Access Token has expired' : 'Invalid Access Token');
  }
}

/** Checks signature, issuer, expiry, token_use and client; says nothing yet about revocation. */
export function createAccessTokenVerifier(settings: TokenSettings, jwks: () => Promise<Jwks>) {
  let keySet: { jwks: Jwks; resolve: ReturnType<typeof createLocalJWKSet> } | undefined;
  return async function verifyAccessTokenSignature(token: string, now: Date): Promise<AccessClaims> {
    const current = await jwks();
    if (keySet?.jwks !== current) keySet = { jwks: current, resolve: createLocalJWKSet(current) };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet.resolve, {
        issuer: settings.issuer,
        algorithms: ['RS256'],
        currentDate: now,
      }));
    } catch (error) {
      throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
    const claims = {
      sub: payload.sub,
      username: payload.username,
      clientId: payload.client_id,
      originJti: payload.origin_jti,
      deviceKey: payload.device_key ?? null,
      iat: payload.iat,
      exp: payload.exp,
    };
    if (
      payload.token_use !== 'access' ||
      claims.clientId !== settings.clientId ||
      typeof claims.sub !== 'string' ||
      typeof claims.username !== 'string' ||
      typeof claims.originJti !== 'string' ||
      (claims.deviceKey !== null && typeof claims.deviceKey !== 'string') ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number'
    ) {
      throw new AccessTokenError('invalid');
    }
    return claims as AccessClaims;
  };
}

export type AccessTokenSignatureVerifier = ReturnType<typeof createAccessTokenVerifier>;

/** Revoked when the session is gone or revoked, or the token predates the user's tokens_valid_after. */
export function isRevoked(
  claims: Pick<AccessClaims, 'iat' | 'sub'>,
  state: { userSub: string; revoked: boolean; tokensValidAfter: Date | null } | undefined,
): boolean {
  if (!state || state.revoked || state.userSub !== claims.sub) return true;
  // iat has whole seconds; a token of the same second is caught by the session revocation instead.
  return state.tokensValidAfter !== null && claims.iat < seconds(state.tokensValidAfter);
}

export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA';
export type ChallengeSession = { sub: string; challenge: ChallengeName; authTime: Date; deviceKey: string | null };

export async function signChallengeSession(keys: KeyMaterial, session: ChallengeSession, now: Date): Promise<string> {
  const iat = seconds(now);
  return new SignJWT({ ch: session.challenge, at: seconds(session.authTime), dk: session.deviceKey })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHALLENGE_SESSION_TTL_S)
    .sign(keys.sessionKey);
}

export async function readChallengeSession(
  keys: KeyMaterial,
  token: string,
  now: Date,
): Promise<ChallengeSession | null> {
  try {
    const { payload } = await jwtVerify(token, keys.sessionKey, { algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.at !== 'number') return null;
    if (payload.ch !== 'NEW_PASSWORD_REQUIRED' && payload.ch !== 'SOFTWARE_TOKEN_MFA') return null;
    return {
      sub: payload.sub,
      challenge: payload.ch,
      authTime: new Date(payload.at * 1000),
      deviceKey: typeof payload.dk === 'string' ? payload.dk : null,
    };
  } catch {
    return null;
  }
}
