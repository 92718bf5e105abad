// Conformance with AWS's own client, the errors: @aws-sdk/client-cognito-identity-provider over real HTTP
// reads each refusal of the built-in provider under the name Cognito gives it.
import { describe, expect, it } from 'vitest';
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENGINES } from '../../test/helpers.ts';
import { sdkClientWorld } from '../../test/identity-sdk-client.ts';
import { PASSWORD, latestCode, lastOutboxId, newInvitationCode, uniqueEmail } from './test-support.ts';

/** The `__type` name the SDK read from an error answer. */
async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).name;
  }
  throw new Error('expected the call to fail');
}

describe.each(ENGINES)('AWS SDK client errors from the identity provider on %s', (engine) => {
  const world = sdkClientWorld(engine);

  it('names the errors as Cognito does', async () => {
    const { t, client, ClientId, signIn } = world;
    const email = uniqueEmail('errors');
    const invitationCode = await newInvitationCode(t.database.db);
    expect(await errorName(client.send(new SignUpCommand({ ClientId, Username: email, Password: PASSWORD })))).toBe(
      'UserLambdaValidationException',
    );
    expect(
      await errorName(
        client.send(
          new SignUpCommand({
            ClientId,
            Username: email,
            Password: PASSWORD,
            ClientMetadata: { invitationCode: 'NOPE-NOPE-NOPE' },
          }),
        ),
      ),
    ).toBe('UserLambdaValidationException');
    expect(
      await errorName(
        client.send(
          new SignUpCommand({
            ClientId,
            Username: email,
            Password: 'alllowercase1!',
            ClientMetadata: { invitationCode },
          }),
        ),
      ),
    ).toBe('InvalidPasswordException');
    expect(
      await errorName(
        client.send(
          new SignUpCommand({
            ClientId,
            Username: 'not-an-email',
            Password: PASSWORD,
            ClientMetadata: { invitationCode },
          }),
        ),
      ),
    ).toBe('InvalidParameterException');
    expect(
      await errorName(
        client.send(
          new SignUpCommand({
            ClientId: 'someoneelse',
            Username: email,
            Password: PASSWORD,
            ClientMetadata: { invitationCode },
          }),
        ),
      ),
    ).toBe('ResourceNotFoundException');

    // The invitation code may also come as ValidationData, as amazon-cognito-identity-js sends it.
    await client.send(
      new SignUpCommand({
        ClientId,
        Username: email,
        Password: PASSWORD,
        ValidationData: [{ Name: 'invitationCode', Value: invitationCode }],
      }),
    );
    const another = await newInvitationCode(t.database.db);
    expect(
      await errorName(
        client.send(
          new SignUpCommand({
            ClientId,
            Username: email.toUpperCase(),
            Password: PASSWORD,
            ClientMetadata: { invitationCode: another },
          }),
        ),
      ),
    ).toBe('UsernameExistsException');
    expect(await errorName(signIn(email, 'Wrong-Password-1'))).toBe('NotAuthorizedException');
    expect(await errorName(signIn(uniqueEmail('nobody'), PASSWORD))).toBe('NotAuthorizedException');

    // An expired code is told apart from a wrong one; a resend makes the old code useless.
    const code = await latestCode(t.database.db, email);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(
      await errorName(client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }))),
    ).toBe('ExpiredCodeException');
    const before = await lastOutboxId(t.database.db);
    const resent = await client.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    expect(resent.CodeDeliveryDetails?.Destination).toBe('e***@e***');
    const fresh = await latestCode(t.database.db, email, { after: before });
    if (fresh !== code) {
      expect(
        await errorName(client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }))),
      ).toBe('CodeMismatchException');
    }
    await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: fresh }));
  });

  it('answers ForgotPassword and ResendConfirmationCode alike for unknown addresses', async () => {
    const { client, ClientId } = world;
    const unknown = uniqueEmail('ghost');
    const forgot = await client.send(new ForgotPasswordCommand({ ClientId, Username: unknown }));
    expect(forgot.CodeDeliveryDetails).toEqual({
      Destination: 'g***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const resend = await client.send(new ResendConfirmationCodeCommand({ ClientId, Username: unknown }));
    expect(resend.CodeDeliveryDetails).toEqual({
      Destination: 'g***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect(
      await errorName(
        client.send(
          new ConfirmForgotPasswordCommand({
            ClientId,
            Username: unknown,
            ConfirmationCode: '123456',
            Password: PASSWORD,
          }),
        ),
      ),
    ).toBe('CodeMismatchException');
  });
});
