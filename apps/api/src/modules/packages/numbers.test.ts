import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageWire, SavePackageRequest, SponsoringNumbersWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';

const pkg = (name: string, price: number, capacity: number | null): SavePackageRequest => ({
  name,
  description: '',
  price_cents: price,
  capacity,
  benefits: [],
});

describe.each(ENGINES)('sponsoring numbers on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  const call = requester(() => t);

  const createPackage = async (event: number, body: SavePackageRequest) => {
    const res = await call('POST', `/api/event/${event}/packages`, organiser.token, body);
    expect(res.statusCode).toBe(201);
    return res.json<PackageWire>();
  };
  const invite = async (event: number, packageIds: number[]): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: event,
      package_ids: packageIds,
    });
    expect(res.statusCode).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };
  const choose = async (guest: Guest, packageId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    expect(res.statusCode).toBe(200);
  };
  const numbers = (token: string, organisationId = organiser.organisationId) =>
    call('GET', `/api/organisation/${organisationId}/sponsoring-numbers`, token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('sums slots, committed and in-negotiation amounts per package and event', async () => {
    const empty = (await numbers(organiser.token)).json<SponsoringNumbersWire>();
    expect(empty).toEqual({
      events: [],
      totals: { sold: 0, committed_cents: 0, in_negotiation_cents: 0, fulfilment: { done: 0, total: 0, overdue: 0 } },
    });

    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Zahlen' }))).json().id;
    const gold = await createPackage(event, {
      ...pkg('Gold', 500_000, 2),
      benefits: [
        { title: 'Logo auf dem Plakat', kind: 'logo', due_date: '2020-01-01', sponsor_delivers: true },
        { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    });
    const silver = await createPackage(event, pkg('Silber', 100_000, null));
    const [a, b, c, d] = await Promise.all([
      invite(event, [gold.id]),
      invite(event, [gold.id]),
      invite(event, [silver.id]),
      invite(event, [silver.id]),
    ]);
    await choose(a, gold.id);
    await choose(b, gold.id);
    await choose(c, silver.id);
    await choose(d, silver.id);
    await confirmSponsorship(t, a, organiser.token);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${d.sponsorshipId}/status`,
      headers: guestHeaders(d),
      payload: { status: 'withdrawn' },
    });
    expect(declined.statusCode).toBe(200);

    const res = await numbers(organiser.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<SponsoringNumbersWire>();
    const own = body.events.find((e) => e.event_id === event)!;
    expect(own.packages).toEqual([
      {
        package_id: gold.id,
        name: 'Gold',
        archived: false,
        sold: 2,
        capacity: 2,
        // a is confirmed (committed), b has chosen and is still open (in negotiation).
        committed_cents: 500_000,
        in_negotiation_cents: 500_000,
      },
      {
        package_id: silver.id,
        name: 'Silber',
        archived: false,
        // The withdrawn sponsorship gave its slot back.
        sold: 1,
        capacity: null,
        // The withdrawn sponsorship counts in neither sum.
        committed_cents: 0,
        in_negotiation_cents: 100_000,
      },
    ]);
    // The confirmed Gold sponsorship's two benefits became deliverables; the logo's due date has passed.
    expect(own).toMatchObject({
      committed_cents: 500_000,
      in_negotiation_cents: 600_000,
      fulfilment: { done: 0, total: 2, overdue: 1 },
    });
    expect(body.totals).toMatchObject({
      sold: 3,
      committed_cents: 500_000,
      in_negotiation_cents: 600_000,
      fulfilment: { done: 0, total: 2, overdue: 1 },
    });
  });

  it('answers only the organisers of that organisation', async () => {
    expect((await numbers(stranger.token)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/organisation/${organiser.organisationId}/sponsoring-numbers`, null)).statusCode,
    ).toBe(401);
    const own = (await numbers(stranger.token, stranger.organisationId)).json<SponsoringNumbersWire>();
    expect(own.events).toEqual([]);
  });
});
