// Delivery evidence (issue 60, point 1; decision 107) through the API on both engines: the team adds a
// phone photo (re-encoded: upright, no EXIF, no GPS), a link and a note; refusals of what is not a
// picture, too many pixels and non-http links; the sponsor (by the link, and signed in) sees it and
// reacts; a foreign sponsor and another organisation get 404, the sponsor 403 where only the team
// acts; a double click adds one piece, one thumbs up, one comment; the log and the data export hold it.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceWire, SponsorshipDeliverablesResponse, SponsorshipEvidenceResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';
import { hugePngHeader, svgLogo } from '../sponsor-profiles/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { createBlobStore } from '../../ports/blobs/index.ts';
import { evidenceOfSponsorship } from './evidence-report.ts';
import { createEvidenceRepository } from './evidence-repository.ts';
import { GPS_SECONDS, phonePhotoWithGps } from './evidence-test-support.ts';
import { createFulfilmentRepository } from './repository.ts';

describe.each(ENGINES)('delivery evidence on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);

  const confirmed = async (): Promise<Guest & { deliverableId: number }> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    expect(chosen.statusCode).toBe(200);
    await confirmSponsorship(t, guest, organiser.token);
    const list = await asGuest(guest, 'GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`);
    return { ...guest, deliverableId: list.json<SponsorshipDeliverablesResponse>().deliverables[0]!.id };
  };

  const asGuest = (guest: Guest, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: guestHeaders(guest), ...(payload ? { payload } : {}) });

  const upload = (token: string | Guest, deliverableId: number, bytes: Buffer, query = 'kind=photo') =>
    t.app.inject({
      method: 'POST',
      url: `/api/deliverables/${deliverableId}/evidence/image?${query}`,
      headers: {
        ...(typeof token === 'string' ? { authorization: `Bearer ${token}` } : guestHeaders(token)),
        'content-type': 'image/jpeg',
      },
      payload: bytes,
    });

  const evidenceOf = async (guest: Guest) =>
    (
      await asGuest(guest, 'GET', `/api/sponsorships/${guest.sponsorshipId}/evidence`)
    ).json<SponsorshipEvidenceResponse>().evidence;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Hafenfest' }))).json().id;
    packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [{ title: 'Banner am Eingang', kind: 'logo', due_date: null, sponsor_delivers: false }],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("keeps a phone photo upright, resized and without its EXIF or GPS, and shows it to the sponsor's link", async () => {
    const sponsor = await confirmed();
    const photo = await phonePhotoWithGps(640, 480);
    // The upload carries the position and the orientation (the check that the test photo is what it claims).
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.includes(GPS_SECONDS)).toBe(true);

    const added = await upload(organiser.token, sponsor.deliverableId, photo, 'kind=photo&note=Banner%20am%20Eingang');
    expect(added.statusCode).toBe(200);
    const piece = added.json<EvidenceWire>();
    expect(piece).toMatchObject({
      kind: 'photo',
      note: 'Banner am Eingang',
      width: 480,
      height: 640,
      thumbs_up: false,
    });

    // The sponsor sees it at once from the link, with the organisation named, not its member.
    const seen = await evidenceOf(sponsor);
    expect(seen).toEqual([expect.objectContaining({ id: piece.id, kind: 'photo', added_by: expect.any(String) })]);
    expect(seen[0]!.added_by).not.toBe(organiser.email);
    for (const size of ['full', 'thumb'] as const) {
      const image = await asGuest(
        sponsor,
        'GET',
        `/api/deliverables/${sponsor.deliverableId}/evidence/${piece.id}/image?size=${size}`,
      );
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const stored = image.rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(GPS_SECONDS)).toBe(false);
      expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(Math.max(meta.width!, meta.height!)).toBe(size === 'thumb' ? 480 : 640);
    }
    // A large photo is brought down to 2048 px a side.
    const large = await upload(organiser.token, sponsor.deliverableId, await phonePhotoWithGps(3000, 2000));
    expect(large.json<EvidenceWire>()).toMatchObject({ width: 1365, height: 2048 });
  });

  it('refuses what is not a picture, a header claiming too many pixels, and links that are not http', async () => {
    const sponsor = await confirmed();
    const svg = await upload(organiser.token, sponsor.deliverableId, svgLogo);
    expect([svg.statusCode, svg.json().code]).toEqual([415, 'logo.svg-refused']);
    const text = await upload(organiser.token, sponsor.deliverableId, Buffer.from('kein Bild'));
    expect([text.statusCode, text.json().code]).toEqual([415, 'logo.unsupported-type']);
    const bomb = await upload(organiser.token, sponsor.deliverableId, hugePngHeader());
    expect([bomb.statusCode, bomb.json().code]).toEqual([400, 'logo.too-many-pixels']);
    const cut = await upload(organiser.token, sponsor.deliverableId, (await phonePhotoWithGps()).subarray(0, 400));
    expect(cut.statusCode).toBe(400);
    const tooLarge = await upload(organiser.token, sponsor.deliverableId, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    expect(tooLarge.statusCode).toBe(413);
    for (const url of ['javascript:alert(1)', 'ftp://example.org/x', 'data:text/html,hi', 'nicht eine adresse']) {
      const link = await call('POST', `/api/deliverables/${sponsor.deliverableId}/evidence`, organiser.token, {
        kind: 'link',
        url,
      });
      expect(link.statusCode).toBe(400);
    }
    expect(await evidenceOf(sponsor)).toEqual([]);
  });

  it('lets only the team add and remove, only the sponsor react, and nobody else see anything', async () => {
    const sponsor = await confirmed();
    const foreign = await confirmed();
    const base = `/api/deliverables/${sponsor.deliverableId}/evidence`;
    const link = await call('POST', base, organiser.token, {
      kind: 'link',
      url: 'https://example.org/recap',
      note: 'Rückblick',
    });
    expect(link.statusCode).toBe(200);
    const id = link.json<EvidenceWire>().id;

    // The sponsor may not add or remove; the other organisation and a foreign sponsor find nothing.
    expect((await asGuest(sponsor, 'POST', base, { kind: 'note', note: 'selbst' })).statusCode).toBe(403);
    expect((await upload(sponsor, sponsor.deliverableId, await phonePhotoWithGps())).statusCode).toBe(403);
    expect((await asGuest(sponsor, 'DELETE', `${base}/${id}`)).statusCode).toBe(403);
    expect((await call('POST', base, stranger.token, { kind: 'note', note: 'fremd' })).statusCode).toBe(404);
    expect((await call('GET', `/api/sponsorships/${sponsor.sponsorshipId}/evidence`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await asGuest(foreign, 'GET', `/api/sponsorships/${sponsor.sponsorshipId}/evidence`)).statusCode).toBe(404);
    expect((await asGuest(foreign, 'PUT', `${base}/${id}/reaction`, { thumbs_up: true })).statusCode).toBe(404);
    expect((await asGuest(foreign, 'POST', `${base}/${id}/comments`, { text: 'fremd' })).statusCode).toBe(404);
    // A piece is reached only through its own deliverable: the foreign sponsor's deliverable does not lead to it.
    const crossed = `/api/deliverables/${foreign.deliverableId}/evidence/${id}`;
    expect((await asGuest(foreign, 'PUT', `${crossed}/reaction`, { thumbs_up: true })).statusCode).toBe(404);
    expect((await call('DELETE', crossed, organiser.token)).statusCode).toBe(404);
    // The organisation does not react in the sponsor's place.
    expect((await call('PUT', `${base}/${id}/reaction`, organiser.token, { thumbs_up: true })).statusCode).toBe(403);

    // The sponsor reacts; the organiser sees it.
    expect((await asGuest(sponsor, 'PUT', `${base}/${id}/reaction`, { thumbs_up: true })).json()).toMatchObject({
      thumbs_up: true,
    });
    expect((await asGuest(sponsor, 'POST', `${base}/${id}/comments`, { text: 'Sieht super aus!' })).statusCode).toBe(
      200,
    );
    const organisersView = (
      await call('GET', `/api/sponsorships/${sponsor.sponsorshipId}/evidence`, organiser.token)
    ).json<SponsorshipEvidenceResponse>().evidence;
    expect(organisersView).toEqual([
      expect.objectContaining({
        id,
        url: 'https://example.org/recap',
        thumbs_up: true,
        comments: [expect.objectContaining({ by: sponsor.email, text: 'Sieht super aus!' })],
      }),
    ]);

    // The team removes it: gone for both, and a second removal is 404.
    expect((await call('DELETE', `${base}/${id}`, organiser.token)).statusCode).toBe(204);
    expect((await call('DELETE', `${base}/${id}`, organiser.token)).statusCode).toBe(404);
    expect(await evidenceOf(sponsor)).toEqual([]);
  });

  it('makes one piece, one thumbs up and one comment of a double click, and logs each once', async () => {
    const sponsor = await confirmed();
    const base = `/api/deliverables/${sponsor.deliverableId}/evidence`;
    const photo = await phonePhotoWithGps();
    const uploads = await Promise.all([
      upload(organiser.token, sponsor.deliverableId, photo),
      upload(organiser.token, sponsor.deliverableId, photo),
    ]);
    expect(uploads.map((u) => u.statusCode)).toEqual([200, 200]);
    expect(uploads[0]!.json().id).toBe(uploads[1]!.json().id);
    const notes = await Promise.all(
      [1, 2].map(() => call('POST', base, organiser.token, { kind: 'note', note: 'Aufgebaut um 9 Uhr' })),
    );
    expect(new Set(notes.map((n) => n.json().id)).size).toBe(1);
    const id = uploads[0]!.json().id as number;
    await Promise.all([1, 2].map(() => asGuest(sponsor, 'PUT', `${base}/${id}/reaction`, { thumbs_up: true })));
    await Promise.all([1, 2].map(() => asGuest(sponsor, 'POST', `${base}/${id}/comments`, { text: 'Danke!' })));

    const pieces = await evidenceOf(sponsor);
    expect(pieces.map((p) => p.kind)).toEqual(['photo', 'note']);
    expect(pieces[0]!.comments).toHaveLength(1);
    const log = (
      await call('GET', `/api/sponsorships/${sponsor.sponsorshipId}/deliverables`, organiser.token)
    ).json<SponsorshipDeliverablesResponse>().activity;
    const count = (kind: string) => log.filter((a) => a.kind === kind).length;
    expect([count('evidence_added'), count('evidence_thumbs_up'), count('evidence_commented')]).toEqual([2, 1, 1]);
    expect(log).toContainEqual(
      expect.objectContaining({ kind: 'evidence_added', side: 'organisation', detail: 'note: Aufgebaut um 9 Uhr' }),
    );

    // Withdrawing the thumbs up is a change; withdrawing it again is none.
    await asGuest(sponsor, 'PUT', `${base}/${id}/reaction`, { thumbs_up: false });
    expect((await asGuest(sponsor, 'PUT', `${base}/${id}/reaction`, { thumbs_up: false })).json().thumbs_up).toBe(
      false,
    );
  });

  it('is in the signed-in sponsor’s account and their data export', async () => {
    const email = uniqueEmail('konto');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const sponsor = await registerWithInvitation(t, email, token);
    const sponsorshipId = invited.json().sponsorId as number;
    await call('POST', `/api/sponsorships/${sponsorshipId}/package`, sponsor.token, { package_id: packageId });
    await confirmSponsorship(t, { token, email, sponsorshipId }, organiser.token);
    const [deliverable] = (
      await call('GET', `/api/sponsorships/${sponsorshipId}/deliverables`, sponsor.token)
    ).json<SponsorshipDeliverablesResponse>().deliverables;
    await upload(organiser.token, deliverable!.id, await phonePhotoWithGps());
    const seen = (
      await call('GET', `/api/sponsorships/${sponsorshipId}/evidence`, sponsor.token)
    ).json<SponsorshipEvidenceResponse>().evidence;
    expect(seen).toHaveLength(1);
    expect(
      (
        await call('PUT', `/api/deliverables/${deliverable!.id}/evidence/${seen[0]!.id}/reaction`, sponsor.token, {
          thumbs_up: true,
        })
      ).statusCode,
    ).toBe(200);

    const exported = (await call('GET', '/api/data-export', sponsor.token)).json();
    expect(exported.sponsorships[0].deliverables[0].evidence).toEqual([
      expect.objectContaining({
        kind: 'photo',
        picture: { width: 480, height: 640, bytes: expect.any(Number) },
        thumbs_up_at: expect.any(String),
      }),
    ]);
  });

  it("gives the sponsor report a sponsorship's evidence per deliverable, each photo's bytes on demand", async () => {
    const sponsor = await confirmed();
    await upload(organiser.token, sponsor.deliverableId, await phonePhotoWithGps(), 'kind=photo&note=Eingang');
    const link = `/api/deliverables/${sponsor.deliverableId}/evidence`;
    await call('POST', link, organiser.token, { kind: 'link', url: 'https://example.org/fotos' });
    const db = t.database.db;
    const store = await createBlobStore(t.config, {
      uploadPath: '/api/files/upload/',
      tokenKeys: () => Promise.reject(new Error('no uploads here')),
    });
    const report = await evidenceOfSponsorship(
      createFulfilmentRepository(db),
      createEvidenceRepository(db, async () => {}),
      store,
      sponsor.sponsorshipId,
    );
    expect(report).toEqual([
      expect.objectContaining({
        deliverableId: sponsor.deliverableId,
        title: 'Banner am Eingang',
        evidence: [
          expect.objectContaining({ kind: 'photo', note: 'Eingang', width: 480, height: 640 }),
          expect.objectContaining({ kind: 'link', url: 'https://example.org/fotos' }),
        ],
      }),
    ]);
    const [photo, linked] = report[0]!.evidence;
    const thumb = await photo!.image('thumb');
    expect((await sharp(thumb!).metadata()).format).toBe('jpeg');
    expect(thumb!.includes(GPS_SECONDS)).toBe(false);
    expect((await sharp((await photo!.image('full'))!).metadata()).width).toBe(480);
    expect(await linked!.image('thumb')).toBeNull();
  });
});
