// The limits on raw bodies (issue 57 point 1, decision 063): each route that takes a file refuses a
// body past its own limit with 413 (by the declared length, and while a chunked body streams), and
// every client address has a byte budget per minute on top of its request count: 429 with
// Retry-After once the bytes would pass it, counted in memory or, with REDIS_URL, across processes.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_LIMITS, SPONSOR_PROFILE_LIMITS } from '@sp/shared';
import { ENGINES } from '../helpers.ts';
import { loadConfig } from '../../src/config.ts';
import { startIdentityApp, type IdentityTestApp } from '../../src/identity/test-support.ts';
import { countedBytes } from '../../src/plugins/byte-limit.ts';
import { binaryPdf, bodyWorld, largestLogo } from './binary-bodies-world.ts';

const MB = 1024 * 1024;
const VERIFY = '/api/public/agreements/verify';
const LIMITS = { RATE_LIMIT_VERIFY_MB: '5/60', RATE_LIMIT_UPLOAD_MB: '3/60', UPLOAD_MAX_BYTES: String(MB) };

/** A stream goes out chunked, as over a real connection (inject itself would send neither header). */
const headersFor = (payload: Buffer | Readable): Record<string, string> => ({
  'content-type': 'application/pdf',
  ...(Buffer.isBuffer(payload) ? {} : { 'transfer-encoding': 'chunked' }),
});

type Res = { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string };

const expectBytesLimited = (res: Res) => {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers.connection).toBe('close');
  expect(res.json()).toMatchObject({ status: 429, code: 'request.rate-limited', type: expect.any(String) });
};

describe('byte budget configuration', () => {
  it('has defaults, takes megabytes/seconds or off, and refuses a budget below one largest body', () => {
    expect(loadConfig({}).byteLimits).toEqual({
      uploadBytes: { maxBytes: 100 * MB, windowMs: 60_000 },
      verifyBytes: { maxBytes: 20 * MB, windowMs: 60_000 },
    });
    expect(loadConfig({ RATE_LIMIT_UPLOAD_MB: 'off', RATE_LIMIT_VERIFY_MB: '8/30' }).byteLimits).toEqual({
      uploadBytes: null,
      verifyBytes: { maxBytes: 8 * MB, windowMs: 30_000 },
    });
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD_MB: '10/60' })).toThrow(/RATE_LIMIT_UPLOAD_MB/);
    expect(() => loadConfig({ RATE_LIMIT_VERIFY_MB: '1/60' })).toThrow(/RATE_LIMIT_VERIFY_MB/);
    expect(() => loadConfig({ RATE_LIMIT_VERIFY_MB: 'much' })).toThrow(/RATE_LIMIT_VERIFY_MB/);
  });

  it('counts a body by its declared length, a chunked one as its route limit, none as nothing', () => {
    expect(countedBytes({ 'content-length': '1234' }, MB)).toBe(1234);
    expect(countedBytes({ 'content-length': String(MB + 1) }, MB)).toBeNull();
    expect(countedBytes({ 'transfer-encoding': 'chunked' }, MB)).toBe(MB);
    expect(countedBytes({ 'content-length': '0' }, MB)).toBe(0);
    expect(countedBytes({}, MB)).toBe(0);
  });
});

describe.each(ENGINES)('body limits on %s', (engine) => {
  let t: IdentityTestApp;
  let w: Awaited<ReturnType<typeof bodyWorld>>;
  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: LIMITS });
    w = await bodyWorld(() => t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const verify = (payload: Buffer | Readable, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: VERIFY, headers: headersFor(payload), payload, remoteAddress });

  it('refuses a PDF to verify past its limit with 413, unread and uncounted', async () => {
    const ip = '10.63.0.1';
    const over = await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes + 1), ip);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ status: 413, code: 'request.too-large' });
    // Not counted for the bytes it declared: the largest PDF still fits the 5 MB budget.
    const largest = await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes), ip);
    expect(largest.json()).toMatchObject({ found: false });
    // Without a declared length it is read, and stopped as it passes the limit.
    const streamed = await verify(
      Readable.from([binaryPdf(AGREEMENT_LIMITS.verifyBytes), Buffer.alloc(1)]),
      '10.63.0.2',
    );
    expect(streamed.json()).toMatchObject({ status: 413, code: 'request.too-large' });
  });

  it('refuses a logo and an upload past their limits with 413', async () => {
    const logo = await w.uploadLogo(w.guest, binaryPdf(SPONSOR_PROFILE_LIMITS.logoBytes + 1));
    expect(logo.json()).toMatchObject({ status: 413, code: 'request.too-large' });
    const link = await w.guestUpload();
    const upload = await t.app.inject({
      method: 'PUT',
      url: link.path,
      headers: { 'content-type': 'application/pdf' },
      payload: binaryPdf(MB + 1),
      remoteAddress: '10.63.1.1',
    });
    expect(upload.json()).toMatchObject({ status: 413, code: 'upload.too-large' });
  });

  it('limits the bytes of verifications per address, not only their number', async () => {
    const ip = '10.63.2.1';
    expect((await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes), ip)).statusCode).toBe(200);
    expectBytesLimited(await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes), ip));
    // What still fits the window is taken; another address has its own budget.
    expect((await verify(binaryPdf(512 * 1024), ip)).statusCode).toBe(200);
    expectBytesLimited(await verify(binaryPdf(MB), ip));
    expect((await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes), '10.63.2.2')).statusCode).toBe(200);
    // The hash route costs no bytes.
    const byHash = await t.app.inject({ url: `${VERIFY}/${'0'.repeat(64)}`, remoteAddress: ip });
    expect(byHash.json()).toMatchObject({ found: false });
    t.clock.advance(60_000);
    expect((await verify(binaryPdf(AGREEMENT_LIMITS.verifyBytes), ip)).statusCode).toBe(200);
  });

  it('limits the bytes of uploads and logos per address together, before the link is used', async () => {
    const ip = '10.63.3.1';
    const put = (path: string, payload: Buffer | Readable) =>
      t.app.inject({ method: 'PUT', url: path, headers: headersFor(payload), payload, remoteAddress: ip });
    const logo = await largestLogo(SPONSOR_PROFILE_LIMITS.logoBytes);
    const logoRes = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/logo',
      headers: { authorization: w.guestAuthorization, 'content-type': 'image/png' },
      payload: logo,
      remoteAddress: ip,
    });
    expect(logoRes.statusCode, logoRes.body).toBe(200);
    expect((await put((await w.organiserUpload()).path, binaryPdf(MB))).statusCode).toBe(204);
    // What is left of the 3 MB: one byte more is refused, exactly that much is taken.
    const left = 3 * MB - logo.length - MB;
    expect(left).toBeLessThan(MB);
    const link = await w.guestUpload();
    expectBytesLimited(await put(link.path, binaryPdf(left + 1)));
    expect((await put((await w.organiserUpload()).path, binaryPdf(left))).statusCode).toBe(204);

    // A body without a length counts as the route's limit (1 MB here): three fit, the fourth does not.
    t.clock.advance(60_000);
    for (let i = 0; i < 3; i++) {
      expect((await put((await w.organiserUpload()).path, Readable.from([binaryPdf(1000)]))).statusCode).toBe(204);
    }
    expectBytesLimited(await put((await w.organiserUpload()).path, Readable.from([binaryPdf(1000)])));

    // The refused link was not used up: it takes the file in the next window.
    t.clock.advance(60_000);
    expect((await put(link.path, binaryPdf(1000))).statusCode).toBe(204);
    const stored = await w.asGuest('PUT', `/api/sponsorships/${w.guest.sponsorshipId}/signed-agreement`, w.guest, {
      s3_id: link.s3_id,
      key: link.key,
    });
    expect(stored.statusCode, stored.body).toBe(200);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

// CI sets TEST_REDIS_URL (.ci/run); without it there is no Redis to count in.
describe.each(REDIS_URL ? ['Redis'] : [])('byte budgets across processes (%s)', () => {
  let a: IdentityTestApp;
  let b: IdentityTestApp;
  beforeAll(async () => {
    const env = { ...LIMITS, REDIS_URL, REDIS_KEY_PREFIX: `sp-test-bytes-${Date.now()}:` };
    [a, b] = await Promise.all([startIdentityApp('sqlite', { env }), startIdentityApp('sqlite', { env })]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const send = (t: IdentityTestApp, size: number, remoteAddress = '10.63.9.1') =>
    t.app.inject({
      method: 'POST',
      url: VERIFY,
      headers: headersFor(Buffer.alloc(0)),
      payload: binaryPdf(size),
      remoteAddress,
    });

  /** Until its Redis connection is up, a process lets bodies through uncounted (decision 024). */
  const untilCounting = async (t: IdentityTestApp, name: 'a' | 'b') => {
    for (let attempt = 1; attempt <= 50; attempt++) {
      const ip = `10.63.${name === 'a' ? 7 : 8}.${attempt}`;
      await send(t, AGREEMENT_LIMITS.verifyBytes, ip);
      if ((await send(t, AGREEMENT_LIMITS.verifyBytes, ip)).statusCode === 429) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`process ${name} never counted in Redis`);
  };

  it('counts one address’s bytes on every process', async () => {
    await untilCounting(a, 'a');
    await untilCounting(b, 'b');
    expect((await send(a, AGREEMENT_LIMITS.verifyBytes)).statusCode).toBe(200);
    expectBytesLimited(await send(b, AGREEMENT_LIMITS.verifyBytes));
    expect((await send(b, 512 * 1024)).statusCode).toBe(200);
    expectBytesLimited(await send(a, MB));
  });
});
