// A deliverable under repetition and concurrent requests (issue 55, decision 059): the same change
// five times at once is made and logged once, two conflicting changes leave one of them, and the log
// ends with the status the deliverable has.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorshipDeliverablesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';

const FIVE = [1, 2, 3, 4, 5];

describe.each(ENGINES)('deliverables under concurrent requests on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);

  const confirmed = async (): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
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

  const deliverables = async (guest: Guest) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
        headers: guestHeaders(guest),
      })
    ).json<SponsorshipDeliverablesResponse>();

  const logged = async (deliverableId: number, kind: 'status_changed' | 'input_provided' | 'due_date_changed') =>
    t.database.db
      .selectFrom('deliverable_activity')
      .select(['detail'])
      .where('deliverable_id', '=', deliverableId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Leistungen' }))).json().id;
    packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold',
        price_cents: 100_000,
        capacity: null,
        benefits: [{ title: 'Vortrag', kind: 'talk', due_date: '2030-03-01', sponsor_delivers: true }],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('changes and logs a deliverable once when the same change comes five times at once', async () => {
    const guest = await confirmed();
    const [talk] = (await deliverables(guest)).deliverables;
    const patches = await Promise.all(
      FIVE.map(() =>
        call('PATCH', `/api/deliverables/${talk!.id}`, organiser.token, { status: 'done', due_date: '2030-04-01' }),
      ),
    );
    expect(patches.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await logged(talk!.id, 'status_changed')).map((e) => e.detail)).toEqual(['open → done']);
    expect(await logged(talk!.id, 'due_date_changed')).toHaveLength(1);

    const inputs = await Promise.all(
      FIVE.map(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/deliverables/${talk!.id}/input`,
          headers: guestHeaders(guest),
          payload: { text: 'Titel: Stadt der Zukunft' },
        }),
      ),
    );
    expect(inputs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await logged(talk!.id, 'input_provided')).toHaveLength(1);
  });

  it('ends the log with the status the deliverable has when two status changes meet', async () => {
    const guest = await confirmed();
    const [talk] = (await deliverables(guest)).deliverables;
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        (['in_progress', 'done', 'in_progress', 'done'] as const).map((status) =>
          call('PATCH', `/api/deliverables/${talk!.id}`, organiser.token, { status }),
        ),
      );
      const now = (await deliverables(guest)).deliverables[0]!.status;
      const log = (await logged(talk!.id, 'status_changed')).map((e) => e.detail!);
      // Each entry starts where the one before it ended, and the last ends where the deliverable is.
      for (let i = 1; i < log.length; i++) expect(log[i]!.split(' → ')[0]).toBe(log[i - 1]!.split(' → ')[1]);
      expect(log.at(-1)!.split(' → ')[1]).toBe(now);
    }
  });
});
