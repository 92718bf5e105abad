import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENGINES } from '../../../test/helpers.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { registerWithInvitation } from '../../modules/invitations/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../../modules/events/test-support.ts';
import { createS3BlobStore } from './s3.ts';
import { startFakeS3, type FakeS3 } from './s3-test-server.ts';
import type { S3BlobStore, UploadTarget } from './blob-port.ts';

const MAX_BYTES = 2048;
let s3: FakeS3;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  s3 = await startFakeS3();
  // The adapter takes its credentials from the standard AWS environment, as in production.
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

const putPdf = (url: string, body: Buffer, contentType = 'application/pdf') =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });

describe('file storage configuration', () => {
  it('keeps files under DATA_DIR/files with a 20 MB limit by default, and uses S3 when S3_BUCKET is set', () => {
    const local = loadConfig({ DATA_DIR: '/srv/sp' });
    expect(local.files).toEqual({ maxBytes: 20 * 1024 * 1024, store: { kind: 'local', dir: '/srv/sp/files' } });
    const remote = loadConfig({ S3_BUCKET: 'my-bucket', S3_REGION: 'eu-central-1', UPLOAD_MAX_BYTES: '1000' });
    expect(remote.files).toEqual({
      maxBytes: 1000,
      store: { kind: 's3', bucket: 'my-bucket', region: 'eu-central-1', endpoint: undefined, forcePathStyle: false },
    });
    expect(() => loadConfig({ S3_BUCKET: 'my-bucket' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
  });
});

describe('S3 blob store against an S3-compatible server', () => {
  let store: S3BlobStore;
  beforeAll(() => {
    store = createS3BlobStore({
      bucket: s3.bucket,
      region: 'eu-central-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
  });
  afterAll(() => store.close());

  const target = (key: string): UploadTarget => ({
    uploadId: key.split('/')[4]!.slice(0, 36),
    key,
    organisationId: 7,
    eventId: 3,
    expiresAt: new Date(Date.now() + 900_000),
    ttlSeconds: 900,
    contentType: 'application/pdf',
  });
  const key = (n: number) => `organisations/7/events/3/00000000-0000-4000-8000-00000000000${n}-vertrag.pdf`;

  it('uploads through a presigned PUT bound to the key and the PDF content type', async () => {
    const url = await store.createUploadUrl(target(key(1)));
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${key(1)}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');

    expect((await putPdf(url, pdfBytes(), 'text/html')).status).toBe(403);
    const tampered = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await putPdf(tampered, pdfBytes())).status).toBe(403);
    const otherKey = url.replace(key(1), key(2));
    expect((await putPdf(otherKey, pdfBytes())).status).toBe(403);
    expect(s3.objects.size).toBe(0);

    const put = await putPdf(url, pdfBytes('s3'));
    expect(put.status).toBe(200);
    expect(s3.objects.get(key(1))?.body).toEqual(pdfBytes('s3'));
    expect(s3.objects.get(key(1))?.contentType).toBe('application/pdf');

    // The object reads back through a presigned GET as well (the server checks those signatures too).
    const client = new S3Client({
      region: 'eu-central-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: key(1) }), {
      expiresIn: 60,
    });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(pdfBytes('s3'));
    expect((await fetch(getUrl.replace('X-Amz-Expires=60', 'X-Amz-Expires=61'))).status).toBe(403);
    client.destroy();
  });

  it("stores a logo the server made, under a logo key only, and removes it with its profile's prefix", async () => {
    const logoKey = 'sponsor-logos/12/0123456789abcdef0123456789abcdef.webp';
    await store.put(logoKey, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(s3.objects.get(logoKey)).toMatchObject({ body: Buffer.from('RIFF....WEBP'), contentType: 'image/webp' });
    await expect(store.put('sponsor-logos/12/../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/blob key/);
    await store.deletePrefix('sponsor-logos/12/');
    expect(s3.objects.has(logoKey)).toBe(false);
  });

  it('inspects, reads, copies and deletes objects, and deletes by prefix', async () => {
    expect((await putPdf(await store.createUploadUrl(target(key(3))), pdfBytes('three'))).status).toBe(200);
    expect((await putPdf(await store.createUploadUrl(target(key(4))), Buffer.from('%P'))).status).toBe(200);

    const info = await store.inspect(key(3), 5);
    expect(info).toEqual({ size: pdfBytes('three').length, head: Buffer.from('%PDF-') });
    expect(await store.inspect(key(4), 5)).toEqual({ size: 2, head: Buffer.from('%P') });
    expect(await store.inspect(key(5), 5)).toBeNull();

    const read = await store.read(key(3));
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(pdfBytes('three'));
    expect(read!.size).toBe(pdfBytes('three').length);
    expect(await store.read(key(5))).toBeNull();

    await store.delete(key(4));
    expect(s3.objects.has(key(4))).toBe(false);
    await store.delete(key(4));

    const archived = 'archive/agreements/00000000-0000-4000-8000-000000000003-vertrag.pdf';
    await store.copy(key(3), archived);
    expect(s3.objects.get(archived)).toEqual({ body: pdfBytes('three'), contentType: 'application/pdf' });
    await store.copy(key(3), archived);
    await expect(store.copy(key(5), archived.replace('0003', '0005'))).rejects.toThrow();
    await expect(store.copy(key(3), 'archive/../x.pdf')).rejects.toThrow(/Invalid blob key/);

    s3.objects.set('organisations/70/events/1/keep.pdf', { body: pdfBytes(), contentType: 'application/pdf' });
    await store.deletePrefix('organisations/7/');
    expect([...s3.objects.keys()].sort()).toEqual([archived, 'organisations/70/events/1/keep.pdf']);
    await expect(store.deletePrefix('organisations/')).rejects.toThrow();
  });
});

describe.each(ENGINES)('event files in S3 on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, {
      env: {
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
        S3_BUCKET: s3.bucket,
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    organiser = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => t.close());

  const newEvent = async () =>
    (await call('POST', '/api/event/-1', organiser.token, validEvent())).json() as { id: number };
  const uploadUrl = async (eventId: number, name = 'Vertrag') => {
    const res = await call(
      'GET',
      `/api/file/upload/${organiser.organisationId}/${eventId}/${name}/pdf`,
      organiser.token,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as { url: string; file: string; key: string; s3_id: string };
  };
  const asFile = (u: { s3_id: string; file: string; key: string }) => ({ s3_id: u.s3_id, name: u.file, key: u.key });

  it('uploads to the bucket, verifies on save, downloads through the API and deletes a replaced file', async () => {
    const event = await newEvent();
    const first = await uploadUrl(event.id, 'Erster');
    expect(
      first.url.startsWith(`${s3.endpoint}/${s3.bucket}/organisations/${organiser.organisationId}/events/${event.id}/`),
    ).toBe(true);
    expect(t.app.hasRoute({ method: 'PUT', url: '/api/files/upload/:token' })).toBe(false);

    const notYet = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [asFile(first)] }));
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().fields).toEqual({ files: 'not_uploaded' });

    expect((await putPdf(first.url, pdfBytes('first'))).status).toBe(200);
    s3.log.length = 0;
    const saved = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [asFile(first)] }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().files).toEqual([asFile(first)]);
    expect(s3.log).toEqual([`HEAD ${first.key}`, `GET ${first.key}`]);

    const download = await call('GET', `/api/download?key=${encodeURIComponent(first.key)}`, organiser.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdfBytes('first'));
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Erster.pdf"');

    const second = await uploadUrl(event.id, 'Zweiter');
    expect((await putPdf(second.url, pdfBytes('second'))).status).toBe(200);
    const replaced = await call(
      'PUT',
      `/api/event/${event.id}`,
      organiser.token,
      validEvent({ files: [asFile(second)] }),
    );
    expect(replaced.json().files).toEqual([asFile(second)]);
    expect(s3.objects.has(first.key)).toBe(false);
    expect(s3.objects.has(second.key)).toBe(true);
  });

  it('deletes uploads that are not PDFs or too large when the event is saved', async () => {
    const event = await newEvent();
    const fake = await uploadUrl(event.id, 'fake');
    expect((await putPdf(fake.url, Buffer.from('MZ\x90\x00 not a pdf'))).status).toBe(200);
    const refused = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [asFile(fake)] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ files: 'not_pdf' });
    expect(s3.objects.has(fake.key)).toBe(false);

    const big = await uploadUrl(event.id, 'big');
    expect((await putPdf(big.url, Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES)]))).status).toBe(200);
    const tooLarge = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [asFile(big)] }));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fields).toEqual({ files: 'too_large' });
    expect(s3.objects.has(big.key)).toBe(false);
    expect((await call('GET', `/api/download?key=${encodeURIComponent(big.key)}`, organiser.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).json().files).toEqual([]);
  });

  it("deletes the organisation's objects with the organisation", async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const event = (await call('POST', '/api/event/-1', owner.token, validEvent())).json();
    const res = await call('GET', `/api/file/upload/${owner.organisationId}/${event.id}/weg/pdf`, owner.token);
    expect((await putPdf(res.json().url, pdfBytes())).status).toBe(200);
    const prefix = `organisations/${owner.organisationId}/`;
    expect([...s3.objects.keys()].some((k) => k.startsWith(prefix))).toBe(true);
    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);
    expect([...s3.objects.keys()].some((k) => k.startsWith(prefix))).toBe(false);
    expect([...s3.objects.keys()].some((k) => k.startsWith(`organisations/${organiser.organisationId}/`))).toBe(true);
  });

  it("copies a deleted organisation's signed agreements to archive/ before deleting its objects", async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const event = (await call('POST', '/api/event/-1', owner.token, validEvent())).json();
    const email = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', owner.token, { email, event_id: event.id });
    const sponsorshipId = invited.json().sponsorId as number;
    const sponsor = await registerWithInvitation(t, email, new URL(invited.json().url).searchParams.get('token')!);
    const upload = (
      await call('POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, sponsor.token, {
        file_name: 'signed.pdf',
      })
    ).json();
    expect((await putPdf(upload.url, pdfBytes('signed in s3'))).status).toBe(200);
    const attached = await call('PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, sponsor.token, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.statusCode).toBe(200);

    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);
    expect([...s3.objects.keys()].some((k) => k.startsWith(`organisations/${owner.organisationId}/`))).toBe(false);
    const [archived] = (await call('GET', '/api/archived-agreements', sponsor.token)).json();
    const row = await t.database.db
      .selectFrom('archived_agreements')
      .select('blob_key')
      .where('id', '=', archived.id)
      .executeTakeFirstOrThrow();
    expect(row.blob_key).toMatch(/^archive\/agreements\/[0-9a-f-]{36}-signed\.pdf$/);
    expect(s3.objects.get(row.blob_key)?.body).toEqual(pdfBytes('signed in s3'));
    const download = await call('GET', `/api/archived-agreements/${archived.id}/file`, sponsor.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdfBytes('signed in s3'));
  });
});
