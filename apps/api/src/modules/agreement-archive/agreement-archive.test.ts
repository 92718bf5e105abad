import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { runAdmin } from '../../admin.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember, registerWithInvitation, type SignedIn } from '../invitations/test-support.ts';
import { retainUntil } from './service.ts';

type Upload = { url: string; key: string; s3_id: string; file: string };
type Archived = {
  id: number;
  organisation_name: string;
  organisation_address: string;
  event_title: string;
  event_date: string;
  sponsor_email: string;
  amount_cents: number | null;
  status: string;
  file_name: string;
  size: number | null;
  signed_uploaded_at: string;
  archived_at: string;
  retain_until: string;
};

describe('retention period', () => {
  it('runs for the configured years after the end of the German calendar year of signing', () => {
    expect(retainUntil(new Date('2026-03-15T10:00:00Z'), 10).toISOString()).toBe('2037-01-01T00:00:00.000Z');
    // 23:30 UTC on 31 December is already the next year in Germany: the period starts a year later.
    expect(retainUntil(new Date('2026-12-31T23:30:00Z'), 10).toISOString()).toBe('2038-01-01T00:00:00.000Z');
    expect(retainUntil(new Date('2026-01-01T00:00:00Z'), 6).toISOString()).toBe('2033-01-01T00:00:00.000Z');
  });
});

describe.each(ENGINES)('legal retention of signed agreements on %s', (engine) => {
  let t: IdentityTestApp;
  let filesDir: string;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    if (t.config.files.store.kind !== 'local') throw new Error('expected the local store');
    filesDir = t.config.files.store.dir;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const blobPath = (key: string) => path.join(filesDir, ...key.split('/'));
  const archiveRows = (organisationId: number) =>
    t.database.db
      .selectFrom('archived_agreements')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute();

  /** An organisation with an event and its agreement PDF. */
  const organisationWithEvent = async (title: string) => {
    const owner = await onboardedUser(t, 'veranstalter');
    const event = (
      await call('POST', '/api/event/-1', owner.token, validEvent({ title, event_date: '2026-09-12' }))
    ).json<{ id: number }>();
    return { owner, eventId: event.id };
  };

  /** Invites a new sponsor address to the event, registers it and uploads a signed agreement. */
  const signedSponsor = async (owner: TestUser, eventId: number, amount = 150_000, text = 'unterschrieben') => {
    const email = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', owner.token, {
      email,
      event_id: eventId,
      amount_cents: amount,
    });
    expect(invited.statusCode).toBe(201);
    const sponsorshipId = invited.json<{ sponsorId: number }>().sponsorId;
    const sponsor = await registerWithInvitation(t, email, new URL(invited.json().url).searchParams.get('token')!);
    const upload = (
      await call('POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, sponsor.token, {
        file_name: 'Vertrag unterschrieben.pdf',
      })
    ).json<Upload>();
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(text),
    });
    expect(put.statusCode).toBe(204);
    const attached = await call('PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, sponsor.token, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.json().status).toBe('signed');
    return { sponsor, sponsorshipId, key: upload.key };
  };

  const listArchived = async (user: SignedIn | TestUser) => {
    const res = await call('GET', '/api/archived-agreements', user.token);
    expect(res.statusCode).toBe(200);
    return res.json<Archived[]>();
  };

  it("archives an organisation's signed agreements when it is deleted, and only their sponsor sees them", async () => {
    const { owner, eventId } = await organisationWithEvent('Herbstlauf');
    const signed = await signedSponsor(owner, eventId, 150_000, 'signed herbstlauf');
    const confirmed = await call('POST', `/api/sponsorships/${signed.sponsorshipId}/status`, owner.token, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode).toBe(200);
    // A sponsorship without a signed agreement has nothing to keep.
    const unsigned = uniqueEmail('unsigned');
    await call('POST', '/api/sponsor-invitation', owner.token, { email: unsigned, event_id: eventId });
    expect(fs.existsSync(blobPath(signed.key))).toBe(true);
    const before = t.clock();

    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);

    // The organisation and its sponsorships are gone; one archive row with the contract's details.
    const db = t.database.db;
    expect(
      await db.selectFrom('sponsorships').select('id').where('organisation_id', '=', owner.organisationId).execute(),
    ).toEqual([]);
    const rows = await archiveRows(owner.organisationId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.blob_key).toMatch(/^archive\/agreements\/[0-9a-f-]{36}-Vertrag-unterschrieben\.pdf$/);
    expect(row.sponsorship_id).toBe(signed.sponsorshipId);

    // The PDF was copied out of the organisation's prefix before that was deleted.
    expect(fs.existsSync(path.join(filesDir, 'organisations', String(owner.organisationId)))).toBe(false);
    expect(fs.readFileSync(blobPath(row.blob_key))).toEqual(pdfBytes('signed herbstlauf'));

    const mine = await listArchived(signed.sponsor);
    expect(mine).toEqual([
      {
        id: row.id,
        organisation_name: 'Sportverein Musterstadt e.V.',
        organisation_address: 'Hauptstraße 12a, 10115 Berlin, DE',
        event_title: 'Herbstlauf',
        event_date: '2026-09-12',
        sponsor_email: signed.sponsor.email,
        amount_cents: 150_000,
        status: 'confirmed',
        file_name: 'Vertrag unterschrieben.pdf',
        size: pdfBytes('signed herbstlauf').length,
        signed_uploaded_at: expect.any(String),
        archived_at: expect.any(String),
        retain_until: retainUntil(new Date(mine[0]!.signed_uploaded_at), 10).toISOString(),
      },
    ]);
    expect(Date.parse(mine[0]!.archived_at)).toBeGreaterThanOrEqual(before.getTime());
    expect(new Date(mine[0]!.retain_until).getUTCFullYear()).toBe(
      new Date(mine[0]!.signed_uploaded_at).getUTCFullYear() + 11,
    );

    const download = await call('GET', `/api/archived-agreements/${row.id}/file`, signed.sponsor.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Vertrag unterschrieben.pdf"');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload).toEqual(pdfBytes('signed herbstlauf'));

    // Nobody else: another user sees none and gets 404 for the file; no credentials get 401.
    const other = await onboardedUser(t, 'beides');
    expect(await listArchived(other)).toEqual([]);
    const refused = await call('GET', `/api/archived-agreements/${row.id}/file`, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('archive.not-found');
    expect((await call('GET', `/api/archived-agreements/${row.id + 1000}/file`, signed.sponsor.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/archived-agreements', null)).statusCode).toBe(401);
    expect((await call('GET', `/api/archived-agreements/${row.id}/file`, null)).statusCode).toBe(401);
    // The old key is no download any more either.
    const oldKey = await call('GET', `/api/download?key=${encodeURIComponent(signed.key)}`, signed.sponsor.token);
    expect(oldKey.statusCode).toBe(404);
  });

  it('archives nothing while the organisation keeps a member', async () => {
    const { owner, eventId } = await organisationWithEvent('Vereinsfest');
    const member = await joinedMember(t, owner);
    await signedSponsor(owner, eventId);
    expect((await call('DELETE', `/api/user-profile/${member.sub}`, member.token)).statusCode).toBe(204);
    expect(await archiveRows(owner.organisationId)).toEqual([]);
    expect(fs.existsSync(path.join(filesDir, 'organisations', String(owner.organisationId)))).toBe(true);
  });

  it("keeps the sponsorship and its signed agreement with the organisation when the sponsor's account goes", async () => {
    const { owner, eventId } = await organisationWithEvent('Sommerkonzert');
    const signed = await signedSponsor(owner, eventId, 80_000, 'sponsor leaves');
    expect((await call('DELETE', `/api/user-profile/${signed.sponsor.sub}`, signed.sponsor.token)).statusCode).toBe(
      204,
    );

    const sponsorships = await call('GET', `/api/event/${eventId}/sponsorships`, owner.token);
    expect(sponsorships.json()).toEqual([
      expect.objectContaining({ id: signed.sponsorshipId, status: 'signed', sponsor_email: signed.sponsor.email }),
    ]);
    const download = await call('GET', `/api/download?key=${encodeURIComponent(signed.key)}`, owner.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdfBytes('sponsor leaves'));
    // The deleted account's id is not kept on the sponsorship.
    const row = await t.database.db
      .selectFrom('sponsorships')
      .select('sponsor_cognito_id')
      .where('id', '=', signed.sponsorshipId)
      .executeTakeFirstOrThrow();
    expect(row.sponsor_cognito_id).toBeNull();
    expect(await archiveRows(owner.organisationId)).toEqual([]);
  });

  it("keeps the organisation's files while a copy fails, and the operator command finishes and purges", async () => {
    const { owner, eventId } = await organisationWithEvent('Winterball');
    const signed = await signedSponsor(owner, eventId, 20_000, 'winterball');
    // A file where the archive's folder belongs makes every copy fail.
    const archiveDir = path.join(filesDir, 'archive');
    const hadArchive = fs.existsSync(archiveDir);
    const blocked = hadArchive ? path.join(archiveDir, 'agreements') : archiveDir;
    const moved = `${blocked}.away`;
    if (fs.existsSync(blocked)) fs.renameSync(blocked, moved);
    fs.writeFileSync(blocked, 'not a folder');
    try {
      expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);
    } finally {
      fs.rmSync(blocked);
      if (fs.existsSync(moved)) fs.renameSync(moved, blocked);
    }
    const [pending] = await archiveRows(owner.organisationId);
    expect(pending!.blob_key).toBe(signed.key);
    expect(fs.existsSync(blobPath(signed.key))).toBe(true);
    // Still the sponsor's to download from where it is.
    const early = await call('GET', `/api/archived-agreements/${pending!.id}/file`, signed.sponsor.token);
    expect(early.rawPayload).toEqual(pdfBytes('winterball'));

    const admin = async (now: Date) => {
      const lines: string[] = [];
      await runAdmin(['agreement-archive', 'purge'], (line) => lines.push(line), {
        env: { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' },
        database: t.database,
        now,
      });
      return lines;
    };

    expect(await admin(t.clock())).toEqual([
      'Finished deleting the files of 1 deleted organisation(s).',
      'Removed 0 archived agreement(s) past their retention.',
    ]);
    const [moved2] = await archiveRows(owner.organisationId);
    expect(moved2!.blob_key).toMatch(/^archive\/agreements\//);
    expect(fs.existsSync(path.join(filesDir, 'organisations', String(owner.organisationId)))).toBe(false);
    expect(fs.readFileSync(blobPath(moved2!.blob_key))).toEqual(pdfBytes('winterball'));

    // Kept until the end of the retention period, removed from then on (PDF and record).
    const retainedUntil = new Date(moved2!.retain_until as string | Date);
    expect(await admin(new Date(retainedUntil.getTime() - 1))).toEqual([
      'Removed 0 archived agreement(s) past their retention.',
    ]);
    expect(await listArchived(signed.sponsor)).toHaveLength(1);
    const lines = await admin(retainedUntil);
    expect(lines.at(-1)).toMatch(/^Removed [1-9]\d* archived agreement\(s\) past their retention\.$/);
    expect(await archiveRows(owner.organisationId)).toEqual([]);
    expect(fs.existsSync(blobPath(moved2!.blob_key))).toBe(false);
    expect(await listArchived(signed.sponsor)).toEqual([]);
    expect((await call('GET', `/api/archived-agreements/${moved2!.id}/file`, signed.sponsor.token)).statusCode).toBe(
      404,
    );
  });

  it('refuses an unknown operator command', async () => {
    await expect(runAdmin(['agreement-archive', 'delete-all'], () => undefined)).rejects.toThrow(/Usage/);
  });
});
