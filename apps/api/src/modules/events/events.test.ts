import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsCursorOf } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { signUpAndSignIn, startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { createAccessRepository } from '../access/index.ts';
import { onboardedUser, requester, validEvent, type TestUser } from './test-support.ts';

describe.each(ENGINES)('events on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let sponsor: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, other, sponsor] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'beides'),
      onboardedUser(t, 'sponsor'),
    ]);
  });
  afterAll(async () => t.close());

  it('refuses every event call without a token', async () => {
    expect((await call('GET', '/api/events/1', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/event/1', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/event/-1', null, validEvent())).statusCode).toBe(401);
    expect((await call('PUT', '/api/event/1', null, { title: '' })).statusCode).toBe(401);
  });

  it("creates an event in the caller's own organisation, reads it back and lists it", async () => {
    const res = await call('POST', '/api/event/-1', organiser.token, {
      ...validEvent({ title: '  Stadtlauf  ' }),
      organisation_id: other.organisationId,
      id: 12345,
      sponsor_amount: 99,
    });
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      organisation_id: organiser.organisationId,
      title: 'Stadtlauf',
      event_date: '2026-07-04',
      location: 'Stadtpark Musterstadt',
      description: 'Unser Sommerfest mit Musik und Sport.',
      files: [],
      sponsor_amount: 0,
      committed_cents: 0,
      open_sponsorships: 0,
    });
    expect(event.id).toBeGreaterThan(0);
    expect(event.id).not.toBe(12345);
    expect(Date.parse(event.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const read = await call('GET', `/api/event/${event.id}`, organiser.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(event);

    const list = await call('GET', `/api/events/${organiser.organisationId}`, organiser.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(event);
  });

  it('changes an event with PUT and keeps POST for new events only', async () => {
    const created = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json();
    const res = await call(
      'PUT',
      `/api/event/${created.id}`,
      organiser.token,
      validEvent({ title: 'Herbstfest', event_date: '2026-10-01' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      title: 'Herbstfest',
      event_date: '2026-10-01',
      created_at: created.created_at,
    });
    expect((await call('GET', `/api/event/${created.id}`, organiser.token)).json().title).toBe('Herbstfest');

    expect((await call('POST', `/api/event/${created.id}`, organiser.token, validEvent())).statusCode).toBe(400);
    expect((await call('PUT', '/api/event/-1', organiser.token, validEvent())).statusCode).toBe(400);
    expect((await call('PUT', '/api/event/999999', organiser.token, validEvent())).statusCode).toBe(404);
    expect((await call('GET', '/api/event/999999', organiser.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/event/abc', organiser.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/event/99999999999', organiser.token)).statusCode).toBe(400);
  });

  it.each([
    ['title', { title: 'a'.repeat(100) }, null],
    ['title', { title: 'a'.repeat(101) }, 'too_long'],
    ['title', { title: '   ' }, 'required'],
    ['description', { description: 'd'.repeat(1000) }, null],
    ['description', { description: 'd'.repeat(1001) }, 'too_long'],
    ['description', { description: '' }, 'required'],
    ['location', { location: undefined }, 'any'],
    ['location', { location: '' }, 'required'],
    ['event_date', { event_date: undefined }, 'invalid_date'],
    ['event_date', { event_date: '04.07.2026' }, 'invalid_date'],
    ['event_date', { event_date: '2026-02-30' }, 'invalid_date'],
  ])('validates %s: %j', async (field, change, message) => {
    const res = await call('POST', '/api/event/-1', organiser.token, validEvent(change));
    if (message === null) {
      expect(res.statusCode).toBe(201);
      expect(res.json()[field]).toBe((change as Record<string, string>)[field]);
      return;
    }
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('request.validation-failed');
    expect(Object.keys(body.fields)).toEqual([field]);
    if (message !== 'any') expect(body.fields[field]).toBe(message);
  });

  it('validates a change the same way and leaves the event as it was', async () => {
    const created = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json();
    const res = await call('PUT', `/api/event/${created.id}`, organiser.token, validEvent({ title: 't'.repeat(101) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ title: 'too_long' });
    expect((await call('GET', `/api/event/${created.id}`, organiser.token)).json().title).toBe(created.title);
  });

  it('refuses files on a new event: they are uploaded for an existing one', async () => {
    const res = await call('POST', '/api/event/-1', organiser.token, {
      ...validEvent(),
      files: [{ s3_id: 'x', name: 'a.pdf', key: 'organisations/1/events/1/x.pdf' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file.unknown', fields: { files: 'unknown_file' } });
  });

  it('pages the list newest event date first with X-Total-Count', async () => {
    const org = await onboardedUser(t, 'veranstalter');
    const dates = ['2026-03-01', '2026-05-01', '2026-01-15', '2026-05-01', '2025-12-24'];
    const ids: number[] = [];
    for (const [i, event_date] of dates.entries()) {
      const res = await call('POST', '/api/event/-1', org.token, validEvent({ title: `Event ${i}`, event_date }));
      ids.push(res.json().id);
    }
    const expected = [ids[3], ids[1], ids[0], ids[2], ids[4]];

    const first = await call('GET', `/api/events/${org.organisationId}?limit=2`, org.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((e: { id: number }) => e.id)).toEqual(expected.slice(0, 2));

    const rest = await call('GET', `/api/events/${org.organisationId}?limit=2&offset=2`, org.token);
    expect(rest.json().map((e: { id: number }) => e.id)).toEqual(expected.slice(2, 4));
    const last = await call('GET', `/api/events/${org.organisationId}?limit=2&offset=4`, org.token);
    expect(last.json().map((e: { id: number }) => e.id)).toEqual(expected.slice(4));
    const beyond = await call('GET', `/api/events/${org.organisationId}?offset=10`, org.token);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');

    const all = await call('GET', `/api/events/${org.organisationId}`, org.token);
    expect(all.json()).toHaveLength(5);
    expect((await call('GET', `/api/events/${org.organisationId}?limit=0`, org.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/events/${org.organisationId}?limit=101`, org.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/events/${org.organisationId}?offset=-1`, org.token)).statusCode).toBe(400);
  });

  it('pages the list by the keyset cursor after=date,id, ties on the date by id', async () => {
    const org = await onboardedUser(t, 'veranstalter');
    const dates = ['2026-03-01', '2026-05-01', '2026-01-15', '2026-05-01', '2025-12-24'];
    const events: { id: number; event_date: string }[] = [];
    for (const [i, event_date] of dates.entries())
      events.push(
        (await call('POST', '/api/event/-1', org.token, validEvent({ title: `Event ${i}`, event_date }))).json(),
      );
    const expected = [events[3]!, events[1]!, events[0]!, events[2]!, events[4]!].map((e) => e.id);
    const list = `/api/events/${org.organisationId}?limit=2`;
    const seen: number[] = [];
    let after = '';
    for (let page = 0; page < 3; page++) {
      const res = await call('GET', `${list}${after}`, org.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      const rows = res.json() as { id: number; event_date: string }[];
      seen.push(...rows.map((e) => e.id));
      const last = rows.at(-1)!;
      after = `&after=${encodeURIComponent(eventsCursorOf(last))}`;
    }
    expect(seen).toEqual(expected);
    // After the last event: nothing more. The two events of 2026-05-01 are told apart by id.
    expect((await call('GET', `${list}${after}`, org.token)).json()).toEqual([]);
    const tie = await call('GET', `${list}&after=2026-05-01,${expected[0]}`, org.token);
    expect(tie.json().map((e: { id: number }) => e.id)).toEqual(expected.slice(1, 3));
    // Offset counts from the cursor.
    const skip = await call('GET', `${list}&after=2026-05-01,${expected[0]}&offset=1`, org.token);
    expect(skip.json().map((e: { id: number }) => e.id)).toEqual(expected.slice(2, 4));
    for (const bad of ['2026-05-01', '2026-05-01,x', '1,2', '2026-05-01,99999999999'])
      expect((await call('GET', `${list}&after=${encodeURIComponent(bad)}`, org.token)).statusCode).toBe(400);
  });

  it('refuses another organisation: 403 for its list, 404 for its events', async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json();
    expect((await call('GET', `/api/events/${organiser.organisationId}`, other.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/event/${event.id}`, other.token)).statusCode).toBe(404);
    const edit = await call('PUT', `/api/event/${event.id}`, other.token, validEvent({ title: 'Übernommen' }));
    expect(edit.statusCode).toBe(404);
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).json().title).toBe(event.title);
  });

  it('refuses sponsors and users without an organisation', async () => {
    const create = await call('POST', '/api/event/-1', sponsor.token, validEvent());
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('event.organisers-only');
    expect((await call('GET', `/api/events/${sponsor.organisationId}`, sponsor.token)).statusCode).toBe(403);

    const newcomer = await signUpAndSignIn(t);
    expect((await call('POST', '/api/event/-1', newcomer.AccessToken, validEvent())).statusCode).toBe(403);
    expect((await call('GET', `/api/events/${organiser.organisationId}`, newcomer.AccessToken)).statusCode).toBe(403);

    // A member of the organiser's organisation whose role is sponsor manages nothing either.
    const member = await signUpAndSignIn(t);
    const now = new Date().toISOString();
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
        created_at: now,
        updated_at: now,
      })
      .execute();
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json();
    expect((await call('GET', `/api/events/${organiser.organisationId}`, member.AccessToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/event/${event.id}`, member.AccessToken)).statusCode).toBe(403);
    expect((await call('PUT', `/api/event/${event.id}`, member.AccessToken, validEvent())).statusCode).toBe(403);
    expect((await call('POST', '/api/event/-1', member.AccessToken, validEvent())).statusCode).toBe(403);
  });

  it('reads the membership: organisation, role and onboarding; nothing for an unknown account', async () => {
    const repo = createAccessRepository(t.database.db);
    expect(await repo.findMembership(organiser.sub)).toEqual({
      organisationId: organiser.organisationId,
      role: 'veranstalter',
      onboardingCompleted: true,
    });
    const newcomer = await signUpAndSignIn(t);
    expect(await repo.findMembership(newcomer.sub)).toBeUndefined();
  });

  it('follows a role change: an organiser who becomes a sponsor is refused', async () => {
    const user = await onboardedUser(t, 'veranstalter');
    expect((await call('POST', '/api/event/-1', user.token, validEvent())).statusCode).toBe(201);
    await call('PUT', `/api/user-profile/${user.sub}`, user.token, { role: 'sponsor' });
    expect((await call('POST', '/api/event/-1', user.token, validEvent())).statusCode).toBe(403);
  });
});
