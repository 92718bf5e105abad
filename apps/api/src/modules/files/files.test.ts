import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { signUpAndSignIn, startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';

const MAX_BYTES = 4096;

describe.each(ENGINES)('event files in the local store on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let filesDir: string;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
    [organiser, other] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    if (t.config.files.store.kind !== 'local') throw new Error('expected the local store');
    filesDir = t.config.files.store.dir;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const createEvent = async (user = organiser) => {
    const res = await call('POST', '/api/event/-1', user.token, validEvent());
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; organisation_id: number };
  };
  const uploadUrl = async (eventId: number, fileName = 'Sponsorvertrag', user = organiser) => {
    const res = await call(
      'GET',
      `/api/file/upload/${user.organisationId}/${eventId}/${encodeURIComponent(fileName)}/pdf`,
      user.token,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as {
      url: string;
      file: string;
      key: string;
      s3_id: string;
      expires_at: string;
      max_bytes: number;
    };
  };
  const put = (
    url: string,
    body: Buffer | Readable,
    contentType = 'application/pdf',
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType, ...headers }, payload: body });
  const blobPath = (key: string) => path.join(filesDir, ...key.split('/'));
  const filesOf = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => d.name)
      : [];

  it('creates, uploads, saves with the file and downloads the same bytes', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id, 'Sponsorvertrag Müller 2026.pdf');
    expect(upload.url).toMatch(/^\/api\/files\/upload\/[\w-]+\.[\w-]+$/);
    expect(upload.file).toBe('Sponsorvertrag Müller 2026.pdf');
    expect(upload.key).toMatch(
      new RegExp(
        `^organisations/${organiser.organisationId}/events/${event.id}/${upload.s3_id}-Sponsorvertrag-Muller-2026\\.pdf$`,
      ),
    );
    expect(upload.max_bytes).toBe(MAX_BYTES);
    const expiresIn = Date.parse(upload.expires_at) - t.clock().getTime();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const bytes = pdfBytes('create-upload-save');
    const stored = await put(upload.url, bytes);
    expect(stored.statusCode).toBe(204);
    expect(fs.readFileSync(blobPath(upload.key))).toEqual(bytes);

    const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };
    const saved = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [file] }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().files).toEqual([file]);
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).json().files).toEqual([file]);
    const list = await call('GET', `/api/events/${organiser.organisationId}`, organiser.token);
    expect(list.json().find((e: { id: number }) => e.id === event.id).files).toEqual([file]);

    const download = await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, organiser.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(bytes);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Sponsorvertrag M_ller 2026.pdf"; filename*=UTF-8''Sponsorvertrag%20M%C3%BCller%202026.pdf`,
    );

    // Saving again with the same list keeps the file.
    const again = await call(
      'PUT',
      `/api/event/${event.id}`,
      organiser.token,
      validEvent({ title: 'Neu', files: [file] }),
    );
    expect(again.json().files).toEqual([file]);
    expect(fs.existsSync(blobPath(upload.key))).toBe(true);
  });

  it('replaces the file: the old blob is deleted, and removing the file deletes its blob', async () => {
    const event = await createEvent();
    const first = await uploadUrl(event.id, 'alt');
    expect((await put(first.url, pdfBytes('old'))).statusCode).toBe(204);
    const firstFile = { s3_id: first.s3_id, name: first.file, key: first.key };
    await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [firstFile] }));

    const second = await uploadUrl(event.id, 'neu');
    expect((await put(second.url, pdfBytes('new'))).statusCode).toBe(204);
    const secondFile = { s3_id: second.s3_id, name: second.file, key: second.key };
    const saved = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [secondFile] }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().files).toEqual([secondFile]);
    expect(fs.existsSync(blobPath(first.key))).toBe(false);
    expect((await call('GET', `/api/download?key=${encodeURIComponent(first.key)}`, organiser.token)).statusCode).toBe(
      404,
    );
    const download = await call('GET', `/api/download?key=${encodeURIComponent(second.key)}`, organiser.token);
    expect(download.rawPayload).toEqual(pdfBytes('new'));

    const cleared = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [] }));
    expect(cleared.json().files).toEqual([]);
    expect(fs.existsSync(blobPath(second.key))).toBe(false);
  });

  it('refuses bytes that are not a PDF, whatever the name and content type say, and stores nothing', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id, 'echt.pdf');
    const fake = await put(upload.url, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('upload.not-pdf');
    expect((await put(upload.url, Buffer.alloc(0))).statusCode).toBe(415);
    expect((await put(upload.url, Buffer.from('%PD'))).statusCode).toBe(415);
    expect(fs.existsSync(blobPath(upload.key))).toBe(false);
    expect(filesOf(path.join(filesDir, '.tmp'))).toEqual([]);

    const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };
    const save = await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [file] }));
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({ code: 'file.not-uploaded', fields: { files: 'not_uploaded' } });

    // The link was not used up by the refusal: the real PDF may still follow, sent as octet-stream.
    expect((await put(upload.url, pdfBytes(), 'application/octet-stream')).statusCode).toBe(204);
    expect((await put(upload.url, pdfBytes(), 'text/plain')).statusCode).toBe(415);
  });

  it('refuses content types other than PDF or octet-stream before reading the body', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id);
    const res = await put(upload.url, Buffer.from(JSON.stringify({ a: 1 })), 'application/json');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('request.unsupported-media-type');
  });

  it('refuses an upload over UPLOAD_MAX_BYTES by its declared length and while streaming', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id);
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES, 0x20)]);
    const declared = await put(upload.url, big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('upload.too-large');

    // No Content-Length: counted while it streams in, and stopped at the limit.
    const chunks = [pdfBytes(), ...Array.from({ length: 20 }, () => Buffer.alloc(1024, 0x20))];
    const streamed = await put(upload.url, Readable.from(chunks));
    expect(streamed.statusCode).toBe(413);
    expect(fs.existsSync(blobPath(upload.key))).toBe(false);
    expect(filesOf(path.join(filesDir, '.tmp'))).toEqual([]);

    const exact = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES - pdfBytes().length, 0x20)]);
    expect((await put(upload.url, Readable.from([exact]))).statusCode).toBe(204);
  });

  it('makes upload links single use', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id);
    expect((await put(upload.url, pdfBytes('first'))).statusCode).toBe(204);
    const reuse = await put(upload.url, pdfBytes('second'));
    expect(reuse.statusCode).toBe(409);
    expect(fs.readFileSync(blobPath(upload.key))).toEqual(pdfBytes('first'));
  });

  it('refuses expired links', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id);
    t.clock.advance(15 * 60_000 + 1000);
    try {
      const res = await put(upload.url, pdfBytes());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('upload.link-invalid');
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
    expect(fs.existsSync(blobPath(upload.key))).toBe(false);
  });

  it('refuses tampered links; a signature for one key cannot write another', async () => {
    const event = await createEvent();
    const mine = await uploadUrl(event.id, 'mine');
    const victimEvent = await createEvent(other);
    const victim = await uploadUrl(victimEvent.id, 'victim', other);
    const tokenOf = (url: string) => url.slice('/api/files/upload/'.length);
    const [payload, signature] = tokenOf(mine.url).split('.') as [string, string];

    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await put(`/api/files/upload/${payload}.${flipped}`, pdfBytes())).statusCode).toBe(403);
    expect((await put(`/api/files/upload/${payload}`, pdfBytes())).statusCode).toBe(403);
    expect((await put('/api/files/upload/garbage', pdfBytes())).statusCode).toBe(403);

    // My signature with the claims rewritten to the other organisation's key.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, k: victim.key, u: victim.s3_id, o: other.organisationId, e: victimEvent.id }),
    ).toString('base64url');
    expect((await put(`/api/files/upload/${forged}.${signature}`, pdfBytes('forged'))).statusCode).toBe(403);
    // The victim's payload with my signature.
    const [victimPayload] = tokenOf(victim.url).split('.') as [string];
    expect((await put(`/api/files/upload/${victimPayload}.${signature}`, pdfBytes('forged'))).statusCode).toBe(403);
    expect(fs.existsSync(blobPath(victim.key))).toBe(false);

    // Both links still work for their own key only.
    expect((await put(victim.url, pdfBytes('victim'))).statusCode).toBe(204);
    expect((await put(mine.url, pdfBytes('mine'))).statusCode).toBe(204);
    expect(fs.readFileSync(blobPath(victim.key))).toEqual(pdfBytes('victim'));
    expect(fs.readFileSync(blobPath(mine.key))).toEqual(pdfBytes('mine'));
  });

  it('only lists files uploaded for that event', async () => {
    const a = await createEvent();
    const b = await createEvent();
    const upload = await uploadUrl(a.id);
    expect((await put(upload.url, pdfBytes())).statusCode).toBe(204);
    const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };

    const wrongEvent = await call('PUT', `/api/event/${b.id}`, organiser.token, validEvent({ files: [file] }));
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json().fields).toEqual({ files: 'unknown_file' });
    const wrongKey = await call(
      'PUT',
      `/api/event/${a.id}`,
      organiser.token,
      validEvent({ files: [{ ...file, key: file.key.replace('.pdf', 'x.pdf') }] }),
    );
    expect(wrongKey.json().fields).toEqual({ files: 'unknown_file' });
    const unknown = await call(
      'PUT',
      `/api/event/${a.id}`,
      organiser.token,
      validEvent({ files: [{ ...file, s3_id: 'nope' }] }),
    );
    expect(unknown.json().fields).toEqual({ files: 'unknown_file' });
    // The event's own upload is accepted, listed once even when sent twice.
    const ok = await call('PUT', `/api/event/${a.id}`, organiser.token, validEvent({ files: [file, file] }));
    expect(ok.json().files).toEqual([file]);
  });

  it('checks the upload request: organisation, event, extension, and a safe key and name', async () => {
    const event = await createEvent();
    const base = `/api/file/upload/${organiser.organisationId}`;
    expect((await call('GET', `${base}/${event.id}/vertrag/docx`, organiser.token)).statusCode).toBe(415);
    expect((await call('GET', `${base}/${event.id}/vertrag/PDF`, organiser.token)).statusCode).toBe(200);
    expect((await call('GET', `${base}/-1/vertrag/pdf`, organiser.token)).statusCode).toBe(400);
    expect((await call('GET', `${base}/999999/vertrag/pdf`, organiser.token)).statusCode).toBe(404);
    const otherEvent = await createEvent(other);
    expect((await call('GET', `${base}/${otherEvent.id}/vertrag/pdf`, organiser.token)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${event.id}/vertrag/pdf`, null)).statusCode).toBe(401);

    const hostile = '..%2F..%2F..%2Fetc%2Fpasswd%00%E2%80%AEfdp.exe' + 'x'.repeat(300);
    const res = await call('GET', `${base}/${event.id}/${hostile}/pdf`, organiser.token);
    expect(res.statusCode).toBe(200);
    const { file, key } = res.json();
    expect([...file].some((c) => ['/', '\\', '\u0000', '\u202e'].includes(c))).toBe(false);
    expect(file.endsWith('.pdf')).toBe(true);
    expect(Array.from(file).length).toBeLessThanOrEqual(104);
    expect(key).toMatch(
      new RegExp(`^organisations/${organiser.organisationId}/events/${event.id}/[0-9a-f-]{36}-[A-Za-z0-9._-]+\\.pdf$`),
    );
    expect(key.split('/')).toHaveLength(5);
  });

  it('refuses another organisation for upload and download, and sponsors for upload', async () => {
    const event = await createEvent();
    const upload = await uploadUrl(event.id);
    expect((await put(upload.url, pdfBytes())).statusCode).toBe(204);
    const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };
    await call('PUT', `/api/event/${event.id}`, organiser.token, validEvent({ files: [file] }));

    const theirs = await call('GET', `/api/file/upload/${organiser.organisationId}/${event.id}/x/pdf`, other.token);
    expect(theirs.statusCode).toBe(403);
    const viaOwnOrg = await call('GET', `/api/file/upload/${other.organisationId}/${event.id}/x/pdf`, other.token);
    expect(viaOwnOrg.statusCode).toBe(404);
    const download = await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, other.token);
    expect(download.statusCode).toBe(404);
    expect((await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, null)).statusCode).toBe(401);

    // Every member of the organisation may download, whatever their role.
    const member = await signUpAndSignIn(t);
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('user_profiles')
      .values({
        cognito_id: member.sub,
        email: member.email,
        email_normalized: member.email.toLowerCase(),
        role: 'sponsor',
        organisation_id: organiser.organisationId,
        organisation_role: 'member',
        onboarding_completed: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const memberDownload = await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, member.AccessToken);
    expect(memberDownload.statusCode).toBe(200);
    expect(memberDownload.rawPayload).toEqual(pdfBytes());
    const memberUpload = await call(
      'GET',
      `/api/file/upload/${organiser.organisationId}/${event.id}/x/pdf`,
      member.AccessToken,
    );
    expect(memberUpload.statusCode).toBe(403);

    const sponsor = await onboardedUser(t, 'sponsor');
    expect(
      (await call('GET', `/api/file/upload/${sponsor.organisationId}/${event.id}/x/pdf`, sponsor.token)).statusCode,
    ).toBe(403);
    const newcomer = await signUpAndSignIn(t);
    expect(
      (await call('GET', `/api/file/upload/${organiser.organisationId}/${event.id}/x/pdf`, newcomer.AccessToken))
        .statusCode,
    ).toBe(403);
  });

  it('answers 404 for unknown keys and keys that try to leave the store', async () => {
    for (const key of [
      'nope',
      '../../test.sqlite',
      `organisations/${organiser.organisationId}/../../x.pdf`,
      '/etc/passwd',
    ]) {
      const res = await call('GET', `/api/download?key=${encodeURIComponent(key)}`, organiser.token);
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', '/api/download', organiser.token)).statusCode).toBe(400);
  });

  it("deletes an organisation's events, file records and blobs with its last member", async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const event = await createEvent(owner);
    const upload = await uploadUrl(event.id, 'weg', owner);
    expect((await put(upload.url, pdfBytes())).statusCode).toBe(204);
    await call(
      'PUT',
      `/api/event/${event.id}`,
      owner.token,
      validEvent({ files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }] }),
    );
    expect(fs.existsSync(blobPath(upload.key))).toBe(true);

    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);
    const db = t.database.db;
    expect(
      await db.selectFrom('events').select('id').where('organisation_id', '=', owner.organisationId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('event_files').select('s3_id').where('organisation_id', '=', owner.organisationId).execute(),
    ).toEqual([]);
    expect(fs.existsSync(path.join(filesDir, 'organisations', String(owner.organisationId)))).toBe(false);
    // Other organisations keep theirs.
    expect(filesOf(path.join(filesDir, 'organisations', String(organiser.organisationId))).length).toBeGreaterThan(0);
  });
});
