// The board's tickets column: per sponsorship with a tickets benefit, done when every seat is named,
// waiting for the sponsor while seats are left before the deadline, overdue after it; sponsorships
// without a tickets benefit and other organisations' events have no cell.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { ticketReadiness } from './index.ts';

describe.each(ENGINES)('ticket readiness on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let organisationId: number;
  let eventId: number;
  const call = requester(() => t);

  const confirmed = async (benefits: object[]): Promise<Guest> => {
    const packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: uniqueEmail('paket').slice(0, 40),
        price_cents: 1000,
        capacity: null,
        benefits,
      })
    ).json().id;
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    await confirmSponsorship(t, guest, organiser.token);
    return guest;
  };
  const tickets = (quantity: number, due_date: string | null) => ({
    title: 'Tickets',
    kind: 'tickets',
    due_date,
    sponsor_delivers: true,
    quantity,
  });
  const name = async (guest: Guest, who: string) => {
    const seats = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${guest.sponsorshipId}/tickets`,
      headers: guestHeaders(guest),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/tickets`,
      headers: guestHeaders(guest),
      payload: { deliverable_id: seats.json().benefits[0].deliverable_id, name: who, email: `${who}@example.org` },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    organisationId = organiser.organisationId;
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ event_date: '2030-07-04' }))).json()
      .id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('tells done, waiting for the sponsor and overdue apart, with the seats as label', async () => {
    const full = await confirmed([tickets(2, '2030-06-01')]);
    await name(full, 'ada');
    await name(full, 'grace');
    const partly = await confirmed([tickets(3, '2030-06-01')]);
    await name(partly, 'alan');
    const none = await confirmed([tickets(1, null)]);
    const withoutTickets = await confirmed([{ title: 'Logo', kind: 'logo', due_date: null, sponsor_delivers: true }]);

    const before = await ticketReadiness(t.database.db, { organisationId, eventId }, new Date('2030-05-15T10:00:00Z'));
    expect(before).toHaveLength(1);
    expect(before[0]!.columnKey).toBe('tickets');
    const cells = before[0]!.cells;
    expect(cells.get(full.sponsorshipId)).toEqual({ state: 'done', label: '2/2', due: null });
    expect(cells.get(partly.sponsorshipId)).toEqual({ state: 'waiting_sponsor', label: '1/3', due: '2030-06-01' });
    expect(cells.get(none.sponsorshipId)).toEqual({ state: 'waiting_sponsor', label: '0/1', due: '2030-07-03' });
    expect(cells.has(withoutTickets.sponsorshipId)).toBe(false);

    // The day after the due date (in Germany) the partly named one is overdue; the event's eve is not yet.
    const after = (
      await ticketReadiness(t.database.db, { organisationId, eventId }, new Date('2030-06-01T22:30:00Z'))
    )[0]!.cells;
    expect(after.get(partly.sponsorshipId)!.state).toBe('overdue');
    expect(after.get(none.sponsorshipId)!.state).toBe('waiting_sponsor');
    expect(after.get(full.sponsorshipId)!.state).toBe('done');

    expect(await ticketReadiness(t.database.db, { organisationId: organisationId + 1000, eventId })).toEqual([]);
  });
});
