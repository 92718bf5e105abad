// A refusal made on the worker pool reaches the client as the refusal made without it (decision
// 097): the logo's type, header and pixel checks run on a worker thread (checkAndDraw), and each
// logo.* AppError crosses back as the same AppError — the same 4xx, code and detail as the same
// function answers on the main thread — not as a 500. A plain error still crosses as a plain one.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { AppError } from '../../lib/errors.ts';
import { crossingError, rebuiltError } from '../../lib/work-pool-errors.ts';
import { onboardedUser, validEvent } from '../events/test-support.ts';
import { checkAndDraw } from './logo-image.ts';
import { hugePngHeader, logoFile, sponsorWorld, svgLogo, type Guest } from './test-support.ts';

/** What the same checks answer on the main thread, without the pool. */
async function inlineRefusal(bytes: Buffer): Promise<AppError> {
  const error = await checkAndDraw(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the crossing of an error', () => {
  it('rebuilds an AppError with its code, detail and fields, and leaves other errors as they are', () => {
    const known = new AppError('logo.unreadable', 'The image cannot be decoded', { logo: 'broken' });
    // What the caller receives is a structured clone: only the message survives.
    const received = structuredClone(crossingError(known)) as Error;
    const rebuilt = rebuiltError(received);
    expect(rebuilt).toBeInstanceOf(AppError);
    expect(rebuilt).toMatchObject({ code: 'logo.unreadable', statusCode: 400, message: known.message });
    expect((rebuilt as AppError).fields).toEqual({ logo: 'broken' });
    const plain = new Error('the sealing key file holds no private key');
    const crossed = rebuiltError(structuredClone(crossingError(plain)));
    expect(crossed).not.toBeInstanceOf(AppError);
    expect((crossed as Error).message).toBe(plain.message);
  });
});

describe.each(ENGINES)('worker-side logo refusals on %s', (engine) => {
  let t: IdentityTestApp;
  let guest: Guest;
  const w = sponsorWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: { RATE_LIMIT_UPLOADS: 'off' } });
    const organiser = await onboardedUser(t, 'veranstalter');
    const eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent())).json().id;
    guest = await w.invite(organiser, eventId);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('answers the same 4xx, code and detail through the pool as the checks do inline', async () => {
    const png = await logoFile('png', 300, 300);
    // A valid header over a body the decoder refuses: only the worker (sharp) can tell.
    const undecodable = Buffer.concat([png.subarray(0, 33), Buffer.alloc(2000, 0x41)]);
    const cases = [
      svgLogo,
      Buffer.from('GIF89a not a logo we take'),
      hugePngHeader(),
      png.subarray(0, 20),
      undecodable,
    ];
    const seen = new Set<string>();
    for (const bytes of cases) {
      const inline = await inlineRefusal(bytes);
      const res = await w.uploadLogo(guest, bytes, 'image/png');
      expect(res.statusCode, res.body).toBe(inline.statusCode);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: inline.code, detail: inline.message });
      seen.add(inline.code);
    }
    // Every refusal the worker makes is among them.
    expect([...seen].sort()).toEqual([
      'logo.svg-refused',
      'logo.too-many-pixels',
      'logo.unreadable',
      'logo.unsupported-type',
    ]);
  });
});
