// Conformance with AWS's own client: @aws-sdk/client-cognito-identity-provider over real HTTP against
// the built-in provider, through the whole account life cycle, with the issued tokens checked by a
// third-party verifier (aws-jwt-verify).
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { ENGINES } from '../../test/helpers.ts';
import { sdkClientWorld } from '../../test/identity-sdk-client.ts';
import { PASSWORD, latestCode, lastOutboxId, uniqueEmail } from './test-support.ts';

/** The `__type` name the SDK read from an error answer. */
async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).name;
  }
  throw new Error('expected the call to fail');
}

describe.each(ENGINES)('AWS SDK client against the identity provider on %s', (engine) => {
  const world = sdkClientWorld(engine);

  it('runs sign-up, confirmation, sign-in, refresh, profile changes, password changes and deletion', async () => {
    const { t, client, ClientId, signIn, register, jwks } = world;
    const email = uniqueEmail('Sdk.User');
    const { signUp, code } = await register(email);
    expect(signUp.UserConfirmed).toBe(false);
    expect(signUp.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(signUp.CodeDeliveryDetails).toEqual({
      Destination: 'S***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });

    expect(await errorName(signIn(email, PASSWORD))).toBe('UserNotConfirmedException');
    expect(
      await errorName(
        client.send(
          new ConfirmSignUpCommand({
            ClientId,
            Username: email,
            ConfirmationCode: code === '000000' ? '111111' : '000000',
          }),
        ),
      ),
    ).toBe('CodeMismatchException');
    await client.send(
      new ConfirmSignUpCommand({
        ClientId,
        Username: email.toUpperCase(),
        ConfirmationCode: code,
        ForceAliasCreation: true,
      }),
    );

    const first = await signIn(email.toLowerCase(), PASSWORD);
    const tokens = first.AuthenticationResult!;
    expect(tokens.TokenType).toBe('Bearer');
    expect(tokens.ExpiresIn).toBe(3600);
    expect(tokens.NewDeviceMetadata?.DeviceKey).toMatch(/^local_[0-9a-f-]{36}$/);

    // A third-party verifier accepts both tokens with our issuer and JWKS.
    const issuer = `${t.config.publicUrl}/identity/${t.config.identity.userPoolId}`;
    const idVerifier = JwtRsaVerifier.create({
      issuer,
      audience: ClientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an id token');
      },
    });
    const accessVerifier = JwtRsaVerifier.create({
      issuer,
      audience: null,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access' || payload.client_id !== ClientId) throw new Error('not our access token');
      },
    });
    const keys = await jwks();
    idVerifier.cacheJwks(keys as never);
    accessVerifier.cacheJwks(keys as never);
    const id = await idVerifier.verify(tokens.IdToken!);
    const access = await accessVerifier.verify(tokens.AccessToken!);
    expect(id).toMatchObject({
      sub: signUp.UserSub,
      email,
      email_verified: true,
      'cognito:username': signUp.UserSub,
      aud: ClientId,
      token_use: 'id',
      iss: issuer,
    });
    for (const claim of ['auth_time', 'exp', 'iat', 'jti', 'origin_jti', 'event_id']) expect(id).toHaveProperty(claim);
    expect(id.exp! - id.iat!).toBe(3600);
    expect(access).toMatchObject({
      sub: signUp.UserSub,
      client_id: ClientId,
      username: signUp.UserSub,
      scope: 'aws.cognito.signin.user.admin',
      token_use: 'access',
      origin_jti: id.origin_jti,
    });
    expect(access).not.toHaveProperty('aud');

    // Refresh keeps origin_jti and auth_time, and sends no new refresh token.
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    const again = await accessVerifier.verify(refreshed.AuthenticationResult!.AccessToken!);
    expect(again.origin_jti).toBe(access.origin_jti);
    expect(again.auth_time).toBe(access.auth_time);
    expect(again.jti).not.toBe(access.jti);

    const AccessToken = refreshed.AuthenticationResult!.AccessToken!;
    await client.send(
      new UpdateUserAttributesCommand({
        AccessToken,
        UserAttributes: [
          { Name: 'name', Value: 'Ada' },
          { Name: 'locale', Value: 'en' },
        ],
      }),
    );
    let user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.Username).toBe(signUp.UserSub);
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'sub', Value: signUp.UserSub },
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Ada' },
        { Name: 'locale', Value: 'en' },
      ]),
    );
    await client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['name'] }));
    user = await client.send(new GetUserCommand({ AccessToken }));
    expect(user.UserAttributes?.map((a) => a.Name)).not.toContain('name');
    expect(
      await errorName(client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['email'] }))),
    ).toBe('InvalidParameterException');

    // Change password: the old one stops working, this session goes on, a second session ends.
    const other = (await signIn(email, PASSWORD)).AuthenticationResult!;
    expect(
      await errorName(
        client.send(
          new ChangePasswordCommand({
            AccessToken,
            PreviousPassword: 'Wrong-pass-1',
            ProposedPassword: 'New-Password-2',
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    expect(
      await errorName(
        client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'weak' })),
      ),
    ).toBe('InvalidPasswordException');
    await client.send(
      new ChangePasswordCommand({ AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'New-Password-2' }),
    );
    expect(await errorName(signIn(email, PASSWORD))).toBe('NotAuthorizedException');
    await client.send(new GetUserCommand({ AccessToken }));
    expect(await errorName(client.send(new GetUserCommand({ AccessToken: other.AccessToken! })))).toBe(
      'NotAuthorizedException',
    );

    // Forgot password (mail in the user's locale, English now) ends every session.
    const before = await lastOutboxId(t.database.db);
    const forgot = await client.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    expect(forgot.CodeDeliveryDetails).toEqual({
      Destination: 'S***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const resetCode = await latestCode(t.database.db, email, { after: before });
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId,
        Username: email,
        ConfirmationCode: resetCode,
        Password: 'Third-Password-3',
      }),
    );
    expect(await errorName(client.send(new GetUserCommand({ AccessToken })))).toBe('NotAuthorizedException');
    expect(
      await errorName(
        client.send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    expect(
      await errorName(
        client.send(
          new ConfirmForgotPasswordCommand({
            ClientId,
            Username: email,
            ConfirmationCode: resetCode,
            Password: 'Fourth-Password-4',
          }),
        ),
      ),
    ).toBe('CodeMismatchException');

    // Global sign-out ends access and refresh tokens.
    const session = (await signIn(email, 'Third-Password-3')).AuthenticationResult!;
    await client.send(new GlobalSignOutCommand({ AccessToken: session.AccessToken! }));
    expect(await errorName(client.send(new GetUserCommand({ AccessToken: session.AccessToken! })))).toBe(
      'NotAuthorizedException',
    );
    expect(
      await errorName(
        client.send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'REFRESH_TOKEN',
            AuthParameters: { REFRESH_TOKEN: session.RefreshToken! },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');

    // RevokeToken ends the refresh token and the access tokens made from it, and only those.
    const a = (await signIn(email, 'Third-Password-3')).AuthenticationResult!;
    const b = (await signIn(email, 'Third-Password-3')).AuthenticationResult!;
    await client.send(new RevokeTokenCommand({ ClientId, Token: a.RefreshToken! }));
    await client.send(new RevokeTokenCommand({ ClientId, Token: a.RefreshToken! }));
    expect(await errorName(client.send(new GetUserCommand({ AccessToken: a.AccessToken! })))).toBe(
      'NotAuthorizedException',
    );
    await client.send(new GetUserCommand({ AccessToken: b.AccessToken! }));
    expect(await errorName(client.send(new RevokeTokenCommand({ ClientId, Token: b.AccessToken! })))).toBe(
      'UnsupportedTokenTypeException',
    );

    await client.send(new DeleteUserCommand({ AccessToken: b.AccessToken! }));
    expect(await errorName(client.send(new GetUserCommand({ AccessToken: b.AccessToken! })))).toBe(
      'NotAuthorizedException',
    );
    expect(await errorName(signIn(email, 'Third-Password-3'))).toBe('NotAuthorizedException');
  });
});
