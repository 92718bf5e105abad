// The event page's reads (GET /event/{id}, its packages and its sponsorships) come from the read
// cache, kept under the tables each read declares (decision 094).
// Every change they show is read back right after a cached read, on both engines, and a cached
// answer is still only given to the event's organisers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageWire } from '@sp/shared';
import { ENGINES } from './helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../src/identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../src/modules/events/test-support.ts';
import { joinedMember } from '../src/modules/invitations/test-support.ts';
import { guestHeaders, type Guest } from '../src/modules/sponsorships/test-support.ts';

type Sponsorship = { id: number; status: string; amount_cents: number | null; organisation_name: string };

describe.each(ENGINES)('event page reads from the read cache on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let eventId: number;
  const call = requester(() => t);

  /** Reads twice: the second answer must be the first's bytes (a cache hit changes nothing). */
  const read = async <T>(url: string, token = organiser.token): Promise<T> => {
    const first = await call('GET', url, token);
    expect(first.statusCode).toBe(200);
    const again = await call('GET', url, token);
    expect(again.body).toBe(first.body);
    return first.json<T>();
  };
  const packages = () => read<PackageWire[]>(`/api/event/${eventId}/packages`);
  const sponsorships = () => read<Sponsorship[]>(`/api/event/${eventId}/sponsorships`);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    colleague = await joinedMember(t, organiser);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
  });
  afterAll(async () => t?.close());

  it('answers every change to packages, choices and sponsorships right after a cached read', async () => {
    expect(await packages()).toEqual([]);
    const created = await call('POST', `/api/event/${eventId}/packages`, colleague.token, {
      name: 'Gold',
      price_cents: 200_000,
      capacity: 1,
      benefits: [{ title: 'Logo', kind: 'logo', due_date: null, sponsor_delivers: true }],
    });
    expect(created.statusCode).toBe(201);
    const gold = created.json<PackageWire>();
    expect((await packages()).map((p) => p.name)).toEqual(['Gold']);

    // An edit replaces the benefits with the package row.
    await call('PUT', `/api/packages/${gold.id}`, organiser.token, {
      name: 'Gold',
      price_cents: 200_000,
      capacity: 1,
      benefits: [{ title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false }],
    });
    expect((await packages())[0]!.benefits.map((b) => b.title)).toEqual(['Stand']);

    // An invitation offering it (the package is now in use), then the sponsor's choice.
    expect(await sponsorships()).toEqual([]);
    const email = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [gold.id],
    });
    const guest: Guest = {
      token: new URL(invited.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: invited.json().sponsorId,
    };
    expect((await packages())[0]).toMatchObject({ in_use: true, sold: 0 });
    expect((await sponsorships()).map((s) => s.amount_cents)).toEqual([null]);
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: gold.id },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await packages())[0]).toMatchObject({ sold: 1 });
    expect((await sponsorships())[0]).toMatchObject({ amount_cents: 200_000 });

    // The event itself, the organisation's name, an archived package, and plain SQL.
    await call('PUT', `/api/event/${eventId}`, organiser.token, validEvent({ title: 'Stadtlauf 2027' }));
    expect((await read<{ title: string }>(`/api/event/${eventId}`)).title).toBe('Stadtlauf 2027');
    await t.database.db
      .updateTable('organisations')
      .set({ name: 'Neuer Vereinsname' })
      .where('id', '=', organiser.organisationId)
      .execute();
    expect((await sponsorships())[0]!.organisation_name).toBe('Neuer Vereinsname');
    await call('POST', `/api/packages/${gold.id}/archive`, organiser.token, { archived: true });
    expect((await packages())[0]).toMatchObject({ archived: true });
    await t.database.db.updateTable('packages').set({ name: 'Platin' }).where('id', '=', gold.id).execute();
    expect((await packages())[0]!.name).toBe('Platin');
  });

  it('still checks who asks before answering from the cache', async () => {
    for (const url of [
      `/api/event/${eventId}`,
      `/api/event/${eventId}/packages`,
      `/api/event/${eventId}/sponsorships`,
    ]) {
      await read(url);
      expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, colleague.token)).statusCode).toBe(200);
    }
  });
});
