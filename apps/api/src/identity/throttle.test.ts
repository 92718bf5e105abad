// Throttling and expiry on a movable clock (no real waiting): the doubling sign-in lock, the attempt
// limits on codes, the hourly send caps, and code validity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/helpers.ts';
import { createIdentityRepository } from './repository.ts';
import {
  PASSWORD,
  callIdentity,
  latestCode,
  lastOutboxId,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  newInvitationCode,
  type IdentityTestApp,
} from './test-support.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe.each(ENGINES)('identity throttling on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
    ClientId = t.config.identity.clientId;
  });
  afterAll(async () => t.close());

  const signIn = (email: string, password: string) =>
    callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  it('locks after 5 failures for 1 s, then 2 s, 4 s ... capped at 15 min, even for the right password', async () => {
    const { email } = await signUpAndSignIn(t);
    const repo = createIdentityRepository(t.database.db);
    const lockedFor = async () => {
      const lockout = await repo.findLockout(email.toLowerCase(), t.clock(), HOUR);
      return lockout.lockedUntil ? Math.max(0, lockout.lockedUntil.getTime() - t.clock().getTime()) : 0;
    };
    const durations: number[] = [];
    for (let failure = 1; failure <= 16; failure++) {
      expect((await signIn(email, 'Wrong-Password-1')).body).toEqual({
        __type: 'NotAuthorizedException',
        code: 'auth.not-authorized',
        message: 'Incorrect username or password.',
      });
      const lock = await lockedFor();
      durations.push(lock);
      if (lock > 0) {
        // Locked: the right password is refused until the very end of the lock.
        t.clock.advance(lock - 1);
        expect((await signIn(email, PASSWORD)).body).toEqual({
          __type: 'NotAuthorizedException',
          code: 'auth.not-authorized',
          message: 'Password attempts exceeded',
        });
        t.clock.advance(1);
      }
    }
    const s = SECOND;
    expect(durations).toEqual([
      0,
      0,
      0,
      0,
      1 * s,
      2 * s,
      4 * s,
      8 * s,
      16 * s,
      32 * s,
      64 * s,
      128 * s,
      256 * s,
      512 * s,
      15 * MINUTE,
      15 * MINUTE,
    ]);

    // After the lock the right password works and clears the counter.
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    for (let i = 1; i <= 4; i++) await signIn(email, 'Wrong-Password-1');
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('locks unknown addresses alike, and forgets failures after an hour', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++)
      expect((await signIn(ghost, PASSWORD)).body.message).toBe('Incorrect username or password.');
    expect((await signIn(ghost, PASSWORD)).body.message).toBe('Password attempts exceeded');

    const { email } = await signUpAndSignIn(t);
    for (let i = 0; i < 4; i++) await signIn(email, 'Wrong-Password-1');
    t.clock.advance(HOUR + SECOND);
    await signIn(email, 'Wrong-Password-1');
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('throttles ChangePassword with LimitExceededException', async () => {
    const { AccessToken } = await signUpAndSignIn(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await callIdentity(t.app, 'ChangePassword', {
        AccessToken,
        PreviousPassword: 'Wrong-Password-1',
        ProposedPassword: 'Next-Password-2',
      });
      expect(wrong.body.__type).toBe('NotAuthorizedException');
    }
    const locked = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'Next-Password-2',
    });
    expect(locked.body.__type).toBe('LimitExceededException');
    t.clock.advance(2 * SECOND);
    const ok = await callIdentity(t.app, 'ChangePassword', {
      AccessToken,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'Next-Password-2',
    });
    expect(ok.status).toBe(200);
  });

  async function signUpOnly(email: string) {
    const invitationCode = await newInvitationCode(t.database.db);
    const response = await callIdentity(t.app, 'SignUp', {
      ClientId,
      Username: email,
      Password: PASSWORD,
      ClientMetadata: { invitationCode },
    });
    expect(response.status).toBe(200);
    return latestCode(t.database.db, email);
  }

  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('allows 5 wrong entries per code; a new code starts afresh; 10 failures an hour per address', async () => {
    const email = uniqueEmail('codes');
    const code = await signUpOnly(email);
    const confirm = (value: string) =>
      callIdentity(t.app, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: value });
    for (let i = 0; i < 5; i++) expect((await confirm(wrongCodeFor(code))).body.__type).toBe('CodeMismatchException');
    expect((await confirm(code)).body.__type).toBe('LimitExceededException');

    const before = await lastOutboxId(t.database.db);
    await callIdentity(t.app, 'ResendConfirmationCode', { ClientId, Username: email });
    const second = await latestCode(t.database.db, email, { after: before });
    for (let i = 0; i < 5; i++) expect((await confirm(wrongCodeFor(second))).body.__type).toBe('CodeMismatchException');
    // 10 failures in the hour: even a fresh code is refused until the hour has passed.
    const later = await lastOutboxId(t.database.db);
    await callIdentity(t.app, 'ResendConfirmationCode', { ClientId, Username: email });
    const third = await latestCode(t.database.db, email, { after: later });
    expect((await confirm(third)).body.__type).toBe('LimitExceededException');
    t.clock.advance(HOUR + SECOND);
    expect((await confirm(third)).status).toBe(200);
  });

  it('caps code sends per address and hour, for unknown addresses too', async () => {
    const { email } = await signUpAndSignIn(t);
    const ghost = uniqueEmail('nobody');
    for (const address of [email, ghost]) {
      for (let i = 0; i < 5; i++)
        expect((await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: address })).status).toBe(200);
      expect((await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: address })).body.__type).toBe(
        'LimitExceededException',
      );
    }
    t.clock.advance(HOUR + SECOND);
    expect((await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: email })).status).toBe(200);
  });

  it('expires a reset code after 1 hour and a sign-up code after 24 hours', async () => {
    const { email } = await signUpAndSignIn(t);
    const before = await lastOutboxId(t.database.db);
    await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: email });
    const resetCode = await latestCode(t.database.db, email, { after: before });
    t.clock.advance(HOUR - SECOND);
    const reset = (password: string) =>
      callIdentity(t.app, 'ConfirmForgotPassword', {
        ClientId,
        Username: email,
        ConfirmationCode: resetCode,
        Password: password,
      });
    expect((await reset('weak')).body.__type).toBe('InvalidPasswordException');
    t.clock.advance(2 * SECOND);
    expect((await reset('Later-Password-2')).body.__type).toBe('ExpiredCodeException');

    const fresh = uniqueEmail('late');
    const signUpCode = await signUpOnly(fresh);
    t.clock.advance(24 * HOUR - SECOND);
    expect(
      (await callIdentity(t.app, 'ConfirmSignUp', { ClientId, Username: fresh, ConfirmationCode: signUpCode })).status,
    ).toBe(200);
  });

  it('expires the tokens after an hour and the refresh token after 30 days', async () => {
    const { AccessToken, RefreshToken } = await signUpAndSignIn(t);
    t.clock.advance(HOUR + SECOND);
    expect((await callIdentity(t.app, 'GetUser', { AccessToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      code: 'auth.not-authorized',
      message: 'Access Token has expired',
    });
    const refresh = () =>
      callIdentity(t.app, 'InitiateAuth', {
        ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      });
    expect((await refresh()).status).toBe(200);
    t.clock.advance(30 * 24 * HOUR);
    expect((await refresh()).body).toEqual({
      __type: 'NotAuthorizedException',
      code: 'auth.not-authorized',
      message: 'Refresh Token has expired',
    });
  });

  it('forgets what no rule looks at any more', async () => {
    const { email, RefreshToken } = await signUpAndSignIn(t);
    await signIn(email, 'Wrong-Password-1');
    await callIdentity(t.app, 'ForgotPassword', { ClientId, Username: email });
    const repo = createIdentityRepository(t.database.db);
    const count = async (
      table: 'identity_throttle_events' | 'identity_lockouts' | 'identity_codes' | 'identity_sessions',
    ) =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('identity_throttle_events')).toBeGreaterThan(0);
    expect(await count('identity_lockouts')).toBeGreaterThan(0);

    await repo.prune(new Date(t.clock().getTime() + 2 * HOUR), HOUR, HOUR);
    expect(await count('identity_throttle_events')).toBe(0);
    expect(await count('identity_lockouts')).toBe(0);
    expect(await count('identity_codes')).toBe(0);
    // Sessions live on until their refresh token expires.
    const refresh = await callIdentity(t.app, 'InitiateAuth', {
      ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    expect(refresh.status).toBe(200);
    await repo.prune(new Date(t.clock().getTime() + 31 * 24 * HOUR), HOUR, HOUR);
    expect(await count('identity_sessions')).toBe(0);
  });
});
