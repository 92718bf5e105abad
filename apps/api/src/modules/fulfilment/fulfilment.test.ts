import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverableWire, SavePackageRequest, SponsorshipDeliverablesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { MASTER_DATA, onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { logoFile } from '../sponsor-profiles/test-support.ts';
import { overdueJobOf } from './overdue-job.ts';

type Guest = { token: string; email: string; sponsorshipId: number };

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

describe.each(ENGINES)('fulfilment on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let sponsorUser: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);
  const asGuest = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, guest: Guest, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });

  /** Invited with the package, chosen, signed; confirmed unless told otherwise. */
  const sponsorship = async (email = uniqueEmail('sponsor'), confirm = true): Promise<Guest> => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    expect(res.statusCode).toBe(201);
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    expect(
      (await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: packageId }))
        .statusCode,
    ).toBe(200);
    const upload = (
      await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
        file_name: 'signed.pdf',
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    const attached = await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.statusCode).toBe(200);
    if (confirm) {
      const confirmed = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, {
        status: 'confirmed',
      });
      expect(confirmed.statusCode).toBe(200);
    }
    return guest;
  };

  const deliverablesOf = async (guest: Guest) => {
    const res = await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, guest);
    expect(res.statusCode).toBe(200);
    return res.json<SponsorshipDeliverablesResponse>();
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-04-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger, sponsorUser] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    packageId = (await call('POST', `/api/event/${eventId}/packages`, organiser.token, pack)).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('turns the benefits into deliverables on confirmation, once, with a log both parties see', async () => {
    const guest = await sponsorship(undefined, false);
    expect((await deliverablesOf(guest)).deliverables).toEqual([]);
    await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, { status: 'confirmed' });
    const first = await deliverablesOf(guest);
    expect(first.deliverables.map((d) => [d.title, d.kind, d.needs_sponsor_input, d.status, d.overdue])).toEqual([
      ['Vortrag', 'talk', true, 'open', true],
      ['Logo', 'logo', true, 'open', false],
      ['Stand', 'booth', false, 'open', false],
    ]);
    expect(first.activity.filter((a) => a.kind === 'created')).toHaveLength(3);
    // Confirming again is refused and creates nothing.
    await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, { status: 'confirmed' });
    expect((await deliverablesOf(guest)).deliverables).toHaveLength(3);
    const organiserView = await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, organiser.token);
    // Both see the same log; the sponsor sees the organisation's entries under its name, the
    // organisation under the address of the member who confirmed.
    const withoutAuthor = (log: { by: string }[]) => log.map(({ by: _by, ...entry }) => entry);
    expect(withoutAuthor(organiserView.json().activity)).toEqual(withoutAuthor(first.activity));
    expect(new Set(first.activity.map((a) => a.by))).toEqual(new Set([MASTER_DATA.organisation_name]));
    expect(new Set(organiserView.json().activity.map((a: { by: string }) => a.by))).toEqual(new Set([organiser.email]));
    // The status change is in the sponsorship's own log (who, from → to): the sponsor sees the
    // organisation's name, the organisation its member's address.
    const log = (await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/packages`, guest)).json().activity;
    expect(log.at(-1)).toMatchObject({
      kind: 'status_changed',
      from_status: 'signed',
      to_status: 'confirmed',
      by: MASTER_DATA.organisation_name,
    });
    const ownLog = (await call('GET', `/api/sponsorships/${guest.sponsorshipId}/packages`, organiser.token)).json();
    expect(ownLog.activity.at(-1)).toMatchObject({ kind: 'status_changed', by: organiser.email });
  });

  it('lets the sponsor provide input by the link and the organisation work and filter them', async () => {
    const guest = await sponsorship();
    const [talk, logo, booth] = (await deliverablesOf(guest)).deliverables as [
      DeliverableWire,
      DeliverableWire,
      DeliverableWire,
    ];
    const provided = await asGuest('PUT', `/api/deliverables/${talk.id}/input`, guest, {
      text: 'Sponsoring neu gedacht',
    });
    expect(provided.statusCode).toBe(200);
    expect(provided.json()).toMatchObject({ sponsor_input: 'Sponsoring neu gedacht', status: 'in_progress' });
    expect((await asGuest('PUT', `/api/deliverables/${booth.id}/input`, guest, { text: 'x' })).statusCode).toBe(409);
    expect((await asGuest('PATCH', `/api/deliverables/${talk.id}`, guest, { status: 'done' })).statusCode).toBe(403);

    const done = await call('PATCH', `/api/deliverables/${talk.id}`, organiser.token, {
      status: 'done',
      assignee: organiser.sub,
      due_date: '2026-05-01',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'done',
      assignee: organiser.sub,
      due_date: '2026-05-01',
      overdue: false,
    });
    expect(
      (await call('PATCH', `/api/deliverables/${talk.id}`, organiser.token, { assignee: stranger.sub })).statusCode,
    ).toBe(400);
    const commented = await asGuest('POST', `/api/deliverables/${logo.id}/comments`, guest, { text: 'Kommt morgen' });
    expect(commented.json().comments).toMatchObject([{ side: 'sponsor', by: guest.email, text: 'Kommt morgen' }]);
    const answered = await call('POST', `/api/deliverables/${logo.id}/comments`, organiser.token, { text: 'Danke!' });
    expect(answered.json().comments.at(-1)).toMatchObject({ side: 'organisation', by: organiser.email });

    // The sponsor is not given the organisation's member addresses or who is assigned: it sees the
    // organisation's name.
    const sponsorView = await deliverablesOf(guest);
    expect(sponsorView.activity.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['input_provided', 'status_changed', 'due_date_changed', 'commented']),
    );
    expect(sponsorView.activity.map((a) => a.kind)).not.toContain('assigned');
    const authors = (view: SponsorshipDeliverablesResponse) =>
      new Set(view.activity.filter((a) => a.side === 'organisation').map((a) => a.by));
    expect(authors(sponsorView)).toEqual(new Set([MASTER_DATA.organisation_name]));
    expect(sponsorView.deliverables.find((d) => d.id === logo.id)!.comments.map((c) => c.by)).toEqual([
      guest.email,
      MASTER_DATA.organisation_name,
    ]);
    expect(sponsorView.deliverables.find((d) => d.id === talk.id)!.assignee).toBeNull();
    expect(JSON.stringify(sponsorView)).not.toContain(organiser.email);
    const organiserView = (
      await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, organiser.token)
    ).json<SponsorshipDeliverablesResponse>();
    expect(authors(organiserView)).toEqual(new Set([organiser.email]));
    expect(organiserView.activity.find((a) => a.kind === 'assigned')).toMatchObject({ title: 'Vortrag' });
    expect(organiserView.deliverables.find((d) => d.id === talk.id)!.assignee).toBe(organiser.sub);

    const filtered = await call(
      'GET',
      `/api/fulfilment?status=done&assignee=${organiser.sub}&sponsor=${encodeURIComponent(guest.email.slice(0, 12))}`,
      organiser.token,
    );
    expect(filtered.json().deliverables.map((d: DeliverableWire) => d.id)).toEqual([talk.id]);
    const perEvent = await call('GET', `/api/event/${eventId}/deliverables?due_before=2026-03-31`, organiser.token);
    expect(perEvent.json().deliverables.every((d: DeliverableWire) => d.due_date! <= '2026-03-31')).toBe(true);
    const summary = (
      await call('GET', `/api/organisation/${organiser.organisationId}/fulfilment-summary`, organiser.token)
    ).json();
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ event_id: eventId });
    expect(summary[0].done).toBeGreaterThanOrEqual(1);
    // The event list's sponsoring numbers carry the same progress.
    const numbers = (
      await call('GET', `/api/organisation/${organiser.organisationId}/sponsoring-numbers`, organiser.token)
    ).json();
    expect(numbers.totals.fulfilment).toEqual({
      done: summary[0].done,
      total: summary[0].total,
      overdue: summary[0].overdue,
    });
  });

  it('answers 404 to another organisation, another sponsor and a wrong link', async () => {
    const guest = await sponsorship();
    const other = await sponsorship();
    const [talk] = (await deliverablesOf(guest)).deliverables as [DeliverableWire];
    expect(
      (await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/deliverables/${talk.id}`, stranger.token, { status: 'done' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/event/${eventId}/deliverables`, stranger.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/organisation/${organiser.organisationId}/fulfilment-summary`, stranger.token))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/fulfilment', stranger.token)).json().deliverables).toEqual([]);
    expect((await asGuest('PUT', `/api/deliverables/${talk.id}/input`, other, { text: 'fremd' })).statusCode).toBe(404);
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, other)).statusCode).toBe(404);
    const wrong = { ...guest, token: 'x'.repeat(guest.token.length) };
    expect([401, 403, 404]).toContain(
      (await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, wrong)).statusCode,
    );
    expect(
      (await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, sponsorUser.token)).statusCode,
    ).toBe(404);
  });

  it('marks the open logo deliverables provided when the sponsor profile gets a logo', async () => {
    const guest = await sponsorship();
    const other = await sponsorship();
    // The sponsor uploads a logo to their profile by the link: the sponsor-profiles module announces it.
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/logo',
      headers: { authorization: `${guest.token}:${guest.email}`, 'content-type': 'application/octet-stream' },
      payload: await logoFile('png'),
    });
    expect(upload.statusCode).toBe(200);
    const mine = await deliverablesOf(guest);
    expect(mine.deliverables.find((d) => d.kind === 'logo')).toMatchObject({ status: 'in_progress' });
    expect(mine.deliverables.find((d) => d.kind === 'logo')!.provided_at).not.toBeNull();
    expect(mine.deliverables.find((d) => d.kind === 'talk')).toMatchObject({ status: 'open' });
    expect(mine.activity.at(-1)).toMatchObject({
      kind: 'logo_provided',
      side: 'sponsor',
      by: guest.email,
      title: 'Logo',
    });
    expect((await deliverablesOf(other)).deliverables.find((d) => d.kind === 'logo')).toMatchObject({ status: 'open' });
  });

  it('counts a logo set before the confirmation as provided when the deliverables are created', async () => {
    const guest = await sponsorship(undefined, false);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/logo',
      headers: { authorization: `${guest.token}:${guest.email}`, 'content-type': 'application/octet-stream' },
      payload: await logoFile('png'),
    });
    expect(upload.statusCode).toBe(200);
    // Without a logo the same package's logo deliverable stays open after the confirmation.
    const without = await sponsorship();
    expect((await deliverablesOf(without)).deliverables.find((d) => d.kind === 'logo')).toMatchObject({
      status: 'open',
      provided_at: null,
    });

    await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, { status: 'confirmed' });
    const mine = await deliverablesOf(guest);
    const logo = mine.deliverables.find((d) => d.kind === 'logo')!;
    expect(logo.status).toBe('in_progress');
    expect(logo.provided_at).not.toBeNull();
    expect(mine.deliverables.find((d) => d.kind === 'talk')).toMatchObject({ status: 'open' });
    expect(mine.activity.filter((a) => a.kind === 'logo_provided')).toEqual([
      expect.objectContaining({ side: 'sponsor', by: guest.email, title: 'Logo' }),
    ]);
    // Confirming again creates and logs nothing twice.
    await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, { status: 'confirmed' });
    expect((await deliverablesOf(guest)).activity.filter((a) => a.kind === 'logo_provided')).toHaveLength(1);
  });

  it('puts overdue deliverables into open tasks, alerts and one digest a day, switchable', async () => {
    const email = sponsorUser.email;
    await sponsorship(email);
    const tasks = (await call('GET', `/api/organisation/${organiser.organisationId}/tasks`, organiser.token)).json();
    expect(tasks.overdue_deliverables.length).toBeGreaterThan(0);
    expect(tasks.overdue_deliverables[0]).toMatchObject({ title: 'Vortrag', due_date: '2026-03-01' });
    const mine = (await call('GET', '/api/my-deliverables', sponsorUser.token)).json();
    expect(mine.map((d: DeliverableWire) => d.title)).toContain('Vortrag');

    const job = overdueJobOf(t.database.db)!;
    const first = await job.run(t.clock());
    expect(first.mails).toBeGreaterThanOrEqual(2);
    const digests = (await listOutbox(t.database.db)).filter((m) => m.subject.includes('überfällig'));
    expect(digests.map((m) => m.to)).toEqual(expect.arrayContaining([organiser.email, email]));
    const alerts = (await call('GET', '/api/notifications', sponsorUser.token)).json().notifications;
    expect(alerts.filter((a: { kind: string }) => a.kind === 'deliverables_overdue')).toHaveLength(1);
    expect((await call('GET', '/api/notifications', organiser.token)).json().notifications[0].kind).toBe(
      'deliverables_overdue',
    );

    // The same day again: nothing.
    expect(await job.run(t.clock())).toEqual({ alerts: 0, mails: 0 });
    // Switched off: the next day the organiser gets the alert but no mail.
    const off = await call('PUT', '/api/settings', organiser.token, { fulfilment_digest: false });
    expect(off.json().fulfilment_digest).toBe(false);
    t.clock.advance(24 * 3600 * 1000);
    const before = (await listOutbox(t.database.db)).length;
    await job.run(t.clock());
    const next = (await listOutbox(t.database.db)).slice(0, (await listOutbox(t.database.db)).length - before);
    expect(next.map((m) => m.to)).not.toContain(organiser.email);
    expect(next.map((m) => m.to)).toContain(email);
  });
});
