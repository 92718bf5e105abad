// Account operations beyond the life-cycle tests: device tracking with ListDevices pagination, and
// changing the e-mail (kept pending until the code sent to the new address is entered).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/helpers.ts';
import {
  PASSWORD,
  callIdentity,
  lastOutboxId,
  latestCode,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from './test-support.ts';

describe.each(ENGINES)('devices and e-mail changes on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
    ClientId = t.config.identity.clientId;
  });
  afterAll(async () => t.close());

  const signIn = async (email: string, password = PASSWORD) => {
    const response = await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    return response.body.AuthenticationResult as {
      AccessToken: string;
      NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
    };
  };

  it('confirms devices from their own sessions and pages through them', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const session = await signIn(email);
      const device = session.NewDeviceMetadata!;
      expect(device.DeviceGroupKey).toMatch(/^-/);
      const confirmed = await callIdentity(t.app, 'ConfirmDevice', {
        AccessToken: session.AccessToken,
        DeviceKey: device.DeviceKey,
        DeviceName: `Browser ${i}`,
        DeviceSecretVerifierConfig: { PasswordVerifier: 'dmVyaWZpZXI=', Salt: 'c2FsdA==' },
      });
      expect(confirmed.body).toEqual({ UserConfirmationNecessary: true });
      keys.push(device.DeviceKey);
    }
    // A device key that was not handed to this session cannot be confirmed with it.
    const foreign = await callIdentity(t.app, 'ConfirmDevice', { AccessToken, DeviceKey: keys[0] });
    expect(foreign.body.__type).toBe('ResourceNotFoundException');

    const page1 = await callIdentity(t.app, 'ListDevices', { AccessToken, Limit: 2 });
    const devices1 = page1.body.Devices as Array<{ DeviceKey: string; DeviceCreateDate: number }>;
    expect(devices1).toHaveLength(2);
    expect(typeof devices1[0]!.DeviceCreateDate).toBe('number');
    expect(page1.body.PaginationToken).toEqual(expect.any(String));
    const page2 = await callIdentity(t.app, 'ListDevices', {
      AccessToken,
      Limit: 2,
      PaginationToken: page1.body.PaginationToken,
    });
    const devices2 = page2.body.Devices as Array<{ DeviceKey: string }>;
    expect(devices2).toHaveLength(1);
    expect(page2.body.PaginationToken).toBeUndefined();
    expect([...devices1, ...devices2].map((d) => d.DeviceKey).sort()).toEqual([...keys].sort());
    expect((await callIdentity(t.app, 'ListDevices', { AccessToken, PaginationToken: '!!!' })).body.__type).toBe(
      'InvalidParameterException',
    );

    await callIdentity(t.app, 'UpdateDeviceStatus', {
      AccessToken,
      DeviceKey: keys[1],
      DeviceRememberedStatus: 'remembered',
    });
    const device = await callIdentity(t.app, 'GetDevice', { AccessToken, DeviceKey: keys[1] });
    expect(device.body.Device).toMatchObject({
      DeviceKey: keys[1],
      DeviceAttributes: expect.arrayContaining([
        { Name: 'device_name', Value: 'Browser 1' },
        { Name: 'dev:device_remembered_status', Value: 'remembered' },
      ]),
    });
    expect((await callIdentity(t.app, 'ForgetDevice', { AccessToken, DeviceKey: keys[1] })).status).toBe(200);
    expect((await callIdentity(t.app, 'GetDevice', { AccessToken, DeviceKey: keys[1] })).body.__type).toBe(
      'ResourceNotFoundException',
    );

    // Another user sees none of these devices.
    const stranger = await signUpAndSignIn(t);
    expect(
      (await callIdentity(t.app, 'GetDevice', { AccessToken: stranger.AccessToken, DeviceKey: keys[0] })).body.__type,
    ).toBe('ResourceNotFoundException');
    expect((await callIdentity(t.app, 'ListDevices', { AccessToken: stranger.AccessToken })).body.Devices).toEqual([]);
  });

  it('changes the e-mail only after the new address is confirmed', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const taken = await signUpAndSignIn(t);
    expect(
      (
        await callIdentity(t.app, 'UpdateUserAttributes', {
          AccessToken,
          UserAttributes: [{ Name: 'email', Value: taken.email.toUpperCase() }],
        })
      ).body.__type,
    ).toBe('AliasExistsException');
    expect(
      (
        await callIdentity(t.app, 'UpdateUserAttributes', {
          AccessToken,
          UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        })
      ).body.__type,
    ).toBe('InvalidParameterException');
    expect(
      (
        await callIdentity(t.app, 'UpdateUserAttributes', {
          AccessToken,
          UserAttributes: [{ Name: 'favourite', Value: 'x' }],
        })
      ).body.__type,
    ).toBe('InvalidParameterException');

    const newEmail = uniqueEmail('moved');
    const before = await lastOutboxId(t.database.db);
    const update = await callIdentity(t.app, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'email', Value: newEmail }],
    });
    expect(update.body.CodeDeliveryDetailsList).toEqual([
      { Destination: 'm***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    const code = await latestCode(t.database.db, newEmail, { after: before });

    // Until confirmed, the old address stays the one to sign in with.
    expect(await signIn(email)).toBeDefined();
    const wrong = await callIdentity(t.app, 'VerifyUserAttribute', {
      AccessToken,
      AttributeName: 'email',
      Code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.__type).toBe('CodeMismatchException');
    expect(
      (await callIdentity(t.app, 'VerifyUserAttribute', { AccessToken, AttributeName: 'email', Code: code })).status,
    ).toBe(200);

    const user = await callIdentity(t.app, 'GetUser', { AccessToken });
    expect(user.body.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: newEmail },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    expect((await signIn(newEmail))?.AccessToken).toEqual(expect.any(String));
    expect(await signIn(email)).toBeUndefined();
  });
});
