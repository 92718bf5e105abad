// The sealed sponsor report (decision 108), on both engines: both parties download it (the sponsor
// from the link, the organiser with their account), in the sponsorship's document language; pdfsig
// validates its seal; the public verification finds it and no longer does after one changed byte;
// nobody else gets it; the organiser mails it on request; the day after the event it is mailed once.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementVerification, SponsorReportState } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';
import { pdfsig } from '../agreements/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { sponsorWorld, type Guest } from '../sponsor-profiles/test-support.ts';
import { afterEventJobOf } from './index.ts';

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-report-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const DAY = 24 * 3600 * 1000;

describe.each(ENGINES)('sponsor report on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let eventDate: string;
  let german: Guest;
  let english: Guest;
  let unconfirmed: Guest;
  const w = sponsorWorld(() => t);

  const pdfAsGuest = (guest: Guest, id = guest.sponsorshipId) =>
    w.asGuest('GET', `/api/sponsorships/${id}/report.pdf`, guest);
  const verifySha = async (sha: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/agreements/verify/${sha}` })).json<AgreementVerification>();
  const verifyBytes = async (bytes: Buffer) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/public/agreements/verify',
        headers: { 'content-type': 'application/pdf' },
        payload: bytes,
      })
    ).json<AgreementVerification>();

  const sponsor = async (packageId: number, language: 'de' | 'en', confirm = true) => {
    const guest = await w.invite(organiser, eventId, { packageIds: [packageId] });
    await w.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/sponsor-language`, guest, { language });
    await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: packageId });
    if (confirm) await w.confirm(organiser, guest);
    return guest;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventDate = new Date(t.clock().getTime() + 3 * DAY).toISOString().slice(0, 10);
    eventId = (
      await w.call(
        'POST',
        '/api/event/-1',
        organiser.token,
        validEvent({ title: 'Hafenfest Kiel', event_date: eventDate }),
      )
    ).json().id;
    const pkg = await w.call('POST', `/api/event/${eventId}/packages`, organiser.token, {
      name: 'Goldpaket',
      description: '',
      price_cents: 500_000,
      capacity: null,
      benefits: [
        { title: 'Logo auf der Bühne', kind: 'logo', due_date: null, sponsor_delivers: false },
        { title: 'Stand im Foyer', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    });
    expect(pkg.statusCode).toBe(201);
    const packageId = pkg.json<{ id: number }>().id;
    german = await sponsor(packageId, 'de');
    english = await sponsor(packageId, 'en');
    unconfirmed = await sponsor(packageId, 'de', false);
    const deliverables = (
      await w.call('GET', `/api/sponsorships/${german.sponsorshipId}/deliverables`, organiser.token)
    ).json<{ deliverables: Array<{ id: number; title: string }> }>().deliverables;
    const stage = deliverables.find((d) => d.title === 'Logo auf der Bühne')!;
    expect(
      (await w.call('PATCH', `/api/deliverables/${stage.id}`, organiser.token, { status: 'done' })).statusCode,
    ).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the sponsor from the link a sealed German report that pdfsig validates and that tells what was delivered', async () => {
    const res = await pdfAsGuest(german);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`sponsoring-report-${german.sponsorshipId}.pdf`);
    const bytes = res.rawPayload;
    const signature = await pdfsig(bytes);
    expect(signature).toContain('Signature is Valid');
    expect(signature).toContain('ETSI.CAdES.detached');
    expect(signature).toContain('Total document signed');
    const text = await pdfText(bytes);
    for (const expected of [
      'Sponsoring-Report',
      'Hafenfest Kiel',
      'Goldpaket',
      'Logo auf der Bühne',
      'Stand im Foyer',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Logo auf der Bühne\s+Erbracht/);
    expect(text).toMatch(/Stand im Foyer\s+Offen/);
    expect(text).toMatch(/1\s*\/\s*2\s+0\s+0\s+–\s+Leistungen erbracht/);
    expect(text).toContain('Kein Nachweis angehängt.');
  });

  it('writes the report in English for a sponsorship whose document language is English', async () => {
    const res = await pdfAsGuest(english);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Sponsor report');
    expect(text).toContain('Benefits in detail');
    expect(text).not.toContain('Leistungen im Einzelnen');
    expect(res.headers['content-disposition']).toContain(`sponsor-report-${english.sponsorshipId}.pdf`);
  });

  it('answers the same sealed file to the organiser and on a second download while the data stays the same', async () => {
    const first = await pdfAsGuest(german);
    const again = await pdfAsGuest(german);
    const organisers = await w.call('GET', `/api/sponsorships/${german.sponsorshipId}/report.pdf`, organiser.token);
    expect(organisers.statusCode).toBe(200);
    expect(again.headers['x-document-sha256']).toBe(first.headers['x-document-sha256']);
    expect(organisers.headers['x-document-sha256']).toBe(first.headers['x-document-sha256']);
    const state = (
      await w.asGuest('GET', `/api/sponsorships/${german.sponsorshipId}/report`, german)
    ).json<SponsorReportState>();
    expect(state.available).toBe(true);
    expect(state.language).toBe('de');
    expect(state.last_sealed?.sha256).toBe(first.headers['x-document-sha256']);
  });

  it('is found by the verification page by hash and by file, and not with one byte changed', async () => {
    const bytes = (await pdfAsGuest(german)).rawPayload;
    const sha = (await pdfAsGuest(german)).headers['x-document-sha256'] as string;
    const bySha = await verifySha(sha);
    expect(bySha).toMatchObject({ found: true, status: 'verified', document: 'sponsor_report' });
    expect(await verifyBytes(bytes)).toMatchObject({ found: true, status: 'verified', document: 'sponsor_report' });
    const changed = Buffer.from(bytes);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    expect(await verifyBytes(changed)).toEqual({ found: false, status: 'not_found' });
  });

  it("shows a sponsor only their own report: another sponsor's link, another organiser and no sign-in get nothing", async () => {
    expect((await pdfAsGuest(english, german.sponsorshipId)).statusCode).toBe(404);
    expect((await w.asGuest('GET', `/api/sponsorships/${german.sponsorshipId}/report`, english)).statusCode).toBe(404);
    expect(
      (await w.call('GET', `/api/sponsorships/${german.sponsorshipId}/report.pdf`, stranger.token)).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${german.sponsorshipId}/report.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the sponsor the same report from their account, and no other sponsorship's", async () => {
    const account = await registerWithInvitation(t, english.email, english.token);
    const own = await w.call('GET', `/api/sponsorships/${english.sponsorshipId}/report.pdf`, account.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-document-sha256']).toBe((await pdfAsGuest(english)).headers['x-document-sha256']);
    expect(
      (await w.call('GET', `/api/sponsorships/${german.sponsorshipId}/report.pdf`, account.token)).statusCode,
    ).toBe(404);
  });

  it('makes no report of a sponsorship that is not confirmed', async () => {
    const res = await pdfAsGuest(unconfirmed);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('sponsor-report.not-available');
  });

  it('lets only the organisers mail the report to the sponsor, with the sealed PDF attached', async () => {
    expect((await w.asGuest('POST', `/api/sponsorships/${german.sponsorshipId}/report/send`, german)).statusCode).toBe(
      401,
    );
    expect(
      (await w.call('POST', `/api/sponsorships/${german.sponsorshipId}/report/send`, stranger.token)).statusCode,
    ).toBe(404);
    const sent = await w.call('POST', `/api/sponsorships/${german.sponsorshipId}/report/send`, organiser.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent_to).toBe(german.email);
    const mail = (await listOutbox(t.database.db, 20)).find(
      (m) => m.to === german.email && m.subject.includes('Report'),
    );
    expect(mail?.subject).toBe('Ihr Sponsoring-Report zu Hafenfest Kiel');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `sponsoring-report-${german.sponsorshipId}.pdf`,
        content_type: 'application/pdf',
      }),
    ]);
  });

  it('mails each confirmed sponsorship its report once the day after the event, however often and wherever the job runs', async () => {
    const job = afterEventJobOf(t.database.db)!;
    const mailsTo = async (email: string) =>
      (await listOutbox(t.database.db, 200)).filter(
        (m) => m.to === email && m.text.includes('Hafenfest Kiel') && m.attachments.length > 0,
      ).length;
    const before = { german: await mailsTo(german.email), english: await mailsTo(english.email) };
    expect((await job.run(t.clock())).sent).toBe(0);
    const dayAfter = new Date(`${eventDate}T12:00:00Z`).getTime() + DAY;
    const at = new Date(dayAfter);
    const runs = await Promise.all([job.run(at), job.run(at), job.run(at)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect((await job.run(new Date(dayAfter + DAY))).sent).toBe(0);
    expect(await mailsTo(german.email)).toBe(before.german + 1);
    expect(await mailsTo(english.email)).toBe(before.english + 1);
    expect(await mailsTo(unconfirmed.email)).toBe(0);
    const state = (
      await w.asGuest('GET', `/api/sponsorships/${english.sponsorshipId}/report`, english)
    ).json<SponsorReportState>();
    expect(state.sent_after_event_at).not.toBeNull();
  });
});
