// The wire protocol at its edges: malformed or mistyped input, unknown operations, foreign clients,
// preflight, the published keys. Every refusal has Cognito's shape and none is a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/helpers.ts';
import { callIdentity, signUpAndSignIn, startIdentityApp, type IdentityTestApp } from './test-support.ts';
import { identityErrorCode } from '@sp/shared';

describe.each(ENGINES)('identity protocol edges on %s', (engine) => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
  });
  afterAll(async () => t.close());

  const expectCognitoError = (
    response: { status: number; body: Record<string, unknown>; headers: Record<string, unknown> },
    type: string,
  ) => {
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe(type);
    expect(typeof response.body.message).toBe('string');
    // Our domain code beside Cognito's name, for the web app's translated texts.
    expect(response.body.code).toBe(identityErrorCode(type));
    expect(response.headers['content-type']).toContain('application/x-amz-json-1.1');
    expect(response.headers['x-amzn-errortype']).toBe(type);
  };

  it.each([
    ['malformed JSON', 'SignUp', '{"ClientId": '],
    ['a JSON array', 'SignUp', '[]'],
    ['a JSON string', 'InitiateAuth', '"hello"'],
    ['an empty body', 'InitiateAuth', ''],
    ['wrong types', 'SignUp', { ClientId: 1, Username: ['x'], Password: { a: 1 } }],
    ['missing members', 'ConfirmSignUp', { ClientId: 'sponsoringwebclient' }],
    ['a huge member', 'InitiateAuth', { ClientId: 'x'.repeat(5000), AuthFlow: 'USER_PASSWORD_AUTH' }],
    ['a token with odd characters', 'GetUser', { AccessToken: 'abc def' }],
    ['a non-integer limit', 'ListDevices', { AccessToken: 'a.b.c', Limit: 1.5 }],
  ])('answers InvalidParameterException for %s', async (_name, operation, body) => {
    expectCognitoError(await callIdentity(t.app, operation, body), 'InvalidParameterException');
  });

  it('words validation errors like Cognito', async () => {
    const response = await callIdentity(t.app, 'SignUp', { ClientId: 'sponsoringwebclient', Username: 'a@b.de' });
    expect(response.body.message).toBe(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must not be null",
    );
  });

  it.each(['DoesNotExist', 'constructor', '__proto__', 'toString', 'AdminCreateUser'])(
    'answers an unknown operation %s in Cognito shape',
    async (name) => {
      expectCognitoError(await callIdentity(t.app, name, {}), 'UnknownOperationException');
    },
  );

  it('answers a missing or foreign X-Amz-Target in Cognito shape', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      payload: '{}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().__type).toBe('UnknownOperationException');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
      payload: '{}',
    });
    expect(foreign.json().__type).toBe('UnknownOperationException');
  });

  it('refuses other media types and oversized bodies without a 5xx', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/xml', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json().__type).toBe('InvalidParameterException');
    const big = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      payload: JSON.stringify({ ClientId: 'x', Username: 'y'.repeat(200_000) }),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().__type).toBe('InvalidParameterException');
    // Plain JSON is accepted too.
    const json = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/json', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
      payload: JSON.stringify({ AccessToken: 'a.b.c' }),
    });
    expect(json.json().__type).toBe('NotAuthorizedException');
  });

  it('refuses a foreign client id as Cognito does', async () => {
    const response = await callIdentity(t.app, 'InitiateAuth', {
      ClientId: 'another',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'a@b.de', PASSWORD: 'x' },
    });
    expectCognitoError(response, 'ResourceNotFoundException');
    expect(response.body.message).toBe('User pool client another does not exist.');
  });

  it('refuses unsupported flows and challenges, and forged or stale sessions', async () => {
    const clientId = t.config.identity.clientId;
    expectCognitoError(
      await callIdentity(t.app, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: {} }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await callIdentity(t.app, 'InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'a@b.de' },
      }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await callIdentity(t.app, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'SMS_MFA',
        Session: 'x'.repeat(40),
        ChallengeResponses: {},
      }),
      'InvalidParameterException',
    );
    const forged = await callIdentity(t.app, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      ChallengeResponses: { USERNAME: 'a@b.de', SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    expectCognitoError(forged, 'NotAuthorizedException');
    expect(forged.body.message).toBe('Invalid session for the user, session is expired.');
  });

  it('answers a CORS preflight, granting only the own origin', async () => {
    const own = await t.app.inject({
      method: 'OPTIONS',
      url: '/identity/',
      headers: {
        origin: t.config.publicUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
    expect(own.headers['access-control-allow-headers']).toContain('x-amz-target');
    const foreign = await t.app.inject({
      method: 'OPTIONS',
      url: '/identity/',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(204);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the JWKS and an OpenID configuration for the pool only', async () => {
    const pool = t.config.identity.userPoolId;
    const jwks = await t.app.inject({ url: `/identity/${pool}/.well-known/jwks.json` });
    expect(jwks.statusCode).toBe(200);
    const key = jwks.json().keys[0];
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(key).not.toHaveProperty('d');
    const discovery = await t.app.inject({ url: `/identity/${pool}/.well-known/openid-configuration` });
    expect(discovery.json()).toMatchObject({
      issuer: `${t.config.publicUrl}/identity/${pool}`,
      jwks_uri: `${t.config.publicUrl}/identity/${pool}/.well-known/jwks.json`,
    });
    expect((await t.app.inject({ url: '/identity/other_Pool/.well-known/jwks.json' })).statusCode).toBe(404);
  });

  it('keeps the signing key across app instances on the same database', async () => {
    const { AccessToken } = await signUpAndSignIn(t);
    const before = (
      await t.app.inject({ url: `/identity/${t.config.identity.userPoolId}/.well-known/jwks.json` })
    ).json();
    const { buildApp } = await import('../app.ts');
    const second = await buildApp({ config: t.config, database: t.database, webDistDir: null, logger: false });
    try {
      expect(
        (await second.inject({ url: `/identity/${t.config.identity.userPoolId}/.well-known/jwks.json` })).json(),
      ).toEqual(before);
      const user = await callIdentity(second, 'GetUser', { AccessToken });
      expect(user.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('stores e-mails unique regardless of case at the database level', async () => {
    const { email } = await signUpAndSignIn(t);
    const { createIdentityRepository } = await import('./repository.ts');
    const { isUniqueViolation } = await import('../db/errors.ts');
    const repo = createIdentityRepository(t.database.db);
    await expect(
      repo.insertUser(
        {
          sub: '00000000-0000-4000-8000-000000000001',
          email: email.toUpperCase(),
          emailVerified: false,
          status: 'UNCONFIRMED',
          passwordHash: 'x',
          attributes: {},
        },
        new Date(),
      ),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});
