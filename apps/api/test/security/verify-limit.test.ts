// The verification's body limit fits what the product makes (decision 063): the largest sealed
// agreement the signing page can produce (clauses at their limit, both signatures drawn at the pad's
// largest export of 600 × 240 px with pixels that defeat compression) is verified by its bytes, with
// room to spare. Measured 2026-12-02: 1.2 MB, the limit is 4 MB.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_LIMITS } from '@sp/shared';
import { ENGINES } from '../helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../src/identity/test-support.ts';
import { onboardedUser } from '../../src/modules/events/test-support.ts';
import { agreementWorld } from '../../src/modules/agreements/test-support.ts';

/** The signing page's export size (apps/web/src/features/agreements/utils/signature-strokes.ts). */
const PAD = { width: 600, height: 240 };

/**
 * A PNG that is small (each row is the one before plus 1, which PNG's filters undo) but whose pixels
 * a PDF keeps almost uncompressed (no filter there): the largest image a drawn signature can become.
 */
async function worstSignature(): Promise<string> {
  const { width, height } = PAD;
  const row = randomBytes(width * 4);
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < row.length; x++) pixels[y * row.length + x] = (row[x]! + y) & 255;
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe.each(ENGINES)('the verification limit on %s', (engine) => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('takes the largest sealed agreement the signing page makes, with room to spare', async () => {
    const w = agreementWorld(() => t);
    const owner = await onboardedUser(t, 'veranstalter');
    const clauses = Array.from({ length: 1600 }, (_, i) => `Klausel${(i * 7919) % 997}ä`)
      .join(' ')
      .slice(0, AGREEMENT_LIMITS.clauses);
    const event = await w.generatedEvent(owner, clauses);
    const guest = await w.readySponsor(owner, event);
    const signature = await worstSignature();
    const sha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    expect((await w.sign(guest, guest.sponsorshipId, sha, { drawn_signature: signature })).statusCode).toBe(201);
    const countersigned = await w.sign(owner, guest.sponsorshipId, sha, {
      drawn_signature: signature,
      full_name: 'Anna Größe',
      position: 'Vorstand',
    });
    expect(countersigned.statusCode, countersigned.body).toBe(201);
    const sealed = await w.call('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, owner.token);
    expect(sealed.statusCode).toBe(200);

    expect(sealed.rawPayload.length).toBeGreaterThan(AGREEMENT_LIMITS.verifyBytes / 8);
    expect(sealed.rawPayload.length * 2).toBeLessThan(AGREEMENT_LIMITS.verifyBytes);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/public/agreements/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: sealed.rawPayload,
    });
    expect(verified.json()).toMatchObject({ found: true });
  }, 120_000);
});
