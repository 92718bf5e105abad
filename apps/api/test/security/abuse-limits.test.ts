// Abuse limits (issue 10, decision 008): 429 with Retry-After per client IP on the invitation-code and
// invitation-token look-ups, the guest chat and upload URLs; the identity provider's own throttling
// of sign-in and code entry; and identity answers that take as long for unknown addresses as for
// registered ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers.ts';
import { loadConfig } from '../../src/config.ts';
import { createMemoryStore } from '../../src/plugins/rate-limit.ts';
import {
  FAST_HASHING,
  PASSWORD,
  callIdentity,
  lastOutboxId,
  latestCode,
  newInvitationCode,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from '../../src/identity/test-support.ts';
import { onboardedUser, pdfBytes, validEvent } from '../../src/modules/events/test-support.ts';

const LIMITS = {
  RATE_LIMIT_INVITE_CODE: '3/60',
  RATE_LIMIT_INVITATION_TOKEN: '3/60',
  RATE_LIMIT_GUEST_CHAT: '4/30',
  RATE_LIMIT_UPLOADS: '3/60',
};

describe('rate-limit configuration and limiter', () => {
  it('has defaults, takes requests/seconds or off, and names a wrong value', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      inviteCode: { max: 30, windowMs: 60_000 },
      invitationToken: { max: 30, windowMs: 60_000 },
      guestChat: { max: 600, windowMs: 60_000 },
      uploads: { max: 120, windowMs: 60_000 },
      agreementVerify: { max: 30, windowMs: 60_000 },
    });
    expect(loadConfig({ RATE_LIMIT_UPLOADS: 'off', RATE_LIMIT_GUEST_CHAT: '5/10' }).rateLimits).toMatchObject({
      uploads: null,
      guestChat: { max: 5, windowMs: 10_000 },
    });
    expect(() => loadConfig({ RATE_LIMIT_INVITE_CODE: '0/60' })).toThrow(/RATE_LIMIT_INVITE_CODE/);
    expect(() => loadConfig({ RATE_LIMIT_INVITE_CODE: 'many' })).toThrow(/RATE_LIMIT_INVITE_CODE/);
  });

  it('counts per key in fixed windows on the app clock and keeps its memory bounded', () => {
    let now = 0;
    const store = createMemoryStore(() => new Date(now));
    const hit = (key: string) => {
      let answer: { current: number; ttl: number } | undefined;
      store.incr(key, (_error, result) => (answer = result), 10_000, 2);
      return answer!;
    };
    expect([hit('a'), hit('a'), hit('b')]).toEqual([
      { current: 1, ttl: 10_000 },
      { current: 2, ttl: 10_000 },
      { current: 1, ttl: 10_000 },
    ]);
    now = 4000;
    expect(hit('a')).toEqual({ current: 3, ttl: 6000 });
    now = 10_000;
    expect(hit('a')).toEqual({ current: 1, ttl: 10_000 });
    // Past 50,000 keys the oldest windows go first: 'a' starts over.
    for (let i = 0; i < 60_000; i++) hit(`ip-${i}`);
    expect(hit('a').current).toBe(1);
  });
});

describe('request limits with Redis unreachable', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every limit check fails at once (no offline queue).
    t = await startIdentityApp('sqlite', { env: { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:1' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('lets requests through instead of failing them (the limits slow guessing down; decision 024)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/invite/AAAA-BBBB-CCCC', remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe.each(ENGINES)('abuse limits on %s', (engine) => {
  let t: IdentityTestApp;
  let proxied: IdentityTestApp;
  beforeAll(async () => {
    [t, proxied] = await Promise.all([
      startIdentityApp(engine, { env: LIMITS }),
      startIdentityApp(engine, { env: { ...LIMITS, TRUST_PROXY: 'true' } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  const from = (app: IdentityTestApp, remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, remoteAddress, headers });

  const expectLimited = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({ status: 429, detail: 'Too many requests', code: 'request.rate-limited' });
  };

  it('limits invitation-code look-ups per IP, answers 429 with Retry-After, and opens again after the window', async () => {
    const code = await newInvitationCode(t.database.db);
    const ip = '10.0.0.1';
    expect((await from(t, ip, `/api/invite/${code}`)).statusCode).toBe(200);
    expect((await from(t, ip, '/api/invite/AAAA-BBBB-CCCC')).statusCode).toBe(404);
    expect((await from(t, ip, '/api/invite/AAAA-BBBB-CCCD')).statusCode).toBe(404);
    expectLimited(await from(t, ip, `/api/invite/${code}`));
    // Another client is not affected; HEAD counts like GET.
    expect((await from(t, '10.0.0.2', `/api/invite/${code}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: `/api/invite/${code}`, remoteAddress: ip })).statusCode).toBe(
      429,
    );
    t.clock.advance(60_000);
    expect((await from(t, ip, `/api/invite/${code}`)).statusCode).toBe(200);
  });

  it('does not let X-Forwarded-For pick the bucket unless TRUST_PROXY is set', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 3; i++) await from(t, ip, '/api/invite/AAAA-AAAA-AAAA', { 'x-forwarded-for': `192.0.2.${i}` });
    expectLimited(await from(t, ip, '/api/invite/AAAA-AAAA-AAAA', { 'x-forwarded-for': '192.0.2.99' }));

    // Behind a trusted proxy the forwarded address is the client: one client is limited, not the proxy.
    const proxy = '10.0.1.2';
    for (let i = 0; i < 3; i++)
      await from(proxied, proxy, '/api/invite/AAAA-AAAA-AAAA', { 'x-forwarded-for': '192.0.2.1' });
    expectLimited(await from(proxied, proxy, '/api/invite/AAAA-AAAA-AAAA', { 'x-forwarded-for': '192.0.2.1' }));
    expect(
      (await from(proxied, proxy, '/api/invite/AAAA-AAAA-AAAA', { 'x-forwarded-for': '192.0.2.2' })).statusCode,
    ).toBe(404);
  });

  it('limits invitation-token look-ups per IP', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++) expect((await from(t, ip, `/api/invitations/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expectLimited(await from(t, ip, `/api/invitations/${'B'.repeat(43)}`));
  });

  it('limits the guest chat per IP, before the link is even checked', async () => {
    const organiser = await onboardedUser(t, 'veranstalter');
    const event = (
      await t.app.inject({
        method: 'POST',
        url: '/api/event/-1',
        headers: { authorization: `Bearer ${organiser.token}` },
        payload: validEvent(),
      })
    ).json<{ id: number }>();
    const email = uniqueEmail('guest');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/sponsor-invitation',
      headers: { authorization: `Bearer ${organiser.token}` },
      payload: { email, event_id: event.id },
    });
    const token = new URL(invited.json<{ url: string }>().url).searchParams.get('token')!;
    const ip = '10.0.3.1';
    const guest = { authorization: `${token}:${email}` };
    const conversations = await from(t, ip, '/api/token/conversation', guest);
    expect(conversations.statusCode).toBe(200);
    const id = conversations.json<Array<{ id: number }>>()[0]!.id;
    expect((await from(t, ip, `/api/token/conversation/${id}`, guest)).statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/token/conversation/${id}/message`,
      remoteAddress: ip,
      headers: guest,
      payload: { message: 'Hallo' },
    });
    expect(post.statusCode).toBe(201);
    // A guessed link counts too: the limit comes before the look-up.
    expect(
      (await from(t, ip, '/api/token/conversation', { authorization: `${'A'.repeat(43)}:x@example.org` })).statusCode,
    ).toBe(401);
    expectLimited(await from(t, ip, '/api/token/conversation/unread', guest));
    expect((await from(t, '10.0.3.2', '/api/token/conversation/unread', guest)).statusCode).toBe(200);
  });

  it('limits upload URLs and uploads per IP', async () => {
    const organiser = await onboardedUser(t, 'veranstalter');
    const bearer = { authorization: `Bearer ${organiser.token}` };
    const event = (
      await t.app.inject({ method: 'POST', url: '/api/event/-1', headers: bearer, payload: validEvent() })
    ).json<{ id: number }>();
    const ip = '10.0.4.1';
    const uploadUrl = `/api/file/upload/${organiser.organisationId}/${event.id}/Vertrag/pdf`;
    const first = await from(t, ip, uploadUrl, bearer);
    expect(first.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: first.json<{ url: string }>().url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    expect(put.statusCode).toBe(204);
    expect((await from(t, ip, uploadUrl, bearer)).statusCode).toBe(200);
    expectLimited(await from(t, ip, uploadUrl, bearer));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/sponsorships/1/signed-agreement/upload-url',
      remoteAddress: ip,
      headers: bearer,
      payload: { file_name: 'x.pdf' },
    });
    expectLimited(refused);
  });

  it('throttles sign-in per address and code confirmation per code (the identity provider)', async () => {
    const user = await signUpAndSignIn(t);
    const signIn = (password: string) =>
      callIdentity(t.app, 'InitiateAuth', {
        ClientId: t.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: password },
      });
    for (let i = 0; i < 5; i++) expect((await signIn('Wrong-Horse-1')).body.__type).toBe('NotAuthorizedException');
    const locked = await signIn(PASSWORD);
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    t.clock.advance(1000);
    expect((await signIn(PASSWORD)).status).toBe(200);

    const email = uniqueEmail('confirm');
    const after = await lastOutboxId(t.database.db);
    const signUp = await callIdentity(t.app, 'SignUp', {
      ClientId: t.config.identity.clientId,
      Username: email,
      Password: PASSWORD,
      ClientMetadata: { invitationCode: await newInvitationCode(t.database.db) },
    });
    expect(signUp.status).toBe(200);
    const code = await latestCode(t.database.db, email, { after });
    const confirm = (confirmationCode: string) =>
      callIdentity(t.app, 'ConfirmSignUp', {
        ClientId: t.config.identity.clientId,
        Username: email,
        ConfirmationCode: confirmationCode,
      });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(wrong)).body.__type).toBe('CodeMismatchException');
    // The right code no longer helps: 5 wrong entries spend it.
    expect((await confirm(code)).status).toBe(400);
  });
});

type Sampled = { known: number[]; unknown: number[] };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe.each(ENGINES)('identity timing does not reveal registered addresses on %s', (engine) => {
  const SAMPLES = 200;
  const HOUR_MS = 60 * 60 * 1000;

  /** Alternates known and unknown addresses; the clock moves past every per-address window in between. */
  async function sample(t: IdentityTestApp, samples: number, call: (email: string) => Promise<unknown>, known: string) {
    const result: Sampled = { known: [], unknown: [] };
    for (let i = 0; i < samples * 2; i++) {
      const isKnown = i % 2 === 0;
      const email = isKnown ? known : uniqueEmail('nobody');
      t.clock.advance(HOUR_MS + 1000);
      const start = process.hrtime.bigint();
      await call(email);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      (isKnown ? result.known : result.unknown).push(ms);
    }
    return { ...result, difference: Math.abs(median(result.known) - median(result.unknown)) };
  }

  const operations = (t: IdentityTestApp) => {
    const ClientId = t.config.identity.clientId;
    return {
      // Without an invitation: the gate refuses both before anyone learns whether the address exists.
      SignUp: (email: string) => callIdentity(t.app, 'SignUp', { ClientId, Username: email, Password: PASSWORD }),
      InitiateAuth: (email: string) =>
        callIdentity(t.app, 'InitiateAuth', {
          ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'Wrong-Horse-1' },
        }),
      ForgotPassword: (email: string) => callIdentity(t.app, 'ForgotPassword', { ClientId, Username: email }),
    };
  };

  it(`keeps the median difference under 10 ms over ${SAMPLES} samples each (SignUp, InitiateAuth, ForgotPassword)`, async () => {
    const t = await startIdentityApp(engine, { deps: { passwordHashing: FAST_HASHING } });
    try {
      const known = await signUpAndSignIn(t);
      const ops = operations(t);
      // Warm up code paths, caches and the dummy hash.
      for (const op of Object.values(ops)) for (let i = 0; i < 5; i++) await op(i % 2 ? known.email : uniqueEmail());
      for (const [name, op] of Object.entries(ops)) {
        const result = await sample(t, SAMPLES, op, known.email);
        expect(
          result.difference,
          `${name}: known ${median(result.known)} ms, unknown ${median(result.unknown)} ms`,
        ).toBeLessThan(10);
      }
    } finally {
      await t.close();
    }
  }, 120_000);

  it('costs a full password hash for unknown addresses too (hashing dearer than 10 ms)', async () => {
    const t = await startIdentityApp(engine, { deps: { passwordHashing: { N: 4096, r: 8, p: 1 } } });
    try {
      const known = await signUpAndSignIn(t);
      const { SignUp, InitiateAuth } = operations(t);
      await InitiateAuth(uniqueEmail());
      for (const [name, op] of Object.entries({ SignUp, InitiateAuth })) {
        const result = await sample(t, 15, op, known.email);
        expect(
          result.difference,
          `${name}: known ${median(result.known)} ms, unknown ${median(result.unknown)} ms`,
        ).toBeLessThan(10);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
