// Calendar feeds through the API on both engines: each feed's content read back with ical.js (a real
// calendar library's parser), nothing of another organisation or sponsorship in it, the same UIDs
// after a change with a higher SEQUENCE, hostile titles escaped and folded, rotation and revocation
// (410), unknown tokens (404), and who may make which feed.
import fs from 'node:fs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedCalendarFeed, ListCalendarFeedsResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, issuedInvoice } from '../invoices/test-support.ts';
import { guestHeaders, type Guest } from '../sponsorships/test-support.ts';

const HOSTILE = 'Logo; Banner, "Bühne"\\Vorne\nZeile 2 — ein sehr langer Titel mit Umlauten äöü und 😀 Emoji am Ende';

type Parsed = { uid: string; summary: string; date: string; isDate: boolean; sequence: number };

function parseFeed(body: string): { name: string; entries: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const entries = calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      date: event.startDate.toString(),
      isDate: event.startDate.isDate,
      sequence: Number(v.getFirstPropertyValue('sequence')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), entries };
}

describe.each(ENGINES)('calendar feeds on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let eventId: number;
  let otherEventId: number;
  let guest: Guest;
  let secondGuest: Guest;
  let foreignGuest: Guest;
  const call = requester(() => t);
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: feedPath(url) });
  const organiserFeed = async (user: TestUser, kind: 'organisation' | 'person', language: 'de' | 'en' = 'de') => {
    const res = await call('POST', `/api/calendar-feeds/${kind}`, user.token, { language });
    expect(res.statusCode).toBe(201);
    return res.json<CreatedCalendarFeed>();
  };
  const sponsorFeed = async (g: Guest, language: 'de' | 'en' = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${g.sponsorshipId}/calendar-feed`,
      headers: guestHeaders(g),
      payload: { language },
    });
    expect(res.statusCode).toBe(201);
    return res.json<CreatedCalendarFeed>();
  };
  const deliverablesOf = async (g: Guest) =>
    (await call('GET', `/api/sponsorships/${g.sponsorshipId}/deliverables`, organiser.token)).json<{
      deliverables: Array<{ id: number; title: string; kind: string }>;
    }>().deliverables;

  const eventWith = async (user: TestUser, title: string) => {
    const id = (await call('POST', '/api/event/-1', user.token, validEvent({ title, event_date: '2030-07-04' }))).json()
      .id as number;
    const packageId = (
      await call('POST', `/api/event/${id}/packages`, user.token, {
        name: 'Gold',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [
          { title: HOSTILE, kind: 'logo', due_date: '2030-06-01', sponsor_delivers: true },
          { title: 'Stand', kind: 'booth', due_date: '2030-06-15', sponsor_delivers: false },
          { title: 'Tickets', kind: 'tickets', due_date: null, sponsor_delivers: true, quantity: 2 },
        ],
      })
    ).json().id as number;
    return { eventId: id, packageId };
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await billingOrganiser(t);
    other = await billingOrganiser(t);
    const mine = await eventWith(organiser, 'Sommerfest, Open Air; 2030');
    eventId = mine.eventId;
    guest = await confirmedSponsorship(t, organiser, mine);
    secondGuest = await confirmedSponsorship(t, organiser, mine);
    await issuedInvoice(t, organiser, guest);
    const theirs = await eventWith(other, 'Fremdes Fest');
    otherEventId = theirs.eventId;
    foreignGuest = await confirmedSponsorship(t, other, theirs);
    await issuedInvoice(t, other, foreignGuest);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("serves the organisation's feed as valid iCalendar with all its dates and nothing of another", async () => {
    const feed = await organiserFeed(organiser, 'organisation');
    expect(feed.webcal_url).toBe(feed.url.replace(/^https?:\/\//, 'webcal://'));
    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const { name, entries } = parseFeed(res.body);
    expect(name).toBe('Sponsoring: alle Termine');
    const host = new URL(t.config.publicUrl).hostname;
    expect(entries.find((e) => e.uid === `event-${eventId}@${host}`)).toMatchObject({
      summary: 'Sommerfest, Open Air; 2030',
      date: '2030-07-04',
      isDate: true,
    });
    const [logo, booth, tickets] = await deliverablesOf(guest);
    expect(entries.find((e) => e.uid === `deliverable-${logo!.id}@${host}`)).toMatchObject({
      summary: expect.stringContaining(HOSTILE),
      date: '2030-06-01',
    });
    expect(entries.find((e) => e.uid === `deliverable-${booth!.id}@${host}`)?.date).toBe('2030-06-15');
    // The tickets benefit has no due date: names are due the day before the event.
    expect(entries.find((e) => e.uid === `tickets-${tickets!.id}@${host}`)?.date).toBe('2030-07-03');
    expect(entries.filter((e) => e.uid.startsWith('invoice-'))).toHaveLength(1);
    // Two sponsorships × three deliverables, one event, one invoice; nothing of the other organisation.
    expect(entries).toHaveLength(8);
    expect(res.body).not.toContain('Fremdes Fest');
    expect(entries.some((e) => e.uid === `event-${otherEventId}@${host}`)).toBe(false);
  });

  it('gives the sponsor only their sponsorship: its event, deliverables, naming deadline and invoice', async () => {
    const feed = await sponsorFeed(guest, 'en');
    const { name, entries } = parseFeed((await fetchFeed(feed.url)).body);
    // X-WR-CALNAME is TEXT (RFC 5545 3.8.8.2: the default of X- properties), which ical.js leaves escaped.
    expect(name).toBe('Sponsoring: Sommerfest\\, Open Air\\; 2030');
    const own = new Set((await deliverablesOf(guest)).map((d) => d.id));
    const foreign = (await deliverablesOf(secondGuest)).map((d) => d.id);
    const ids = entries.map((e) => e.uid.split('@')[0]!);
    expect(ids.filter((id) => id.startsWith('event-'))).toEqual([`event-${eventId}`]);
    expect(ids.filter((id) => /^(deliverable|tickets)-/.test(id)).map((id) => Number(id.split('-')[1]))).toEqual(
      expect.arrayContaining([...own]),
    );
    expect(ids.some((id) => foreign.some((f) => id === `deliverable-${f}` || id === `tickets-${f}`))).toBe(false);
    expect(ids.filter((id) => id.startsWith('invoice-'))).toHaveLength(1);
    expect(entries).toHaveLength(5);
    expect(entries.find((e) => e.uid.startsWith('tickets-'))?.summary).toBe('Name your ticket holders');
    expect(entries.find((e) => e.uid.startsWith('invoice-'))?.summary).toMatch(/^Payment due: invoice \S+$/);
  });

  it('gives the person responsible the event dates and only the deliverables assigned to them', async () => {
    const [logo] = await deliverablesOf(guest);
    const assigned = await call('PATCH', `/api/deliverables/${logo!.id}`, organiser.token, { assignee: organiser.sub });
    expect(assigned.statusCode).toBe(200);
    const feed = await organiserFeed(organiser, 'person', 'en');
    const { name, entries } = parseFeed((await fetchFeed(feed.url)).body);
    expect(name).toBe('Sponsoring: my tasks');
    expect(entries.map((e) => e.uid.split('@')[0])).toEqual([`event-${eventId}`, `deliverable-${logo!.id}`]);
    expect(entries[1]!.summary).toContain(`Due: ${HOSTILE}`);
  });

  it('keeps the UIDs when a date changes, with a higher SEQUENCE, so the entry updates in place', async () => {
    const feed = await organiserFeed(organiser, 'organisation');
    const before = parseFeed((await fetchFeed(feed.url)).body).entries;
    const [, booth] = await deliverablesOf(guest);
    t.clock.advance(60_000);
    const moved = await call('PATCH', `/api/deliverables/${booth!.id}`, organiser.token, { due_date: '2030-06-20' });
    expect(moved.statusCode).toBe(200);
    const after = parseFeed((await fetchFeed(feed.url)).body).entries;
    expect(after.map((e) => e.uid).sort()).toEqual(before.map((e) => e.uid).sort());
    const uid = before.find((e) => e.uid.startsWith(`deliverable-${booth!.id}@`))!.uid;
    const was = before.find((e) => e.uid === uid)!;
    const now = after.find((e) => e.uid === uid)!;
    expect([was.date, now.date]).toEqual(['2030-06-15', '2030-06-20']);
    expect(now.sequence).toBeGreaterThan(was.sequence);
    const unchanged = before.find((e) => e.uid.startsWith('event-'))!;
    expect(after.find((e) => e.uid === unchanged.uid)!.sequence).toBe(unchanged.sequence);
  });

  it('answers 410 for a rotated or revoked feed and 404 for an unknown token', async () => {
    const first = await organiserFeed(organiser, 'organisation');
    const second = await organiserFeed(organiser, 'organisation');
    expect((await fetchFeed(first.url)).statusCode).toBe(410);
    expect((await fetchFeed(first.url)).json().code).toBe('calendar-feed.revoked');
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/calendar-feeds', organiser.token)).json<ListCalendarFeedsResponse>();
    expect(listed.feeds.find((f) => f.kind === 'organisation')).toMatchObject({ active: true });
    expect((await call('DELETE', '/api/calendar-feeds/organisation', organiser.token)).json().active).toBe(false);
    expect((await fetchFeed(second.url)).statusCode).toBe(410);

    const sponsor = await sponsorFeed(guest);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/sponsorships/${guest.sponsorshipId}/calendar-feed`,
      headers: guestHeaders(guest),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await fetchFeed(sponsor.url)).statusCode).toBe(410);

    for (const token of ['A'.repeat(43), 'kurz', `${'B'.repeat(42)}-`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('calendar-feed.not-found');
    }
  });

  it('leaves one live feed when five rotations run at once', async () => {
    const made = await Promise.all(Array.from({ length: 5 }, () => organiserFeed(organiser, 'person')));
    const statuses = await Promise.all(made.map(async (f) => (await fetchFeed(f.url)).statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(4);
  });

  it("lets only the sponsor make a sponsorship's feed, and nobody another's", async () => {
    const url = `/api/sponsorships/${guest.sponsorshipId}/calendar-feed`;
    const byOrganiser = await call('POST', url, organiser.token, { language: 'de' });
    expect(byOrganiser.statusCode).toBe(403);
    expect(byOrganiser.json().code).toBe('calendar-feed.sponsor-subscribes');
    expect((await call('POST', url, other.token, { language: 'de' })).statusCode).toBe(404);
    const byOtherGuest = await t.app.inject({
      method: 'POST',
      url,
      headers: guestHeaders(foreignGuest),
      payload: { language: 'de' },
    });
    expect(byOtherGuest.statusCode).toBe(404);
    const sponsor = await onboardedUser(t, 'sponsor');
    expect((await call('POST', '/api/calendar-feeds/organisation', sponsor.token, { language: 'de' })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/calendar-feeds/person', payload: { language: 'de' } }))
        .statusCode,
    ).toBe(401);
  });
});
