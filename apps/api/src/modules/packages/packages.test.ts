import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageWire, SavePackageRequest, SponsorshipPackagesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { MASTER_DATA, onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';

type Guest = { token: string; email: string; sponsorshipId: number };

const gold = (change: Partial<SavePackageRequest> = {}): SavePackageRequest => ({
  name: 'Gold',
  description: 'Der große Auftritt',
  price_cents: 250_000,
  capacity: null,
  benefits: [
    { title: 'Logo auf dem Plakat', kind: 'logo', due_date: '2026-06-01', sponsor_delivers: true },
    { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
  ],
  ...change,
});

describe.each(ENGINES)('packages on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let sponsorUser: TestUser;
  let eventId: number;
  let otherEventId: number;
  const call = requester(() => t);
  const asGuest = (method: 'GET' | 'POST', url: string, guest: Guest, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });

  const createPackage = async (event: number, body: SavePackageRequest = gold()) => {
    const res = await call('POST', `/api/event/${event}/packages`, organiser.token, body);
    expect(res.statusCode).toBe(201);
    return res.json<PackageWire>();
  };

  const inviteSponsor = async (packageIds: number[], email = uniqueEmail('sponsor')): Promise<Guest> => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: packageIds,
    });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().url).searchParams.get('token')!;
    return { token, email, sponsorshipId: res.json().sponsorId };
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    member = await joinedMember(t, organiser);
    sponsorUser = await onboardedUser(t, 'sponsor');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    otherEventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Herbstlauf' }))).json()
      .id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('creates, edits, reorders and archives packages with their benefits', async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Crud' }))).json().id;
    const first = await createPackage(event);
    expect(first).toMatchObject({
      name: 'Gold',
      price_cents: 250_000,
      currency: 'EUR',
      capacity: null,
      sold: 0,
      archived: false,
      in_use: false,
      benefits: [
        { title: 'Logo auf dem Plakat', kind: 'logo', due_date: '2026-06-01', sponsor_delivers: true },
        { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    });
    const second = await createPackage(event, gold({ name: 'Silber', price_cents: 100_000, capacity: 3 }));

    const edited = await call('PUT', `/api/packages/${first.id}`, member.token, {
      ...gold({ name: 'Gold plus', capacity: 2 }),
      benefits: [{ title: 'Vortrag', kind: 'talk', due_date: null, sponsor_delivers: true }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Gold plus', capacity: 2, benefits: [{ title: 'Vortrag' }] });

    const reordered = await call('PUT', `/api/event/${event}/packages/order`, organiser.token, {
      package_ids: [second.id, first.id],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<PackageWire[]>().map((p) => p.name)).toEqual(['Silber', 'Gold plus']);
    const incomplete = await call('PUT', `/api/event/${event}/packages/order`, organiser.token, {
      package_ids: [second.id],
    });
    expect(incomplete.statusCode).toBe(400);

    const archived = await call('POST', `/api/packages/${second.id}/archive`, organiser.token, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    const listed = await call('GET', `/api/event/${event}/packages`, organiser.token);
    expect(listed.json<PackageWire[]>().map((p) => [p.name, p.archived])).toEqual([
      ['Silber', true],
      ['Gold plus', false],
    ]);
    const refused = await call('POST', `/api/event/${event}/packages`, organiser.token, gold({ price_cents: -1 }));
    expect(refused.statusCode).toBe(400);
  });

  it('deletes an unused package, but only archives one in use', async () => {
    const unused = await createPackage(eventId, gold({ name: 'Ungenutzt' }));
    expect((await call('DELETE', `/api/packages/${unused.id}`, organiser.token)).statusCode).toBe(204);
    expect((await call('PUT', `/api/packages/${unused.id}`, organiser.token, gold())).statusCode).toBe(404);

    const used = await createPackage(eventId, gold({ name: 'Angeboten' }));
    await inviteSponsor([used.id]);
    const deleted = await call('DELETE', `/api/packages/${used.id}`, organiser.token);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('package.in-use');
    expect(
      (await call('POST', `/api/packages/${used.id}/archive`, organiser.token, { archived: true })).statusCode,
    ).toBe(200);
    const offerArchived = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: uniqueEmail('late'),
      event_id: eventId,
      package_ids: [used.id],
    });
    expect(offerArchived.statusCode).toBe(400);
  });

  it("copies another event's packages in one step, without the archived ones", async () => {
    const source = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Quelle' }))).json().id;
    const target = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Ziel' }))).json().id;
    await createPackage(source, gold({ name: 'A', capacity: 1 }));
    const old = await createPackage(source, gold({ name: 'Alt' }));
    await createPackage(source, gold({ name: 'B' }));
    await call('POST', `/api/packages/${old.id}/archive`, organiser.token, { archived: true });
    await createPackage(target, gold({ name: 'Schon da' }));

    const res = await call('POST', `/api/event/${target}/packages/copy`, organiser.token, { from_event_id: source });
    expect(res.statusCode).toBe(200);
    const copied = res.json<PackageWire[]>();
    expect(copied.map((p) => p.name)).toEqual(['Schon da', 'A', 'B']);
    expect(copied[1]).toMatchObject({ capacity: 1, sold: 0, benefits: gold().benefits });

    const strangerEvent = (await call('POST', '/api/event/-1', stranger.token, validEvent())).json().id;
    const foreign = await call('POST', `/api/event/${target}/packages/copy`, organiser.token, {
      from_event_id: strangerEvent,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses another organisation's organiser, a sponsor and a guest of another sponsorship", async () => {
    const own = await createPackage(eventId, gold({ name: 'Geschützt' }));
    const guest = await inviteSponsor([own.id]);
    const other = await inviteSponsor([own.id]);

    for (const [method, url, body] of [
      ['GET', `/api/event/${eventId}/packages`, undefined],
      ['POST', `/api/event/${eventId}/packages`, gold()],
      ['PUT', `/api/packages/${own.id}`, gold()],
      ['POST', `/api/packages/${own.id}/archive`, { archived: true }],
      ['DELETE', `/api/packages/${own.id}`, undefined],
    ] as const) {
      expect((await call(method, url, stranger.token, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, sponsorUser.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    const url = `/api/sponsorships/${guest.sponsorshipId}`;
    expect((await call('GET', `${url}/packages`, stranger.token)).statusCode).toBe(404);
    expect((await asGuest('GET', `${url}/packages`, other)).statusCode).toBe(404);
    expect((await asGuest('POST', `${url}/package`, other, { package_id: own.id })).statusCode).toBe(404);
    expect((await call('POST', `${url}/package`, stranger.token, { package_id: own.id })).statusCode).toBe(404);
    const organiserChooses = await call('POST', `${url}/package`, organiser.token, { package_id: own.id });
    expect(organiserChooses.statusCode).toBe(403);
    const guestAssigns = await asGuest('POST', `${url}/assignment`, guest, { amount_cents: 1, note: 'billiger' });
    expect(guestAssigns.statusCode).toBe(403);
    expect((await call('POST', `${url}/assignment`, stranger.token, { package_id: own.id })).statusCode).toBe(404);
  });

  it('lets the sponsor choose an offered package; the amount follows its price and both see the activity', async () => {
    const silver = await createPackage(eventId, gold({ name: 'Silber', price_cents: 100_000 }));
    const bronze = await createPackage(eventId, gold({ name: 'Bronze', price_cents: 50_000, capacity: 5 }));
    const notOffered = await createPackage(eventId, gold({ name: 'Nicht angeboten' }));
    const guest = await inviteSponsor([silver.id, bronze.id]);
    const url = `/api/sponsorships/${guest.sponsorshipId}`;

    const seen = (await asGuest('GET', `${url}/packages`, guest)).json<SponsorshipPackagesResponse>();
    expect(seen.offered.map((p) => p.name)).toEqual(['Silber', 'Bronze']);
    expect(seen.chosen).toBeNull();
    expect(seen.activity).toMatchObject([{ kind: 'offered', side: 'organisation', package_name: 'Silber, Bronze' }]);

    const wrong = await asGuest('POST', `${url}/package`, guest, { package_id: notOffered.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('package.not-offered');

    const chosen = await asGuest('POST', `${url}/package`, guest, { package_id: silver.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ chosen: { id: silver.id }, amount_cents: 100_000 });
    const switched = (await asGuest('POST', `${url}/package`, guest, { package_id: bronze.id })).json();
    expect(switched).toMatchObject({ chosen: { id: bronze.id, sold: 1 }, amount_cents: 50_000 });
    const packages = (await call('GET', `/api/event/${eventId}/packages`, organiser.token)).json<PackageWire[]>();
    expect(packages.find((p) => p.id === silver.id)).toMatchObject({ sold: 0, in_use: true });

    const changed = await call('POST', `${url}/assignment`, organiser.token, {
      amount_cents: 45_000,
      note: 'Rabatt für Vereinsmitglieder',
    });
    expect(changed.statusCode).toBe(200);
    const noNote = await call('POST', `${url}/assignment`, organiser.token, { amount_cents: 40_000 });
    expect(noNote.statusCode).toBe(400);
    const assigned = await call('POST', `${url}/assignment`, member.token, { package_id: notOffered.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ chosen: { id: notOffered.id }, amount_cents: 250_000 });

    const log = (await asGuest('GET', `${url}/packages`, guest)).json<SponsorshipPackagesResponse>().activity;
    expect(log.map((a) => [a.kind, a.side, a.package_name, a.amount_cents, a.note])).toEqual([
      ['offered', 'organisation', 'Silber, Bronze', null, null],
      ['chosen', 'sponsor', 'Silber', 100_000, null],
      ['chosen', 'sponsor', 'Bronze', 50_000, null],
      ['amount_changed', 'organisation', null, 45_000, 'Rabatt für Vereinsmitglieder'],
      ['assigned', 'organisation', 'Nicht angeboten', 250_000, null],
    ]);
    // The sponsor sees the organisation's name, not its members' addresses; the organisation sees who.
    expect(log.map((a) => a.by)).toEqual([
      MASTER_DATA.organisation_name,
      guest.email,
      guest.email,
      MASTER_DATA.organisation_name,
      MASTER_DATA.organisation_name,
    ]);
    const ownLog = (await call('GET', `${url}/packages`, organiser.token)).json<SponsorshipPackagesResponse>().activity;
    expect(ownLog.map((a) => a.by)).toEqual([organiser.email, guest.email, guest.email, organiser.email, member.email]);
    const sponsorship = (await asGuest('GET', url, guest)).json();
    expect(sponsorship.amount_cents).toBe(250_000);
  });

  it('gives the last slot to exactly one of two sponsors choosing at once', async () => {
    for (let round = 0; round < 3; round++) {
      const last = await createPackage(eventId, gold({ name: `Letzter Platz ${round}`, capacity: 1 }));
      const [a, b] = await Promise.all([inviteSponsor([last.id]), inviteSponsor([last.id])]);
      const answers = await Promise.all(
        [a, b].map((guest) =>
          asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: last.id }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('package.sold-out');
      const after = (await call('GET', `/api/event/${eventId}/packages`, organiser.token))
        .json<PackageWire[]>()
        .find((p) => p.id === last.id);
      expect(after).toMatchObject({ sold: 1, capacity: 1 });
      const loser = [a, b][answers.findIndex((r) => r.statusCode === 409)]!;
      const seen = (
        await asGuest('GET', `/api/sponsorships/${loser.sponsorshipId}/packages`, loser)
      ).json<SponsorshipPackagesResponse>();
      expect(seen.chosen).toBeNull();
      expect(seen.offered[0]).toMatchObject({ id: last.id, sold_out: true });
    }
  });

  it('keeps the capacity at or above what is sold', async () => {
    const one = await createPackage(eventId, gold({ name: 'Einzeln', capacity: 2 }));
    const guest = await inviteSponsor([one.id]);
    await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: one.id });
    const other = await inviteSponsor([one.id]);
    await asGuest('POST', `/api/sponsorships/${other.sponsorshipId}/package`, other, { package_id: one.id });
    const res = await call('PUT', `/api/packages/${one.id}`, organiser.token, gold({ name: 'Einzeln', capacity: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('package.capacity-below-sold');
  });

  it('shows the registered sponsor their offer in the dashboard and lets them choose', async () => {
    const pkg = await createPackage(eventId, gold({ name: 'Für Registrierte' }));
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorUser.email,
      event_id: eventId,
      package_ids: [pkg.id],
    });
    const id = res.json().sponsorId;
    const seen = await call('GET', `/api/sponsorships/${id}/packages`, sponsorUser.token);
    expect(seen.json().offered).toHaveLength(1);
    const chosen = await call('POST', `/api/sponsorships/${id}/package`, sponsorUser.token, { package_id: pkg.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().activity.at(-1)).toMatchObject({ kind: 'chosen', by: sponsorUser.email });
    expect(otherEventId).toBeGreaterThan(0);
  });
});
