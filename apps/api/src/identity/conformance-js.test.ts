// Conformance with the web app's client: amazon-cognito-identity-js in Node (global fetch) with
// USER_PASSWORD_AUTH against the built-in provider over real HTTP: sign-up with the invitation code as
// ValidationData, confirmation, sign-in with automatic ConfirmDevice, refresh, attributes, devices,
// TOTP MFA, the new-password challenge, password reset, sign-out with RevokeToken, and deletion.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { ENGINES } from '../../test/helpers.ts';
import { adminCreateUser } from './admin.ts';
import { createIdentityContext } from './context.ts';
import { createSecretBox } from './secret-box.ts';
import {
  PASSWORD,
  FAST_HASHING,
  callIdentity,
  latestCode,
  lastOutboxId,
  newInvitationCode,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from './test-support.ts';
import { hotp, base32Decode, totpStep } from './totp.ts';

type Callback<T> = (error: Error | null | undefined, result?: T) => void;
const promisify = <T>(run: (callback: Callback<T>) => void) =>
  new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

describe.each(ENGINES)('amazon-cognito-identity-js against the identity provider on %s', (engine) => {
  let t: IdentityTestApp;
  let pool: CognitoUserPool;

  beforeAll(async () => {
    t = await startIdentityApp(engine, { listen: true });
    pool = new CognitoUserPool({
      UserPoolId: t.config.identity.userPoolId,
      ClientId: t.config.identity.clientId,
      endpoint: `${t.baseUrl}/identity/`,
    });
  });
  afterAll(async () => t.close());

  const userOf = (email: string) => {
    const user = new CognitoUser({ Username: email, Pool: pool });
    user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    return user;
  };

  type SignInOutcome =
    | { kind: 'session'; session: CognitoUserSession; userConfirmationNecessary?: boolean }
    | { kind: 'totp' }
    | { kind: 'new-password'; userAttributes: Record<string, string> };

  const authenticate = (user: CognitoUser, password: string) =>
    new Promise<SignInOutcome>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: user.getUsername(), Password: password }), {
        onSuccess: (session, userConfirmationNecessary) =>
          resolve({ kind: 'session', session, userConfirmationNecessary }),
        onFailure: reject,
        totpRequired: () => resolve({ kind: 'totp' }),
        newPasswordRequired: (userAttributes) => resolve({ kind: 'new-password', userAttributes }),
      }),
    );

  async function register(email: string) {
    const invitationCode = await newInvitationCode(t.database.db);
    const after = await lastOutboxId(t.database.db);
    const result = await promisify<{ userSub: string; userConfirmed: boolean }>((cb) =>
      pool.signUp(
        email,
        PASSWORD,
        [new CognitoUserAttribute({ Name: 'locale', Value: 'en' })],
        [new CognitoUserAttribute({ Name: 'invitationCode', Value: invitationCode })],
        cb as never,
      ),
    );
    const user = userOf(email);
    const code = await latestCode(t.database.db, email, { after });
    await promisify((cb) => user.confirmRegistration(code, true, cb));
    return { user, userSub: result.userSub };
  }

  it('signs up, confirms, signs in, refreshes, edits attributes and devices, resets and deletes', async () => {
    const email = uniqueEmail('js');
    const { user, userSub } = await register(email);
    const mail = (await t.app.inject({ url: `/dev/mailbox.json?token=${t.config.mail.mailboxToken}` })).json().mails[0];
    expect(mail.subject).toContain('confirmation code');

    const signedIn = await authenticate(user, PASSWORD);
    if (signedIn.kind !== 'session') throw new Error('expected a session');
    expect(signedIn.userConfirmationNecessary).toBe(true);
    expect(signedIn.session.isValid()).toBe(true);
    expect(signedIn.session.getIdToken().payload).toMatchObject({ sub: userSub, email, locale: 'en' });

    const refreshed = await promisify<CognitoUserSession>((cb) =>
      user.refreshSession(signedIn.session.getRefreshToken(), cb),
    );
    expect(refreshed.getAccessToken().payload.origin_jti).toBe(signedIn.session.getAccessToken().payload.origin_jti);

    // The current user comes back from storage, as after a page reload.
    const current = pool.getCurrentUser();
    expect(current?.getUsername()).toBe(email);
    const restored = await promisify<CognitoUserSession>((cb) => current!.getSession(cb));
    expect(restored.isValid()).toBe(true);

    await promisify((cb) =>
      user.updateAttributes([new CognitoUserAttribute({ Name: 'name', Value: 'Grace' })], cb as never),
    );
    const attributes = await promisify<CognitoUserAttribute[]>((cb) => user.getUserAttributes(cb));
    expect(attributes.map((a) => [a.getName(), a.getValue()])).toEqual(
      expect.arrayContaining([
        ['name', 'Grace'],
        ['email', email],
      ]),
    );
    await promisify((cb) => user.deleteAttributes(['name'], cb));

    // The device confirmed at sign-in is listed, can be remembered, read and forgotten.
    const listed = await promisify<{
      Devices: Array<{ DeviceKey: string; DeviceAttributes: Array<{ Name: string; Value: string }> }>;
    }>((cb) => user.listDevices(10, null, { onSuccess: (data) => cb(null, data), onFailure: cb }));
    expect(listed.Devices).toHaveLength(1);
    expect(listed.Devices[0]!.DeviceAttributes).toEqual(
      // The library names the device by navigator.userAgent where there is one (Node 21+), else 'nodejs'.
      expect.arrayContaining([
        { Name: 'device_name', Value: typeof navigator === 'undefined' ? 'nodejs' : navigator.userAgent },
      ]),
    );
    await promisify((cb) => user.setDeviceStatusRemembered({ onSuccess: (r) => cb(null, r), onFailure: cb }));
    const device = await promisify<{ Device: { DeviceAttributes: Array<{ Name: string; Value: string }> } }>((cb) =>
      user.getDevice({ onSuccess: (r) => cb(null, r as never), onFailure: cb }),
    );
    expect(device.Device.DeviceAttributes).toEqual(
      expect.arrayContaining([{ Name: 'dev:device_remembered_status', Value: 'remembered' }]),
    );

    // A second sign-in from the same client reuses the device.
    const second = await authenticate(userOf(email), PASSWORD);
    expect(second.kind === 'session' && second.userConfirmationNecessary).toBeFalsy();
    await promisify((cb) => user.forgetDevice({ onSuccess: (r) => cb(null, r), onFailure: cb }));

    await promisify((cb) => user.changePassword(PASSWORD, 'Changed-Password-2', cb));

    const resetting = userOf(email);
    const after = await lastOutboxId(t.database.db);
    await promisify((cb) => resetting.forgotPassword({ onSuccess: (r) => cb(null, r), onFailure: cb }));
    // The code is mailed after the answer (in the background): wait for the first mail after `after`.
    const mailboxAfter = async () =>
      (
        (await t.app.inject({ url: `/dev/mailbox.json?token=${t.config.mail.mailboxToken}` })).json() as {
          mails: { id: number; subject: string }[];
        }
      ).mails.filter((mail) => mail.id > after);
    let fresh = await mailboxAfter();
    for (let tries = 0; fresh.length === 0 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      fresh = await mailboxAfter();
    }
    expect(fresh.map((mail) => mail.subject)).toEqual(['Your Sponsoring Platform password reset code']);
    const code = await latestCode(t.database.db, email, { after });
    await promisify((cb) =>
      resetting.confirmPassword(code, 'Reset-Password-3', { onSuccess: (r) => cb(null, r), onFailure: cb }),
    );

    const afterReset = userOf(email);
    const again = await authenticate(afterReset, 'Reset-Password-3');
    if (again.kind !== 'session') throw new Error('expected a session');
    // Sign-out revokes the refresh token (RevokeToken), as the library does when origin_jti is present.
    await promisify((cb) => afterReset.signOut(((error?: Error) => cb(error)) as never));
    const refresh = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: t.config.identity.clientId };
    const revoked = await callIdentity(t.app, 'InitiateAuth', {
      ...refresh,
      AuthParameters: { REFRESH_TOKEN: again.session.getRefreshToken().getToken() },
    });
    expect(revoked.body).toEqual({
      __type: 'NotAuthorizedException',
      code: 'auth.not-authorized',
      message: 'Refresh Token has been revoked',
    });

    const last = userOf(email);
    const lastSignIn = await authenticate(last, 'Reset-Password-3');
    if (lastSignIn.kind !== 'session') throw new Error('expected a session');
    await promisify((cb) => last.globalSignOut({ onSuccess: (r) => cb(null, r), onFailure: cb }));
    const signedOut = await callIdentity(t.app, 'GetUser', {
      AccessToken: lastSignIn.session.getAccessToken().getJwtToken(),
    });
    expect(signedOut.body).toEqual({
      __type: 'NotAuthorizedException',
      code: 'auth.not-authorized',
      message: 'Access Token has been revoked',
    });

    const leaving = userOf(email);
    await authenticate(leaving, 'Reset-Password-3');
    await promisify((cb) => leaving.deleteUser(cb));
    await expect(authenticate(userOf(email), 'Reset-Password-3')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('reports wrong codes, wrong passwords and unconfirmed users with Cognito error codes', async () => {
    const email = uniqueEmail('jserr');
    const invitationCode = await newInvitationCode(t.database.db);
    await expect(promisify((cb) => pool.signUp(email, PASSWORD, [], [], cb as never))).rejects.toMatchObject({
      code: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Invalid invitation code.',
    });
    await promisify((cb) =>
      pool.signUp(
        email,
        PASSWORD,
        [],
        [new CognitoUserAttribute({ Name: 'invitationCode', Value: invitationCode })],
        cb as never,
      ),
    );
    await expect(authenticate(userOf(email), PASSWORD)).rejects.toMatchObject({ code: 'UserNotConfirmedException' });
    await expect(promisify((cb) => userOf(email).confirmRegistration('12345', true, cb))).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });
    const before = await lastOutboxId(t.database.db);
    await promisify((cb) => userOf(email).resendConfirmationCode(cb));
    const code = await latestCode(t.database.db, email, { after: before });
    await promisify((cb) => userOf(email).confirmRegistration(code, true, cb));
    await expect(authenticate(userOf(email), 'Wrong-Password-9')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('requires a TOTP code at sign-in once software-token MFA is on', async () => {
    const email = uniqueEmail('totp');
    const { user } = await register(email);
    await authenticate(user, PASSWORD);
    const secret = await promisify<string>((cb) =>
      user.associateSoftwareToken({ associateSecretCode: (s) => cb(null, s), onFailure: cb }),
    );
    const codeAt = (date: Date) => hotp(base32Decode(secret), totpStep(date));
    await expect(
      promisify((cb) =>
        user.verifySoftwareToken(codeAt(t.clock()) === '000000' ? '111111' : '000000', 'phone', {
          onSuccess: (r) => cb(null, r),
          onFailure: cb,
        }),
      ),
    ).rejects.toMatchObject({ code: 'EnableSoftwareTokenMFAException' });
    await promisify((cb) =>
      user.verifySoftwareToken(codeAt(t.clock()), 'phone', { onSuccess: (r) => cb(null, r), onFailure: cb }),
    );
    await promisify((cb) => user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, cb));

    t.clock.advance(30_000);
    const next = userOf(email);
    expect((await authenticate(next, PASSWORD)).kind).toBe('totp');
    const withCode = (code: string) =>
      new Promise<CognitoUserSession>((resolve, reject) =>
        next.sendMFACode(code, { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
      );
    await expect(withCode(codeAt(t.clock()) === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });
    const session = await withCode(codeAt(t.clock()));
    expect(session.isValid()).toBe(true);
    // The same code cannot be used twice.
    const replay = userOf(email);
    expect((await authenticate(replay, PASSWORD)).kind).toBe('totp');
    await expect(
      new Promise((resolve, reject) =>
        replay.sendMFACode(codeAt(t.clock()), { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
      ),
    ).rejects.toMatchObject({ code: 'CodeMismatchException' });
  });

  it('asks a user created with a temporary password for a new one', async () => {
    const email = uniqueEmail('temp');
    const ctx = createIdentityContext({
      db: t.database.db,
      mail: { send: async () => undefined },
      log: t.app.log,
      secrets: createSecretBox(randomBytes(32)),
      passwordHashing: FAST_HASHING,
      settings: {
        userPoolId: t.config.identity.userPoolId,
        clientId: t.config.identity.clientId,
        issuer: '',
        defaultLanguage: 'de',
        addressLimits: t.config.addressLimits,
      },
    });
    await adminCreateUser(ctx, { email, temporaryPassword: 'Temporary-Kanu-41', attributes: { name: 'Temp' } });
    const user = userOf(email);
    const outcome = await authenticate(user, 'Temporary-Kanu-41');
    if (outcome.kind !== 'new-password') throw new Error('expected the new-password challenge');
    expect(outcome.userAttributes).toMatchObject({ email, name: 'Temp' });
    await expect(
      new Promise((resolve, reject) =>
        user.completeNewPasswordChallenge('weak', {}, { onSuccess: resolve, onFailure: reject }),
      ),
    ).rejects.toMatchObject({ code: 'InvalidPasswordException' });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.completeNewPasswordChallenge(
        'Chosen-Password-1',
        { name: 'Chosen' },
        { onSuccess: resolve, onFailure: reject },
      ),
    );
    expect(session.getIdToken().payload).toMatchObject({ email, name: 'Chosen' });
    expect((await authenticate(userOf(email), 'Chosen-Password-1')).kind).toBe('session');
  });

  it('lists the devices signed in from two browsers and signs the other one out (forgetSpecificDevice)', async () => {
    const email = uniqueEmail('devices');
    await register(email);
    // Two browsers: each its own storage, so each gets and keeps its own device key.
    const browser = () => {
      const items = new Map<string, string>();
      const Storage = {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
        clear: () => items.clear(),
      };
      const own = new CognitoUserPool({
        UserPoolId: t.config.identity.userPoolId,
        ClientId: t.config.identity.clientId,
        endpoint: `${t.baseUrl}/identity/`,
        Storage,
      });
      const user = new CognitoUser({ Username: email, Pool: own, Storage });
      user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
      return user;
    };
    const laptop = browser();
    const phone = browser();
    expect((await authenticate(laptop, PASSWORD)).kind).toBe('session');
    expect((await authenticate(phone, PASSWORD)).kind).toBe('session');
    const list = await promisify<{ Devices: Array<{ DeviceKey: string }> }>((cb) =>
      laptop.listDevices(10, null, { onSuccess: (data) => cb(null, data), onFailure: cb }),
    );
    const laptopKey = laptop.getSignInUserSession()!.getAccessToken().payload.device_key as string;
    const phoneKey = phone.getSignInUserSession()!.getAccessToken().payload.device_key as string;
    expect(list.Devices.map((d) => d.DeviceKey).sort()).toEqual([laptopKey, phoneKey].sort());

    await promisify((cb) => laptop.forgetSpecificDevice(phoneKey, { onSuccess: (r) => cb(null, r), onFailure: cb }));
    await expect(promisify((cb) => phone.getUserAttributes(cb))).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    expect((await promisify<CognitoUserAttribute[]>((cb) => laptop.getUserAttributes(cb))).length).toBeGreaterThan(0);
  });
});
