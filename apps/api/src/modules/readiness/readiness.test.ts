import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeReadinessBoard,
  ZReadinessBoardResponse,
  type ChaseResponse,
  type ReadinessNoticesResponse,
  type SavePackageRequest,
} from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { outboxJobOf } from './outbox-job.ts';

const pack: SavePackageRequest = {
  name: 'Gold',
  description: '',
  price_cents: 100_000,
  capacity: null,
  benefits: [
    { title: 'Vortrag', kind: 'talk', due_date: '2026-03-01', sponsor_delivers: true },
    { title: 'Logo', kind: 'logo', due_date: '2030-01-01', sponsor_delivers: true },
    { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
  ],
};

describe.each(ENGINES)('readiness board on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);

  const invite = async (email = uniqueEmail('sponsor')): Promise<Guest> => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    expect(res.statusCode).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };
  const confirmed = async (language?: 'de' | 'en'): Promise<Guest> => {
    const guest = await invite();
    const choose = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    expect(choose.statusCode).toBe(200);
    if (language) {
      const told = await t.app.inject({
        method: 'PUT',
        url: `/api/sponsorships/${guest.sponsorshipId}/sponsor-language`,
        headers: guestHeaders(guest),
        payload: { language },
      });
      expect(told.statusCode).toBe(200);
    }
    await confirmSponsorship(t, guest, organiser.token);
    return guest;
  };
  const board = async () => {
    const res = await call('GET', `/api/events/${eventId}/readiness`, organiser.token);
    expect(res.statusCode).toBe(200);
    return decodeReadinessBoard(ZReadinessBoardResponse.parse(res.json()));
  };
  const chase = (body: object, token = organiser.token) =>
    call('POST', `/api/events/${eventId}/readiness/chase`, token, body);
  const chaserMails = async (to: string) =>
    (await listOutbox(t.database.db, 1000)).filter((m) => m.to === to && /Noch offen|Still open/.test(m.subject));

  let english: Guest;
  let german: Guest;
  let invited: Guest;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-04-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    packageId = (await call('POST', `/api/event/${eventId}/packages`, organiser.token, pack)).json().id;
    english = await confirmed('en');
    german = await confirmed();
    invited = await invite();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('answers one row per sponsorship with a state per column, and counts', async () => {
    const answer = await board();
    expect(answer.columns.map((c) => c.key)).toEqual([
      'agreement',
      'invoice',
      'payment',
      'deliverable:vortrag',
      'deliverable:logo',
      'deliverable:stand',
    ]);
    const row = answer.rows.find((r) => r.sponsorship_id === english.sponsorshipId)!;
    expect(row.package_name).toBe('Gold');
    expect(row.sponsor_language).toBe('en');
    expect(Object.fromEntries(Object.entries(row.cells).map(([k, c]) => [k, c.state]))).toEqual({
      agreement: 'done',
      invoice: 'waiting_us',
      payment: 'waiting_us',
      'deliverable:vortrag': 'overdue',
      'deliverable:logo': 'waiting_sponsor',
      'deliverable:stand': 'waiting_us',
    });
    const pending = answer.rows.find((r) => r.sponsorship_id === invited.sponsorshipId)!;
    expect(pending.cells.agreement).toMatchObject({ state: 'waiting_sponsor', label: 'not_signed' });
    expect(pending.cells['deliverable:logo']).toBeUndefined();
    const all = answer.rows.flatMap((r) => Object.values(r.cells));
    expect(answer.counts.overdue).toBe(all.filter((c) => c.state === 'overdue').length);
    expect(answer.counts.waiting_sponsor).toBe(all.filter((c) => c.state === 'waiting_sponsor').length);
    expect(answer.counts.overdue).toBe(2);
  });

  it('moves a cell to done when the sponsor provides the item', async () => {
    const guest = await confirmed();
    const logo = (
      await t.app.inject({
        method: 'GET',
        url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
        headers: guestHeaders(guest),
      })
    )
      .json<{ deliverables: Array<{ id: number; title: string }> }>()
      .deliverables.find((d) => d.title === 'Logo')!;
    const done = await call('PATCH', `/api/deliverables/${logo.id}`, organiser.token, { status: 'done' });
    expect(done.statusCode).toBe(200);
    const row = (await board()).rows.find((r) => r.sponsorship_id === guest.sponsorshipId)!;
    expect(row.cells['deliverable:logo']!.state).toBe('done');
  });

  it('is the organisation’s own: another organiser gets 404, no token 401', async () => {
    expect((await call('GET', `/api/events/${eventId}/readiness`, stranger.token)).statusCode).toBe(404);
    expect((await chase({ all_waiting_sponsor: true, dry_run: true }, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/readiness/notices`, stranger.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/readiness` })).statusCode).toBe(401);
    expect((await chase({ all_waiting_sponsor: true, bogus: 1 })).statusCode).toBe(400);
  });

  it('previews a chase for the logo without queuing anything', async () => {
    const res = await chase({ all_waiting_sponsor: true, column_key: 'deliverable:logo', dry_run: true });
    expect(res.statusCode).toBe(200);
    const preview = res.json<ChaseResponse>();
    const mine = preview.recipients.find((r) => r.sponsorship_id === english.sponsorshipId)!;
    expect(mine).toMatchObject({ language: 'en', outcome: 'queued' });
    expect(mine.items).toEqual([{ column_key: 'deliverable:logo', title: 'Logo', due: '2030-01-01' }]);
    expect(preview.recipients.find((r) => r.sponsorship_id === invited.sponsorshipId)!.outcome).toBe('nothing');
    const notices = (await call('GET', `/api/events/${eventId}/readiness/notices`, organiser.token)).json();
    expect(notices.notices).toEqual([]);
  });

  it('sends one chaser per sponsor when the same chase comes twice at once, in the sponsor’s language', async () => {
    const body = { sponsorship_ids: [english.sponsorshipId, german.sponsorshipId], column_key: 'deliverable:logo' };
    const answers = await Promise.all([chase(body), chase(body), chase(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.json<ChaseResponse>().queued, 0)).toBe(2);
    await outboxJobOf(t.database.db)!.run(t.clock());
    const [toEnglish] = await chaserMails(english.email);
    const [toGerman] = await chaserMails(german.email);
    expect(await chaserMails(english.email)).toHaveLength(1);
    expect(toEnglish!.subject).toBe('Still open for Stadtlauf');
    expect(toEnglish!.text).toContain('Logo (due 2030-01-01): http');
    expect(toEnglish!.text).not.toContain('Vortrag');
    expect(toGerman!.subject).toBe('Noch offen für Stadtlauf');
    // The link is the sponsor's own: it opens their sponsorship.
    const link = new URL(/(http\S+)#deliverables/.exec(toEnglish!.text)![1]!);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${english.sponsorshipId}/deliverables`,
      headers: { authorization: `${link.searchParams.get('token')}:${link.searchParams.get('email')}` },
    });
    expect(own.statusCode).toBe(200);
    const notices = (
      await call('GET', `/api/events/${eventId}/readiness/notices`, organiser.token)
    ).json<ReadinessNoticesResponse>().notices;
    expect(
      notices
        .filter((n) => n.status === 'sent')
        .map((n) => n.sponsorship_id)
        .sort(),
    ).toEqual([english.sponsorshipId, german.sponsorshipId].sort());
    const row = (await board()).rows.find((r) => r.sponsorship_id === english.sponsorshipId)!;
    expect(row.last_notice).toMatchObject({ status: 'sent' });
  });

  it('refuses a second chaser the same day unless the organiser insists', async () => {
    const again = (await chase({ sponsorship_ids: [english.sponsorshipId] })).json<ChaseResponse>();
    expect(again).toMatchObject({ queued: 0, limited: 1 });
    const preview = (await chase({ sponsorship_ids: [english.sponsorshipId], dry_run: true })).json<ChaseResponse>();
    expect(preview.recipients[0]!.outcome).toBe('limited');
    const insisted = { sponsorship_ids: [english.sponsorshipId], override: true, request_id: 'insist-0001' };
    const [first, second] = await Promise.all([chase(insisted), chase(insisted)]);
    expect(first!.json<ChaseResponse>().queued + second!.json<ChaseResponse>().queued).toBe(1);
    await outboxJobOf(t.database.db)!.run(t.clock());
    const mails = await chaserMails(english.email);
    expect(mails).toHaveLength(2);
    // Everything the sponsor owes, the overdue talk included.
    expect(mails.filter((m) => /Vortrag[\s\S]*Logo/.test(m.text))).toHaveLength(1);
  });

  it('chases forty sponsors waiting for a logo in one call, one mail each', async () => {
    const many = await Promise.all(Array.from({ length: 40 }, () => confirmed()));
    const answer = await board();
    expect(answer.rows.length).toBeGreaterThanOrEqual(43);
    const sent = (await chase({ all_waiting_sponsor: true, column_key: 'deliverable:logo' })).json<ChaseResponse>();
    const ids = new Set(sent.recipients.filter((r) => r.outcome === 'queued').map((r) => r.sponsorship_id));
    for (const guest of many) expect(ids.has(guest.sponsorshipId)).toBe(true);
    while ((await outboxJobOf(t.database.db)!.run(t.clock())).sent > 0);
    for (const guest of many) expect(await chaserMails(guest.email)).toHaveLength(1);
  });
});
