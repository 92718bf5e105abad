// Limits per client address (issue 25, decision 016), on both engines: password spraying over many
// accounts, sign-up and code floods, IPv6 by /64, the counts shared by two app instances on one
// database, and no flood past the limit when the requests arrive at once. Plus the strength rule for
// new passwords, with its reason in both languages.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DbHandle } from '../db/index.ts';
import { loadConfig } from '../config.ts';
import { ENGINES, testConfig } from '../../test/helpers.ts';
import { addressKey } from './address-limits.ts';
import {
  FAST_HASHING,
  PASSWORD,
  lastOutboxId,
  latestCode,
  newInvitationCode,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityAnswer,
  type IdentityTestApp,
} from './test-support.ts';

const ATTACKER = '198.51.100.7';
const BYSTANDER = '203.0.113.9';
const MINUTE = 60_000;

async function call(app: FastifyInstance, operation: string, body: unknown, ip: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/identity/',
    remoteAddress: ip,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<IdentityAnswer>(), headers: response.headers };
}

const signIn = (app: FastifyInstance, ClientId: string, email: string, password: string, ip: string) =>
  call(
    app,
    'InitiateAuth',
    { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } },
    ip,
  );

function expectThrottled(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status).toBe(400);
  expect(answer.body.__type).toBe('TooManyRequestsException');
  expect(answer.headers['x-amzn-errortype']).toBe('TooManyRequestsException');
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(answer.body.message).toContain(`${retryAfter} seconds`);
  return retryAfter;
}

describe('address limit configuration', () => {
  it('has defaults that stop a spray early, takes requests/seconds or off, and names a wrong value', () => {
    expect(loadConfig({}).addressLimits).toEqual({
      signInFailures: { max: 30, windowMs: 15 * MINUTE },
      signUps: { max: 20, windowMs: 60 * MINUTE },
      forgotPassword: { max: 20, windowMs: 60 * MINUTE },
      codeSubmissions: { max: 30, windowMs: 15 * MINUTE },
    });
    expect(
      loadConfig({ RATE_LIMIT_SIGN_UPS: 'off', RATE_LIMIT_SIGN_IN_FAILURES: '10/60' }).addressLimits,
    ).toMatchObject({
      signUps: null,
      signInFailures: { max: 10, windowMs: MINUTE },
    });
    expect(() => loadConfig({ RATE_LIMIT_CODE_SUBMISSIONS: 'lots' })).toThrow(/RATE_LIMIT_CODE_SUBMISSIONS/);
  });
});

describe('client address keys', () => {
  it('counts IPv4 as it is, IPv4 in IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(ENGINES)('limits per client address on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  const accounts: string[] = [];
  beforeAll(async () => {
    t = await startIdentityApp(engine, {
      env: {
        RATE_LIMIT_SIGN_IN_FAILURES: '30/900',
        RATE_LIMIT_SIGN_UPS: '5/3600',
        RATE_LIMIT_FORGOT_PASSWORD: '5/3600',
        RATE_LIMIT_CODE_SUBMISSIONS: '5/900',
      },
    });
    ClientId = t.config.identity.clientId;
    // Sign-ups from 127.0.0.1 would meet the sign-up limit: these accounts come from many addresses.
    for (let i = 0; i < 32; i++) {
      const email = uniqueEmail('spray');
      const signUp = await call(
        t.app,
        'SignUp',
        {
          ClientId,
          Username: email,
          Password: PASSWORD,
          ClientMetadata: { invitationCode: await newInvitationCode(t.database.db) },
        },
        `192.0.2.${i + 1}`,
      );
      expect(signUp.status).toBe(200);
      const code = await latestCode(t.database.db, email);
      expect(
        (await call(t.app, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code }, `192.0.2.${i + 1}`))
          .status,
      ).toBe(200);
      accounts.push(email);
    }
  });
  afterAll(async () => t.close());

  it('refuses the 31st failed sign-in from one address across 31 accounts, while another address signs in', async () => {
    for (const email of accounts.slice(0, 30)) {
      expect((await signIn(t.app, ClientId, email, 'Sommer2026!', ATTACKER)).body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    const retryAfter = expectThrottled(await signIn(t.app, ClientId, accounts[30]!, 'Sommer2026!', ATTACKER));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Over the limit even the right password waits: the address, not the account, is throttled.
    expectThrottled(await signIn(t.app, ClientId, accounts[31]!, PASSWORD, ATTACKER));
    const other = await signIn(t.app, ClientId, accounts[31]!, PASSWORD, BYSTANDER);
    expect(other.status).toBe(200);
    expect(other.body.AuthenticationResult?.AccessToken).toBeTruthy();

    // A sliding window: halfway through it still holds, and frees up when the first failures age out.
    t.clock.advance(7 * MINUTE);
    expect(expectThrottled(await signIn(t.app, ClientId, accounts[30]!, 'Sommer2026!', ATTACKER))).toBeLessThanOrEqual(
      8 * 60,
    );
    t.clock.advance(8 * MINUTE + 1000);
    expect((await signIn(t.app, ClientId, accounts[31]!, PASSWORD, ATTACKER)).status).toBe(200);
  });

  it('does not count right passwords, so a shared address of many users is not locked by its sign-ins', async () => {
    const office = '192.0.2.200';
    for (let i = 0; i < 40; i++) {
      expect((await signIn(t.app, ClientId, accounts[i % accounts.length]!, PASSWORD, office)).status).toBe(200);
    }
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 30; i++) {
      const ip = `2001:db8:25:1:${(i + 1).toString(16)}::1`;
      expect((await signIn(t.app, ClientId, accounts[i]!, 'Wrong-Kanu-1', ip)).body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    expectThrottled(await signIn(t.app, ClientId, accounts[0]!, 'Wrong-Kanu-1', '2001:db8:25:1:ffff::9'));
    expect((await signIn(t.app, ClientId, accounts[0]!, PASSWORD, '2001:db8:25:2::1')).status).toBe(200);
  });

  it('refuses sign-up floods per address, failed and successful alike', async () => {
    const flooder = '198.51.100.20';
    const signUp = (ip: string, invitationCode: string) =>
      call(
        t.app,
        'SignUp',
        { ClientId, Username: uniqueEmail('flood'), Password: PASSWORD, ClientMetadata: { invitationCode } },
        ip,
      );
    expect((await signUp(flooder, await newInvitationCode(t.database.db))).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await signUp(flooder, `WRONGCODE${i}XYZ`)).body.__type).toBe('UserLambdaValidationException');
    }
    expectThrottled(await signUp(flooder, 'WRONGCODE9XYZ'));
    expectThrottled(await signUp(flooder, await newInvitationCode(t.database.db)));
    expect((await signUp('198.51.100.21', 'WRONGCODE9XYZ')).body.__type).toBe('UserLambdaValidationException');
  });

  it('refuses floods of codes and of code requests per address', async () => {
    const flooder = '198.51.100.30';
    for (let i = 0; i < 5; i++) {
      const answer = await call(
        t.app,
        'ConfirmForgotPassword',
        { ClientId, Username: accounts[i], ConfirmationCode: '123456', Password: 'Stark-Wiesel-Boot-42' },
        flooder,
      );
      expect(answer.body.__type).toBe('CodeMismatchException');
    }
    expectThrottled(
      await call(t.app, 'ConfirmSignUp', { ClientId, Username: accounts[6], ConfirmationCode: '123456' }, flooder),
    );
    expect(
      (
        await call(
          t.app,
          'ConfirmSignUp',
          { ClientId, Username: accounts[6], ConfirmationCode: '123456' },
          '198.51.100.31',
        )
      ).body.__type,
    ).toBe('CodeMismatchException');

    const requester = '198.51.100.32';
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(t.app, 'ForgotPassword', { ClientId, Username: uniqueEmail('nobody') }, requester)).status,
      ).toBe(200);
    }
    expectThrottled(
      await call(t.app, 'ResendConfirmationCode', { ClientId, Username: uniqueEmail('nobody') }, requester),
    );
    expect(
      (await call(t.app, 'ForgotPassword', { ClientId, Username: uniqueEmail('nobody') }, '198.51.100.33')).status,
    ).toBe(200);
  });
});

describe.each(ENGINES)('limits per client address shared by two app instances on %s', (engine) => {
  let t: IdentityTestApp;
  let second: { app: FastifyInstance; handle: DbHandle };
  let ClientId: string;
  beforeAll(async () => {
    const env = { RATE_LIMIT_SIGN_IN_FAILURES: '30/900' };
    t = await startIdentityApp(engine, { env });
    ClientId = t.config.identity.clientId;
    // A second process: its own connection (pool) to the same database, its own app.
    const handle = t.database.openAgain();
    const app = await buildApp({
      // The same DATA_DIR: processes of one deployment seal two-factor secrets with one key (decision 045).
      config: testConfig({ ...env, DATA_DIR: t.config.dataDir }),
      database: handle,
      webDistDir: null,
      logger: false,
      clock: t.clock,
      passwordHashing: FAST_HASHING,
    });
    await app.ready();
    second = { app, handle };
  });
  afterAll(async () => {
    await second.app.close();
    await second.handle.close();
    await t.close();
  });

  it('counts failures made on either instance against one limit', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < 30; i++) {
      const app = i % 2 === 0 ? t.app : second.app;
      expect((await signIn(app, ClientId, uniqueEmail('unknown'), 'Sommer2026!', ip)).body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    expectThrottled(await signIn(t.app, ClientId, uniqueEmail('unknown'), 'Sommer2026!', ip));
    expectThrottled(await signIn(second.app, ClientId, uniqueEmail('unknown'), 'Sommer2026!', ip));
  });

  it('lets exactly 30 of 48 simultaneous failures through, split over both instances', async () => {
    const ip = '198.51.100.41';
    const answers = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        signIn(i % 2 === 0 ? t.app : second.app, ClientId, uniqueEmail('burst'), 'Sommer2026!', ip),
      ),
    );
    const types = answers.map((answer) => answer.body.__type);
    expect(types.filter((type) => type === 'NotAuthorizedException')).toHaveLength(30);
    expect(types.filter((type) => type === 'TooManyRequestsException')).toHaveLength(18);
  });
});

describe.each(ENGINES)('password strength at the identity provider on %s', (engine) => {
  let t: IdentityTestApp;
  let ClientId: string;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
    ClientId = t.config.identity.clientId;
  });
  afterAll(async () => t.close());

  const signUp = async (password: string, language: 'de' | 'en', email = uniqueEmail('weak')) =>
    call(
      t.app,
      'SignUp',
      {
        ClientId,
        Username: email,
        Password: password,
        ClientMetadata: { invitationCode: await newInvitationCode(t.database.db), language },
      },
      '127.0.0.1',
    );

  it.each(['Passwort1!', 'Sommer2026!'])(
    'refuses %s at sign-up with the reason in German and English',
    async (password) => {
      const de = await signUp(password, 'de');
      expect(de.status).toBe(400);
      expect(de.body.__type).toBe('InvalidPasswordException');
      expect(de.body.message).toMatch(/^Password did not conform with policy: .*(Passwort|Passwörtern)/);
      const en = await signUp(password, 'en');
      expect(en.body.__type).toBe('InvalidPasswordException');
      expect(en.body.message).toMatch(/^Password did not conform with policy: .*password/i);
      expect(en.body.message).not.toEqual(de.body.message);
    },
  );

  it('names a common password as such, and refuses one built from the address', async () => {
    expect((await signUp('Passwort1!', 'en')).body.message).toContain('most common passwords');
    expect((await signUp('Passwort1!', 'de')).body.message).toContain('häufigsten Passwörtern');
    const personal = await signUp('Wunderkammer-2026!', 'en', uniqueEmail('wunderkammer'));
    expect(personal.body.message).toContain('e-mail address');
  });

  it('refuses them at reset and at change too', async () => {
    const { email, AccessToken } = await signUpAndSignIn(t);
    const after = await lastOutboxId(t.database.db);
    expect((await call(t.app, 'ForgotPassword', { ClientId, Username: email }, '127.0.0.1')).status).toBe(200);
    const code = await latestCode(t.database.db, email, { after });
    const reset = await call(
      t.app,
      'ConfirmForgotPassword',
      {
        ClientId,
        Username: email,
        ConfirmationCode: code,
        Password: 'Sommer2026!',
        ClientMetadata: { language: 'en' },
      },
      '127.0.0.1',
    );
    expect(reset.body).toMatchObject({ __type: 'InvalidPasswordException' });
    expect(reset.body.message).toContain('too easy to guess');
    const change = await call(
      t.app,
      'ChangePassword',
      { AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'Passwort1!' },
      '127.0.0.1',
    );
    expect(change.body.__type).toBe('InvalidPasswordException');
    // Nor may it be built from the organisation's name once the user has one.
    const onboarding = await t.app.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${AccessToken}` },
      payload: {
        role: 'veranstalter',
        organisation_name: 'Förderverein Wunderkammer',
        street: 'Hauptstraße',
        house_number: '1',
        postal_code: '12345',
        city: 'Musterstadt',
        country: 'DE',
      },
    });
    expect(onboarding.statusCode, onboarding.body).toBe(201);
    const named = await call(
      t.app,
      'ChangePassword',
      { AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'Wunderkammer-Kanu-42' },
      '127.0.0.1',
    );
    expect(named.body.__type).toBe('InvalidPasswordException');
    expect(named.body.message).toContain('Organisationsnamens');

    const strong = await call(
      t.app,
      'ConfirmForgotPassword',
      { ClientId, Username: email, ConfirmationCode: code, Password: 'Stark-Wiesel-Boot-42' },
      '127.0.0.1',
    );
    expect(strong.status).toBe(200);
  });
});
