// The API's bearer-token check: accepted tokens put the caller on request.user; expired, forged,
// foreign, id and revoked tokens get the same 401. Also the verifier's caches and the Cognito-pool
// verifier (driven against the built-in provider, which speaks the same protocol).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import type { FastifyInstance } from 'fastify';
import { ENGINES } from '../../test/helpers.ts';
import { requireUser } from './authenticate.ts';
import { createKeyStore } from '../identity/keys.ts';
import { loadSecretBox } from '../identity/secrets-key.ts';
import { createIdentityRepository } from '../identity/repository.ts';
import { issueTokens } from '../identity/tokens.ts';
import { createBuiltinVerifier, REVOCATION_TTL_MS } from '../identity/verifier.ts';
import { createAccessTokenVerifier } from '../identity/tokens.ts';
import { createCognitoVerifier, RECHECK_MS } from '../identity/verifier-cognito.ts';
import {
  PASSWORD,
  callIdentity,
  latestCode,
  lastOutboxId,
  signUpAndSignIn,
  startIdentityApp,
  type IdentityTestApp,
} from '../identity/test-support.ts';

const addTestRoute = (app: FastifyInstance) => {
  app.get('/api/test/me', { preHandler: app.authenticate }, async (request) => requireUser(request));
};

describe.each(ENGINES)('authenticate plugin on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  beforeAll(async () => {
    t = await startIdentityApp(engine, { routes: addTestRoute, listen: true });
    ClientId = t.config.identity.clientId;
  });
  afterAll(async () => t.close());

  const me = (token: string | undefined, scheme = 'Bearer') =>
    t.app.inject({ url: '/api/test/me', headers: token === undefined ? {} : { authorization: `${scheme} ${token}` } });
  const expectRefused = async (token: string | undefined, scheme?: string) => {
    const response = await me(token, scheme);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      type: 'urn:sp:problem:auth.unauthenticated',
      title: 'Unauthorized',
      status: 401,
      detail: 'Not authenticated',
      code: 'auth.unauthenticated',
    });
  };
  const afterRevocationDelay = () => t.clock.advance(REVOCATION_TTL_MS + 1);

  it('accepts a valid access token and puts the caller on request.user', async () => {
    const session = await signUpAndSignIn(t);
    const response = await me(session.AccessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sub: session.sub, email: session.email, username: session.sub });
    // Also from the cache, on a second call.
    expect((await me(session.AccessToken)).statusCode).toBe(200);
  });

  it('refuses missing, malformed, expired, forged and id tokens, and tokens of another client or issuer', async () => {
    const session = await signUpAndSignIn(t);
    await expectRefused(undefined);
    await expectRefused(session.AccessToken, 'Basic');
    await expectRefused('not-a-jwt');
    await expectRefused(`${session.AccessToken}.x`);
    await expectRefused(session.IdToken);
    const [header, payload, signature] = session.AccessToken.split('.');
    await expectRefused(`${header}.${payload}.${signature!.slice(0, -4)}AAAA`);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${tampered}.${signature}`);

    // Signed by a stranger under our key id.
    const stranger = await generateKeyPair('RS256');
    const kid = (JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string }).kid;
    await expectRefused(await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(stranger.privateKey));

    // Signed with our own key but for another client, or with another issuer.
    // The app's keys, opened with the app's secrets key (DATA_DIR/keys, decision 045).
    const secrets = await loadSecretBox(t.database.db, { key: null, dataDir: t.config.dataDir });
    const keys = await createKeyStore(t.database.db, secrets).get();
    const user = (await createIdentityRepository(t.database.db).findUserBySub(session.sub))!;
    const ref = { originJti: claims.origin_jti as string, authTime: new Date(), deviceKey: null };
    const issuer = `${t.config.publicUrl}/identity/${t.config.identity.userPoolId}`;
    const ours = await issueTokens(keys, { issuer, clientId: ClientId }, user, ref, t.clock());
    expect((await me(ours.accessToken)).statusCode).toBe(200);
    await expectRefused(
      (await issueTokens(keys, { issuer, clientId: 'otherclient' }, user, ref, t.clock())).accessToken,
    );
    await expectRefused(
      (await issueTokens(keys, { issuer: 'https://elsewhere.example/pool', clientId: ClientId }, user, ref, t.clock()))
        .accessToken,
    );

    t.clock.advance(60 * 60 * 1000 + 1000);
    await expectRefused(session.AccessToken);
  });

  it('refuses tokens after RevokeToken at once in the process that revoked them', async () => {
    const session = await signUpAndSignIn(t);
    expect((await me(session.AccessToken)).statusCode).toBe(200);
    await callIdentity(t.app, 'RevokeToken', { ClientId, Token: session.RefreshToken });
    await expectRefused(session.AccessToken);
  });

  it('refuses tokens at once when the session was never seen before its revocation', async () => {
    const session = await signUpAndSignIn(t);
    await callIdentity(t.app, 'RevokeToken', { ClientId, Token: session.RefreshToken });
    await expectRefused(session.AccessToken);
  });

  it('refuses every token of the user after GlobalSignOut', async () => {
    const first = await signUpAndSignIn(t);
    const second = await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: first.email, PASSWORD: first.password },
    });
    const otherToken = second.body.AuthenticationResult!.AccessToken;
    expect((await me(otherToken)).statusCode).toBe(200);
    await callIdentity(t.app, 'GlobalSignOut', { AccessToken: first.AccessToken });
    await expectRefused(first.AccessToken);
    await expectRefused(otherToken);
  });

  it('refuses the tokens of a deleted user', async () => {
    const session = await signUpAndSignIn(t);
    expect((await me(session.AccessToken)).statusCode).toBe(200);
    await callIdentity(t.app, 'DeleteUser', { AccessToken: session.AccessToken });
    afterRevocationDelay();
    await expectRefused(session.AccessToken);
  });

  it('refuses tokens after a password reset, and other sessions after a password change', async () => {
    const session = await signUpAndSignIn(t);
    const other = await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: session.email, PASSWORD },
    });
    const otherToken = other.body.AuthenticationResult!.AccessToken;
    await callIdentity(t.app, 'ChangePassword', {
      AccessToken: session.AccessToken,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'Changed-Password-2',
    });
    afterRevocationDelay();
    expect((await me(session.AccessToken)).statusCode).toBe(200);
    await expectRefused(otherToken);

    const before = await lastOutboxId(t.database.db);
    await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: session.email });
    const code = await latestCode(t.database.db, session.email, { after: before });
    await callIdentity(t.app, 'ConfirmForgotPassword', {
      ClientId,
      Username: session.email,
      ConfirmationCode: code,
      Password: 'Reset-Password-3',
    });
    afterRevocationDelay();
    await expectRefused(session.AccessToken);
  });

  it('verifies a token once, even for a burst of requests, and reads its revocation state at most once a second', async () => {
    const session = await signUpAndSignIn(t);
    const repo = createIdentityRepository(t.database.db);
    const keys = createKeyStore(
      t.database.db,
      await loadSecretBox(t.database.db, { key: null, dataDir: t.config.dataDir }),
    );
    const issuer = `${t.config.publicUrl}/identity/${t.config.identity.userPoolId}`;
    const verifySignature = createAccessTokenVerifier({ issuer, clientId: ClientId }, keys.jwks);
    const calls = { signature: 0, state: 0 };
    const verifier = createBuiltinVerifier({
      clock: t.clock,
      verifySignature: (token, now) => {
        calls.signature++;
        return verifySignature(token, now);
      },
      repo: {
        ...repo,
        sessionState: (originJti: string) => {
          calls.state++;
          return repo.sessionState(originJti);
        },
      },
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(session.AccessToken)));
    expect(results.every((r) => r?.sub === session.sub)).toBe(true);
    for (let i = 0; i < 50; i++) await verifier.verify(session.AccessToken);
    expect(calls.state).toBe(1);
    expect(calls.signature).toBe(1);
    // A forged token is refused by every caller of the burst and not remembered.
    const [header, payload] = session.AccessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    expect(await Promise.all([verifier.verify(forged), verifier.verify(forged)])).toEqual([null, null]);
    expect(await verifier.verify(forged)).toBeNull();
    expect(calls.signature).toBe(3);
    // Not of a JWT's shape, though it ends as the valid token does (the cache's lookup): refused
    // without a signature check, and the valid token stays cached.
    const [, , signature] = session.AccessToken.split('.');
    for (const misshapen of [
      `${header}.${payload}.${signature!.slice(0, 10)}!${signature!.slice(10)}`,
      `${header}.${payload}.x.${signature}`,
      ` ${session.AccessToken}`,
    ])
      expect(await verifier.verify(misshapen)).toBeNull();
    expect((await verifier.verify(session.AccessToken))?.sub).toBe(session.sub);
    expect(calls.signature).toBe(3);

    await callIdentity(t.app, 'GlobalSignOut', { AccessToken: session.AccessToken });
    afterRevocationDelay();
    expect(await verifier.verify(session.AccessToken)).toBeNull();
    expect(calls.state).toBe(2);
  });

  it('verifies tokens of a Cognito pool via its JWKS and GetUser (here: the built-in provider over HTTP)', async () => {
    const session = await signUpAndSignIn(t);
    const pool = t.config.identity.userPoolId;
    const verifier = createCognitoVerifier({
      region: 'eu-central-1',
      userPoolId: pool,
      clientId: ClientId,
      clock: t.clock,
      endpoint: `${t.baseUrl}/identity/`,
      jwksUri: `${t.baseUrl}/identity/${pool}/.well-known/jwks.json`,
      issuers: [`${t.config.publicUrl}/identity/${pool}`],
    });
    expect(await verifier.verify(session.AccessToken)).toEqual({
      sub: session.sub,
      email: session.email,
      username: session.sub,
    });
    expect(await verifier.verify(session.IdToken)).toBeNull();
    expect(await verifier.verify('x.y.z')).toBeNull();
    const foreign = createCognitoVerifier({
      region: 'eu-central-1',
      userPoolId: pool,
      clientId: 'otherclient',
      clock: t.clock,
      jwksUri: `${t.baseUrl}/identity/${pool}/.well-known/jwks.json`,
      issuers: [`${t.config.publicUrl}/identity/${pool}`],
    });
    expect(await foreign.verify(session.AccessToken)).toBeNull();

    await callIdentity(t.app, 'GlobalSignOut', { AccessToken: session.AccessToken });
    t.clock.advance(RECHECK_MS);
    expect(await verifier.verify(session.AccessToken)).toBeNull();
  });
});

describe('with a Cognito user pool configured', () => {
  it('does not mount the built-in provider and points the web app at Cognito', async () => {
    const t = await startIdentityApp('sqlite', {
      env: {
        COGNITO_USER_POOL_ID: 'eu-central-1_AbCdEf123',
        COGNITO_CLIENT_ID: 'abc123',
        COGNITO_REGION: 'eu-central-1',
      },
      routes: addTestRoute,
    });
    try {
      const response = await callIdentity(t.app, 'GetUser', { AccessToken: 'a.b.c' });
      expect(response.status).toBe(404);
      expect((await t.app.inject({ url: '/config.json' })).json().identityEndpoint).toBe(
        'https://cognito-idp.eu-central-1.amazonaws.com/',
      );
      // A token of the built-in kind is refused without asking anyone.
      const refused = await t.app.inject({ url: '/api/test/me', headers: { authorization: 'Bearer a.b.c' } });
      expect(refused.statusCode).toBe(401);
      // The deployment's secrets key is made with Cognito too: the server's signed tokens (upload URLs,
      // stream tickets) are keyed with it (decision 047), and the database names it.
      expect(fs.readFileSync(path.join(t.config.dataDir, 'keys', 'identity-secrets.key'))).toHaveLength(32);
      const named = await t.database.db
        .selectFrom('identity_keys')
        .select('kid')
        .where('name', '=', 'secrets-key')
        .executeTakeFirst();
      expect(named?.kid).toMatch(/^[\w-]{16}$/);
    } finally {
      await t.close();
    }
  });
});
