import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { startFakeS3, type FakeS3 } from '../../ports/blobs/s3-test-server.ts';
import { onboardedUser, type TestUser } from '../events/test-support.ts';
import { agreementWorld, pdfsig } from './test-support.ts';

let s3: FakeS3;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  s3 = await startFakeS3();
  const env = {
    AWS_ACCESS_KEY_ID: s3.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  for (const [name, value] of Object.entries(env)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await s3.close();
});

describe.each(ENGINES)('sealed agreements in S3 on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, {
      env: { S3_BUCKET: s3.bucket, S3_REGION: 'eu-central-1', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true' },
    });
    owner = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('stores the sealed PDF in the bucket by its hash and detects one changed byte there', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'en');
    const draftSha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    expect((await w.sign(guest, guest.sponsorshipId, draftSha)).statusCode).toBe(201);
    const done = await w.sign(owner, guest.sponsorshipId, draftSha);
    expect(done.statusCode).toBe(201);
    const sealedSha: string = done.json().signed_document.sha256;
    const key = `agreements/${guest.sponsorshipId}/${sealedSha}.pdf`;
    const object = s3.objects.get(key);
    expect(object, 'the sealed PDF is in the bucket').toBeDefined();
    expect(createHash('sha256').update(object!.body).digest('hex')).toBe(sealedSha);

    const final = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, guest);
    expect(final.statusCode).toBe(200);
    expect(await pdfsig(final.rawPayload)).toContain('Signature is Valid.');
    const verifyUrl = `/api/public/agreements/verify/${sealedSha}`;
    expect((await t.app.inject({ method: 'GET', url: verifyUrl })).json().found).toBe(true);

    object!.body[object!.body.length - 10]! ^= 0x20;
    const broken = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, guest);
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe('agreement.integrity-failed');
    // The record still verifies the genuine copy; the answer says the stored copy is damaged.
    expect((await t.app.inject({ method: 'GET', url: verifyUrl })).json()).toMatchObject({
      found: true,
      status: 'stored_copy_damaged',
    });
  });
});
