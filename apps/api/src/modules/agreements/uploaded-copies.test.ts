// Uploaded signed copies belong to the organiser's own PDF (decision 059): an event with the generated
// agreement takes no upload (it would make the sponsorship `signed` with nothing a confirmation
// accepts), and an event does not switch to the generated agreement under uploaded copies not decided
// on yet. Both are decided on the held sponsorship rows, so an upload racing the switch loses or wins
// whole.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, validEvent, type TestUser } from '../events/test-support.ts';
import { guestHeaders, uploadSignedAgreement, type Guest } from '../sponsorships/test-support.ts';
import { agreementWorld, PACKAGE } from './test-support.ts';

const GENERATED = {
  mode: 'generated',
  clauses: 'Gerichtsstand ist München.',
  payment_term_days: 30,
  members_may_countersign: false,
};
const OWN_PDF = { ...GENERATED, mode: 'upload' };

const codeOf = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode < 300 ? res.statusCode : `${res.statusCode} ${res.json().code}`;

describe.each(ENGINES)('uploaded signed copies and the agreement mode on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const ownPdfEvent = async () => {
    const eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Hoffest' }))).json()
      .id as number;
    const pack = await w.call('POST', `/api/event/${eventId}/packages`, organiser.token, PACKAGE);
    return { eventId, packageId: pack.json().id as number };
  };
  const settings = (eventId: number, body: object) =>
    w.call('PUT', `/api/events/${eventId}/agreement-settings`, organiser.token, body);
  const status = async (id: number) =>
    (await t.database.db.selectFrom('sponsorships').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  /** The upload's three steps, answering the last refusal or the attach's answer. */
  const upload = async (guest: Guest) => {
    const base = `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`;
    const url = await t.app.inject({
      method: 'POST',
      url: `${base}/upload-url`,
      headers: guestHeaders(guest),
      payload: { file_name: 'unterschrieben.pdf' },
    });
    if (url.statusCode !== 200) return { url, attach: null };
    const target = url.json<{ url: string; key: string; s3_id: string }>();
    await t.app.inject({
      method: 'PUT',
      url: target.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes('signed'),
    });
    return { url, target, base };
  };

  it('refuses an uploaded copy for an event with the generated agreement, before and after the upload URL', async () => {
    const event = await w.generatedEvent(organiser);
    const guest = await w.readySponsor(organiser, event);
    const refused = await upload(guest);
    expect(codeOf(refused.url)).toBe('409 agreement.sign-in-browser');

    // An upload URL taken while the event used its own PDF is refused at attach once it switched.
    const other = await ownPdfEvent();
    const sponsor = await w.invite(organiser, other.eventId, { packageIds: [other.packageId] });
    const started = await upload(sponsor);
    expect(started.url.statusCode).toBe(200);
    expect((await settings(other.eventId, GENERATED)).statusCode).toBe(200);
    const attach = await t.app.inject({
      method: 'PUT',
      url: started.base!,
      headers: guestHeaders(sponsor),
      payload: { s3_id: started.target!.s3_id, key: started.target!.key },
    });
    expect(codeOf(attach)).toBe('409 agreement.sign-in-browser');
    expect(await status(sponsor.sponsorshipId)).toBe('invited');
  });

  it('does not switch to the generated agreement under an uploaded copy not decided on, and does once it is', async () => {
    const event = await ownPdfEvent();
    const guest = await w.invite(organiser, event.eventId, { packageIds: [event.packageId] });
    await uploadSignedAgreement(t, guest);
    expect(await status(guest.sponsorshipId)).toBe('signed');
    expect(codeOf(await settings(event.eventId, GENERATED))).toBe('409 agreement.uploaded-copies-open');
    // The own PDF's settings still save (its clauses are not used), and nothing changed.
    expect((await settings(event.eventId, OWN_PDF)).statusCode).toBe(200);
    const confirmed = await w.call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await settings(event.eventId, GENERATED)).statusCode).toBe(200);
    expect(await status(guest.sponsorshipId)).toBe('confirmed');
  });

  it('lets one of an upload and a switch to the generated agreement at once through, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const event = await ownPdfEvent();
      const guest = await w.invite(organiser, event.eventId, { packageIds: [event.packageId] });
      const started = await upload(guest);
      const [attached, switched] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: started.base!,
          headers: guestHeaders(guest),
          payload: { s3_id: started.target!.s3_id, key: started.target!.key },
        }),
        settings(event.eventId, GENERATED),
      ]);
      expect([
        [200, '409 agreement.uploaded-copies-open'],
        ['409 agreement.sign-in-browser', 200],
      ]).toContainEqual([codeOf(attached), codeOf(switched)]);
      expect(await status(guest.sponsorshipId)).toBe(attached.statusCode === 200 ? 'signed' : 'invited');
    }
  });
});
