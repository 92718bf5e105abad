// Sponsor tickets through the API on both engines: naming from the link within the quota (two
// namings for the last seat at once: one), only the own sponsorship for a guest, the deadline,
// check-in once from two doors at once, forged codes and codes of another event, and the list.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorshipTicketsResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { germanDay } from '../../lib/calendar.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { retentionJobOf } from './retention-job.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';

describe.each(ENGINES)('sponsor tickets on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let otherEventId: number;
  const call = requester(() => t);

  let packages = 0;
  const packageFor = async (event: number, quantity: number, dueDate: string | null = null) =>
    (
      await call('POST', `/api/event/${event}/packages`, organiser.token, {
        name: `Paket ${++packages}: ${quantity}`,
        price_cents: 100_000,
        capacity: null,
        benefits: [
          { title: 'Tickets', kind: 'tickets', due_date: dueDate, sponsor_delivers: true, quantity },
          { title: 'Logo', kind: 'logo', due_date: null, sponsor_delivers: true },
        ],
      })
    ).json().id as number;

  const confirmed = async (event: number, packageId: number): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: event,
      package_ids: [packageId],
    });
    expect(res.statusCode, res.body).toBe(201);
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
    return guest;
  };

  const asGuest = (guest: Guest, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: guestHeaders(guest), ...(payload ? { payload } : {}) });

  const ticketsOf = async (guest: Guest) =>
    (
      await asGuest(guest, 'GET', `/api/sponsorships/${guest.sponsorshipId}/tickets`)
    ).json<SponsorshipTicketsResponse>();

  const codeMailedTo = async (email: string) => {
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === email);
    expect(mail).toBeDefined();
    return /\n {4}(\S+)\n/.exec(mail!.text)![1]!;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    stranger = await onboardedUser(t, 'veranstalter');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ event_date: '2030-07-04' }))).json()
      .id;
    otherEventId = (
      await call(
        'POST',
        '/api/event/-1',
        organiser.token,
        validEvent({ title: 'Winterfest', event_date: '2030-12-04' }),
      )
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('names people from the link up to the quota, mails each a ticket, and gives the last seat once', async () => {
    const guest = await confirmed(eventId, await packageFor(eventId, 2));
    const [benefit] = (await ticketsOf(guest)).benefits;
    expect(benefit).toMatchObject({ title: 'Tickets', quota: 2, deadline: '2030-07-03', open: true, holders: [] });

    const first = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit!.deliverable_id,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(first.statusCode).toBe(200);
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === 'ada@example.org')!;
    expect(mail.subject).toBe('Ihr Ticket für Sommerfest 2026');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['ticket-qr.png', 'event.ics']);

    // Two namings for the last seat at once: exactly one gets it.
    const race = await Promise.all(
      ['Grace Hopper', 'Edsger Dijkstra'].map((name, i) =>
        asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
          deliverable_id: benefit!.deliverable_id,
          name,
          email: `person${i}@example.org`,
        }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json().code).toBe('ticket.seats-taken');
    expect((await ticketsOf(guest)).benefits[0]!.holders).toHaveLength(2);
    const seats = await t.database.db
      .selectFrom('ticket_holders')
      .select('seat')
      .where('deliverable_id', '=', benefit!.deliverable_id)
      .orderBy('seat')
      .execute();
    expect(seats.map((s) => Number(s.seat))).toEqual([1, 2]);
  });

  it('names the same person once when asked twice at once (any case), one seat and one mail', async () => {
    const guest = await confirmed(eventId, await packageFor(eventId, 3));
    const benefit = (await ticketsOf(guest)).benefits[0]!;
    const mailsBefore = (await listOutbox(t.database.db)).filter((m) => m.to.toLowerCase() === 'hedy@example.org');
    const answers = await Promise.all(
      ['hedy@example.org', 'Hedy@Example.org', ' HEDY@example.org', 'hedy@example.org', 'hedy@EXAMPLE.org'].map(
        (email) =>
          asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
            deliverable_id: benefit.deliverable_id,
            name: 'Hedy Lamarr',
            email,
          }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const holders = answers.map((r) => r.json<SponsorshipTicketsResponse>().benefits[0]!.holders);
    expect(holders.every((h) => h.length === 1 && h[0]!.id === holders[0]![0]!.id)).toBe(true);
    const mails = (await listOutbox(t.database.db)).filter((m) => m.to.toLowerCase().trim() === 'hedy@example.org');
    expect(mails.length - mailsBefore.length).toBe(1);
    // Later, too: the same seat, no mail; another person takes the next seat.
    const again = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Hedy L.',
      email: 'HEDY@example.org',
    });
    expect(again.json<SponsorshipTicketsResponse>().benefits[0]!.holders).toEqual(holders[0]);
    const other = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Rosalind Franklin',
      email: 'rosalind@example.org',
    });
    const both = other.json<SponsorshipTicketsResponse>().benefits[0]!.holders;
    expect(both.map((h) => h.name)).toEqual(['Hedy Lamarr', 'Rosalind Franklin']);
    // Giving Rosalind's seat to Hedy, who holds one already: refused, Rosalind keeps it.
    const onto = await asGuest(guest, 'PUT', `/api/tickets/${both[1]!.id}`, {
      name: 'Hedy Lamarr',
      email: 'Hedy@example.org',
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().code).toBe('ticket.person-named');
    expect((await ticketsOf(guest)).benefits[0]!.holders).toEqual(both);
    // The database itself refuses a second row of the same person for the deliverable.
    const row = await t.database.db
      .selectFrom('ticket_holders')
      .selectAll()
      .where('id', '=', both[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.email_key).toBe('hedy@example.org');
    await expect(
      t.database.db
        .insertInto('ticket_holders')
        .values({ ...row, id: undefined, seat: 3, email: 'HEDY@example.org' } as never)
        .execute(),
    ).rejects.toThrow();
  });

  it('lets a guest reach only their own sponsorship, and strangers nothing', async () => {
    const pkg = await packageFor(eventId, 3);
    const mine = await confirmed(eventId, pkg);
    const theirs = await confirmed(eventId, pkg);
    const theirBenefit = (await ticketsOf(theirs)).benefits[0]!;
    expect((await asGuest(mine, 'GET', `/api/sponsorships/${theirs.sponsorshipId}/tickets`)).statusCode).toBe(404);
    const planted = await asGuest(mine, 'POST', `/api/sponsorships/${mine.sponsorshipId}/tickets`, {
      deliverable_id: theirBenefit.deliverable_id,
      name: 'Eve',
      email: 'eve@example.org',
    });
    expect(planted.statusCode).toBe(404);
    const named = await asGuest(theirs, 'POST', `/api/sponsorships/${theirs.sponsorshipId}/tickets`, {
      deliverable_id: theirBenefit.deliverable_id,
      name: 'Bob',
      email: 'bob@example.org',
    });
    const bobId = named.json<SponsorshipTicketsResponse>().benefits[0]!.holders[0]!.id;
    expect((await asGuest(mine, 'DELETE', `/api/tickets/${bobId}`)).statusCode).toBe(404);
    expect(
      (await asGuest(mine, 'PUT', `/api/tickets/${bobId}`, { name: 'Eve', email: 'eve@example.org' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/sponsorships/${theirs.sponsorshipId}/tickets`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/event/${eventId}/tickets`, stranger.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/event/${eventId}/check-in`, stranger.token, { code: '1-1-AAAA' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/event/${eventId}/tickets`, null)).statusCode).toBe(401);
    expect((await asGuest(theirs, 'GET', `/api/event/${eventId}/tickets`)).statusCode).toBe(401);
  });

  it('checks a ticket in once from two doors at once, and refuses forged and other-event codes', async () => {
    const guest = await confirmed(eventId, await packageFor(eventId, 2));
    const benefit = (await ticketsOf(guest)).benefits[0]!;
    await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Katherine Johnson',
      email: 'katherine@example.org',
    });
    const code = await codeMailedTo('katherine@example.org');
    expect(code).toMatch(/^\d+-\d+-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const doors = await Promise.all(
      [1, 2].map(() => call('POST', `/api/event/${eventId}/check-in`, organiser.token, { code })),
    );
    expect(doors.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(doors.map((r) => r.json().result).sort()).toEqual(['admitted', 'already_checked_in']);
    expect(doors[0]!.json().checked_in_at).toBe(doors[1]!.json().checked_in_at);
    const again = await call('POST', `/api/event/${eventId}/check-in`, organiser.token, { code: code.toLowerCase() });
    expect(again.json()).toMatchObject({
      result: 'already_checked_in',
      name: 'Katherine Johnson',
      sponsor_email: guest.email,
    });

    // One letter changed, or another ticket number under the same letters: forged.
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    for (const forged of [
      `${code.slice(0, -1)}${last}`,
      code.replace(/^(\d+)-(\d+)/, (_, e, id) => `${e}-${Number(id) + 1}`),
      'hello',
    ]) {
      const res = await call('POST', `/api/event/${eventId}/check-in`, organiser.token, { code: forged });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ticket.forged');
    }
    const elsewhere = await call('POST', `/api/event/${otherEventId}/check-in`, organiser.token, { code });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('ticket.other-event');

    // The sponsor sees who came; a used ticket can be neither changed nor removed.
    const holder = (await ticketsOf(guest)).benefits[0]!.holders[0]!;
    expect(holder.checked_in_at).toBe(doors[0]!.json().checked_in_at);
    expect((await asGuest(guest, 'DELETE', `/api/tickets/${holder.id}`)).json().code).toBe('ticket.used');
    const late = await asGuest(guest, 'PUT', `/api/tickets/${holder.id}`, { name: 'Other', email: 'o@example.org' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'ticket.used']);

    const list = await call('GET', `/api/event/${eventId}/tickets`, organiser.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().holders).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Katherine Johnson', sponsor_email: guest.email })]),
    );
    const csv = await call('GET', `/api/event/${eventId}/tickets.csv`, organiser.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Katherine Johnson";"katherine@example.org"');
  });

  it('stops the old ticket when the seat goes to someone else, and the new one works', async () => {
    const guest = await confirmed(eventId, await packageFor(eventId, 1));
    const benefit = (await ticketsOf(guest)).benefits[0]!;
    const named = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Alan Turing',
      email: 'alan@example.org',
    });
    const oldCode = await codeMailedTo('alan@example.org');
    const id = named.json<SponsorshipTicketsResponse>().benefits[0]!.holders[0]!.id;
    const changed = await asGuest(guest, 'PUT', `/api/tickets/${id}`, {
      name: 'Joan Clarke',
      email: 'joan@example.org',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<SponsorshipTicketsResponse>().benefits[0]!.holders.map((h) => h.name)).toEqual(['Joan Clarke']);
    const refused = await call('POST', `/api/event/${eventId}/check-in`, organiser.token, { code: oldCode });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('ticket.not-found');
    const fresh = await call('POST', `/api/event/${eventId}/check-in`, organiser.token, {
      code: await codeMailedTo('joan@example.org'),
    });
    expect(fresh.json().result).toBe('admitted');
  });

  it('erases names and e-mails 90 days after the event, keeping seats and arrivals', async () => {
    const guest = await confirmed(eventId, await packageFor(eventId, 2));
    const deliverable = (await ticketsOf(guest)).benefits[0]!.deliverable_id;
    for (const [name, email] of [
      ['Mary Jackson', 'mary@example.org'],
      ['Dorothy Vaughan', 'dorothy@example.org'],
    ])
      await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
        deliverable_id: deliverable,
        name,
        email,
      });
    const came = await call('POST', `/api/event/${eventId}/check-in`, organiser.token, {
      code: await codeMailedTo('mary@example.org'),
    });
    expect(came.json().result).toBe('admitted');
    const later = await confirmed(otherEventId, await packageFor(otherEventId, 1));
    await asGuest(later, 'POST', `/api/sponsorships/${later.sponsorshipId}/tickets`, {
      deliverable_id: (await ticketsOf(later)).benefits[0]!.deliverable_id,
      name: 'Annie Easley',
      email: 'annie@example.org',
    });
    const listBefore = (await call('GET', `/api/event/${eventId}/tickets`, organiser.token)).json();
    const job = retentionJobOf(t.database.db)!;

    // The event was on 2030-07-04: on day 89 after it (German time) nothing is erased, from the first
    // minutes of day 90 everything. The run is given the moment (the timer gives the app's clock);
    // moving the app's clock four years on would expire the sessions of the calls below.
    expect((await job.run(t.clock())).erased).toBe(0);
    expect((await job.run(new Date('2030-10-01T23:59:00+02:00'))).erased).toBe(0);
    expect((await job.run(new Date('2030-10-02T00:01:00+02:00'))).erased).toBe(listBefore.named);
    expect((await job.run(new Date('2030-10-03T00:01:00+02:00'))).erased).toBe(0);

    const list = (await call('GET', `/api/event/${eventId}/tickets`, organiser.token)).json();
    expect([list.seats, list.named, list.checked_in]).toEqual([
      listBefore.seats,
      listBefore.named,
      listBefore.checked_in,
    ]);
    expect(
      list.holders.every((h: { name: string; email: string; erased: boolean }) => h.erased && !h.name && !h.email),
    ).toBe(true);
    const mine = (await ticketsOf(guest)).benefits[0]!.holders;
    expect(mine.map((h) => [h.name, h.email, h.erased, h.checked_in_at !== null])).toEqual([
      ['', '', true, true],
      ['', '', true, false],
    ]);
    const rows = await t.database.db
      .selectFrom('ticket_holders')
      .select(['email_key', 'checked_in_by', 'erased_at'])
      .where('deliverable_id', '=', deliverable)
      .execute();
    expect(rows.every((r) => r.email_key === null && r.checked_in_by === null && r.erased_at !== null)).toBe(true);
    const csv = await call('GET', `/api/event/${eventId}/tickets.csv`, organiser.token);
    expect(csv.body).not.toContain('mary@example.org');
    // The later event's people are kept.
    expect((await ticketsOf(later)).benefits[0]!.holders.map((h) => [h.name, h.erased])).toEqual([
      ['Annie Easley', false],
    ]);
  });

  // Last: it moves the app's clock on, past the organiser's session.
  it('refuses naming, changing and removing after the deadline', async () => {
    const tomorrow = germanDay(new Date(t.clock().getTime() + 86_400_000));
    const guest = await confirmed(eventId, await packageFor(eventId, 2, tomorrow));
    const benefit = (await ticketsOf(guest)).benefits[0]!;
    expect(benefit).toMatchObject({ deadline: tomorrow, open: true });
    const named = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Barbara Liskov',
      email: 'barbara@example.org',
    });
    const id = named.json<SponsorshipTicketsResponse>().benefits[0]!.holders[0]!.id;
    t.clock.advance(2 * 86_400_000);
    expect((await ticketsOf(guest)).benefits[0]!.open).toBe(false);
    const late = await asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/tickets`, {
      deliverable_id: benefit.deliverable_id,
      name: 'Late',
      email: 'late@example.org',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ticket.deadline-passed');
    expect((await asGuest(guest, 'DELETE', `/api/tickets/${id}`)).json().code).toBe('ticket.deadline-passed');
    const change = await asGuest(guest, 'PUT', `/api/tickets/${id}`, { name: 'X', email: 'x@example.org' });
    expect([change.statusCode, change.json().code]).toEqual([409, 'ticket.deadline-passed']);
  });
});
