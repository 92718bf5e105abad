// The profile's security section against the provider (issue 21, point 6): changing the password
// while signed in, two-factor sign-in with a software token (set up, required, replay refused,
// throttled, turned off, reset by the operator), and the signed-in devices (listed, one signed out,
// its tokens refused by the API too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES } from '../../test/helpers.ts';
import { runAdmin } from '../admin.ts';
import { toDbBool } from '../db/values.ts';
import { requireUser } from '../plugins/authenticate.ts';
import { CODE_FAILURES_PER_HOUR } from './throttle.ts';
import { base32Decode, hotp, totpStep, TOTP_STEP_SECONDS } from './totp.ts';
import { PASSWORD, callIdentity, signUpAndSignIn, startIdentityApp, type IdentityTestApp } from './test-support.ts';

const addTestRoute = (app: FastifyInstance) => {
  app.get('/api/test/me', { preHandler: app.authenticate }, async (request) => requireUser(request));
};

describe.each(ENGINES)('account security on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  beforeAll(async () => {
    t = await startIdentityApp(engine, { routes: addTestRoute });
    ClientId = t.config.identity.clientId;
  });
  afterAll(async () => t.close());

  const passwordAuth = (email: string, password = PASSWORD, deviceKey?: string) =>
    callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
    });
  const apiStatus = async (token: string) =>
    (await t.app.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
  const codeAt = (secret: string, date: Date) => hotp(base32Decode(secret), totpStep(date));
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  /** Signs in and confirms the device the sign-in announced, as amazon-cognito-identity-js does. */
  async function signInOnDevice(email: string, name: string) {
    const result = (await passwordAuth(email)).body.AuthenticationResult as unknown as {
      AccessToken: string;
      RefreshToken: string;
      NewDeviceMetadata: { DeviceKey: string };
    };
    const DeviceKey = result.NewDeviceMetadata.DeviceKey;
    await callIdentity(t.app, 'ConfirmDevice', { AccessToken: result.AccessToken, DeviceKey, DeviceName: name });
    return { ...result, DeviceKey };
  }

  it('changes the password with the old one: wrong refused and throttled, rules applied, other sessions ended', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const other = await signUpAndSignIn(t, email).catch(() => null);
    expect(other).toBeNull(); // the address is taken: the second session comes from a second sign-in
    const second = (await passwordAuth(email)).body.AuthenticationResult!;

    const weak = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'short',
    });
    expect(weak.body.__type).toBe('InvalidPasswordException');
    const wrong = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: 'Wrong-Horse-1',
      ProposedPassword: 'New-Battery-Staple-9',
    });
    expect(wrong.body.__type).toBe('NotAuthorizedException');

    const changed = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'New-Battery-Staple-9',
    });
    expect(changed.status).toBe(200);
    expect(await apiStatus(AccessToken)).toBe(200);
    expect(await apiStatus(second.AccessToken)).toBe(401);
    expect((await passwordAuth(email)).body.__type).toBe('NotAuthorizedException');
    expect((await passwordAuth(email, 'New-Battery-Staple-9')).body.AuthenticationResult).toBeDefined();

    // Five wrong old passwords lock the change (LimitExceededException), even with the right one.
    for (let i = 0; i < 5; i++) {
      await callIdentity(t.app, 'ChangePassword', {
        AccessToken,
        PreviousPassword: `Wrong-Horse-${i}`,
        ProposedPassword: 'Another-Battery-7',
      });
    }
    const locked = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: 'New-Battery-Staple-9',
      ProposedPassword: 'Another-Battery-7',
    });
    expect(locked.body.__type).toBe('LimitExceededException');
  });

  it('sets up a software token, asks for its code at sign-in, refuses wrong and replayed codes, and turns off', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    // Turning on before a verified token is refused.
    const early = await callIdentity(t.app, 'SetUserMFAPreference', {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(early.body.__type).toBe('InvalidParameterException');

    const secret = (await callIdentity(t.app, 'AssociateSoftwareToken', { AccessToken })).body.SecretCode as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const mismatch = await callIdentity(t.app, 'VerifySoftwareToken', {
      AccessToken,
      UserCode: otherCode(codeAt(secret, t.clock())),
    });
    expect(mismatch.body.__type).toBe('EnableSoftwareTokenMFAException');
    const verified = await callIdentity(t.app, 'VerifySoftwareToken', {
      AccessToken,
      UserCode: codeAt(secret, t.clock()),
      FriendlyDeviceName: 'Phone',
    });
    expect(verified.body).toEqual({ Status: 'SUCCESS' });
    await callIdentity(t.app, 'SetUserMFAPreference', {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    const user = await callIdentity(t.app, 'GetUser', { AccessToken });
    expect(user.body).toMatchObject({ PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    // The secret is never handed out again.
    expect(JSON.stringify(user.body)).not.toContain(secret);

    // The code used for the set-up is spent: the next step's code signs in.
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const challenge = await passwordAuth(email);
    expect(challenge.body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    expect(challenge.body.AuthenticationResult).toBeUndefined();
    const respond = (code: string, Session = challenge.body.Session) =>
      callIdentity(t.app, 'RespondToAuthChallenge', {
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    const code = codeAt(secret, t.clock());
    expect((await respond(otherCode(code))).body.__type).toBe('CodeMismatchException');
    const signedIn = await respond(code);
    expect(signedIn.body.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    expect(await apiStatus(signedIn.body.AuthenticationResult!.AccessToken)).toBe(200);

    // The same code again, in a new sign-in within its 30 seconds: refused (replay).
    const again = await passwordAuth(email);
    expect((await respond(code, again.body.Session)).body.__type).toBe('CodeMismatchException');

    // Turned off: the password alone signs in again.
    await callIdentity(t.app, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: false } });
    expect((await passwordAuth(email)).body.AuthenticationResult).toBeDefined();
  });

  it('throttles wrong sign-in codes per address', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const secret = (await callIdentity(t.app, 'AssociateSoftwareToken', { AccessToken })).body.SecretCode as string;
    await callIdentity(t.app, 'VerifySoftwareToken', { AccessToken, UserCode: codeAt(secret, t.clock()) });
    await callIdentity(t.app, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true } });
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const { Session } = (await passwordAuth(email)).body;
    const respond = (code: string) =>
      callIdentity(t.app, 'RespondToAuthChallenge', {
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    const right = codeAt(secret, t.clock());
    for (let i = 0; i < CODE_FAILURES_PER_HOUR; i++) {
      expect((await respond(otherCode(right))).body.__type).toBe('CodeMismatchException');
    }
    expect((await respond(right)).body.__type).toBe('LimitExceededException');
  });

  it('keeps the authenticator secret sealed in the database, and a secret moved to another user signs nobody in', async () => {
    const totpColumns = (email: string) =>
      t.database.db
        .selectFrom('identity_users')
        .select(['sub', 'totp_secret', 'totp_pending_secret'])
        .where('email_normalised', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
    const first = await signUpAndSignIn(t);
    const secret = (await callIdentity(t.app, 'AssociateSoftwareToken', { AccessToken: first.AccessToken })).body
      .SecretCode as string;
    const pending = await totpColumns(first.email);
    expect(pending.totp_pending_secret).toMatch(/^v1\./);
    expect(pending.totp_pending_secret).not.toContain(secret);
    await callIdentity(t.app, 'VerifySoftwareToken', {
      AccessToken: first.AccessToken,
      UserCode: codeAt(secret, t.clock()),
    });
    const active = await totpColumns(first.email);
    expect(active.totp_secret).toMatch(/^v1\./);
    expect(active.totp_secret).not.toContain(secret);
    expect(active.totp_pending_secret).toBeNull();

    // Someone with write access to the table copies the first user's sealed secret onto a second
    // user's row, to sign in as the second with the first one's authenticator: it does not open there.
    const second = await signUpAndSignIn(t);
    await t.database.db
      .updateTable('identity_users')
      .set({ totp_secret: active.totp_secret, totp_enabled: toDbBool(true) })
      .where('email_normalised', '=', second.email.toLowerCase())
      .execute();
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const challenge = await passwordAuth(second.email);
    expect(challenge.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const answer = await callIdentity(t.app, 'RespondToAuthChallenge', {
      ClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: second.email, SOFTWARE_TOKEN_MFA_CODE: codeAt(secret, t.clock()) },
    });
    expect(answer.body.AuthenticationResult).toBeUndefined();
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });

  it('lets the operator turn two-factor sign-in off for a user who lost the authenticator', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const secret = (await callIdentity(t.app, 'AssociateSoftwareToken', { AccessToken })).body.SecretCode as string;
    await callIdentity(t.app, 'VerifySoftwareToken', { AccessToken, UserCode: codeAt(secret, t.clock()) });
    await callIdentity(t.app, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true } });
    expect((await passwordAuth(email)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const lines: string[] = [];
    await runAdmin(['identity', 'reset-mfa', email], (line) => lines.push(line), { database: t.database });
    expect(lines).toEqual([`Two-factor sign-in turned off for ${email}.`]);
    expect((await passwordAuth(email)).body.AuthenticationResult).toBeDefined();
    // The old secret is gone: turning on again needs a new set-up.
    const again = await callIdentity(t.app, 'SetUserMFAPreference', {
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true },
    });
    expect(again.body.__type).toBe('InvalidParameterException');
    await expect(
      runAdmin(['identity', 'reset-mfa', 'nobody@example.org'], () => undefined, { database: t.database }),
    ).rejects.toThrow('No user with the address');
  });

  it('lets the operator create an account whose owner chooses a password at the first sign-in', async () => {
    const email = `operator-made-${Date.now()}@example.org`;
    const lines: string[] = [];
    // The operator's command runs in the deployment's DATA_DIR, where the secrets key is (decision 045).
    const operator = { database: t.database, env: { ...process.env, DATA_DIR: t.config.dataDir } };
    await runAdmin(['identity', 'create-user', email], (line) => lines.push(line), operator);
    const temporary = /temporary password: (\S+)$/.exec(lines[0] ?? '')?.[1];
    expect(temporary).toBeDefined();
    const first = await passwordAuth(email, temporary);
    expect(first.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await callIdentity(t.app, 'RespondToAuthChallenge', {
      ClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: PASSWORD },
    });
    expect(chosen.body.AuthenticationResult).toBeDefined();
    // From now on the chosen password signs in without a challenge; the temporary one no more.
    expect((await passwordAuth(email)).body.AuthenticationResult).toBeDefined();
    expect((await passwordAuth(email, temporary)).body.__type).toBe('NotAuthorizedException');
    await expect(runAdmin(['identity', 'create-user', email], () => undefined, operator)).rejects.toThrow();
    await expect(
      runAdmin(
        ['identity', 'create-user', `weak-${email}`, '--temporary-password', 'Passwort1!'],
        () => undefined,
        operator,
      ),
      // The command speaks English: the reason too, whatever the users' default language.
    ).rejects.toThrow('Password did not conform with policy: This password is among the most common passwords');
  });

  it('lists the signed-in devices and signs one out: its access and refresh tokens are refused', async () => {
    const { email } = await signUpAndSignIn(t);
    const laptop = await signInOnDevice(email, 'Laptop browser');
    const phone = await signInOnDevice(email, 'Phone browser');

    const listed = await callIdentity(t.app, 'ListDevices', { AccessToken: laptop.AccessToken });
    const names = (
      listed.body.Devices as Array<{ DeviceKey: string; DeviceAttributes: Array<{ Name: string; Value: string }> }>
    )
      .map((d) => d.DeviceAttributes.find((a) => a.Name === 'device_name')?.Value)
      .sort();
    expect(names).toEqual(['Laptop browser', 'Phone browser']);

    // Another user cannot sign this one's device out.
    const stranger = await signUpAndSignIn(t);
    const foreign = await callIdentity(t.app, 'ForgetDevice', {
      AccessToken: stranger.AccessToken,
      DeviceKey: phone.DeviceKey,
    });
    expect(foreign.body.__type).toBe('ResourceNotFoundException');
    expect(await apiStatus(phone.AccessToken)).toBe(200);

    const forgotten = await callIdentity(t.app, 'ForgetDevice', {
      AccessToken: laptop.AccessToken,
      DeviceKey: phone.DeviceKey,
    });
    expect(forgotten.status).toBe(200);
    expect(await apiStatus(phone.AccessToken)).toBe(401);
    expect((await callIdentity(t.app, 'GetUser', { AccessToken: phone.AccessToken })).body.__type).toBe(
      'NotAuthorizedException',
    );
    const refresh = await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: phone.RefreshToken },
    });
    expect(refresh.body.__type).toBe('NotAuthorizedException');
    expect(await apiStatus(laptop.AccessToken)).toBe(200);

    // A device signed out from (its refresh token revoked) leaves the list too.
    await callIdentity(t.app, 'RevokeToken', { ClientId, Token: laptop.RefreshToken });
    const third = await signInOnDevice(email, 'Tablet browser');
    const after = await callIdentity(t.app, 'ListDevices', { AccessToken: third.AccessToken });
    expect((after.body.Devices as Array<{ DeviceKey: string }>).map((d) => d.DeviceKey)).toEqual([third.DeviceKey]);

    // Refreshing marks the device as used now.
    t.clock.advance(60_000);
    await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: third.RefreshToken },
    });
    const device = await callIdentity(t.app, 'GetDevice', {
      AccessToken: third.AccessToken,
      DeviceKey: third.DeviceKey,
    });
    expect((device.body.Device as { DeviceLastAuthenticatedDate: number }).DeviceLastAuthenticatedDate).toBe(
      t.clock().getTime() / 1000,
    );
  });
});
