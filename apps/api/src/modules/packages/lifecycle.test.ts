import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { MASTER_DATA, onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';

describe.each(ENGINES)('a sponsorship moving on, for its package, on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  const call = requester(() => t);

  const packageWith = async (capacity: number | null) =>
    (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Silber',
        price_cents: 50_000,
        capacity,
        benefits: [],
      })
    ).json<{ id: number }>().id;

  const chosen = async (packageId: number) => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const token = new URL(res.json().url).searchParams.get('token')!;
    const guest = { authorization: `${token}:${email}` };
    const id: number = res.json().sponsorId;
    const choice = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${id}/package`,
      headers: guest,
      payload: { package_id: packageId },
    });
    expect(choice.statusCode).toBe(200);
    return { id, guest };
  };

  const sold = async (packageId: number) =>
    (await call('GET', `/api/event/${eventId}/packages`, organiser.token))
      .json<Array<{ id: number; sold: number }>>()
      .find((p) => p.id === packageId)!.sold;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('keeps an amount above 32 bits in the activity log (up to the 100 million euro limit)', async () => {
    const { id, guest } = await chosen(await packageWith(null));
    const big = 9_999_999_999; // 99,999,999.99 EUR
    const changed = await call('PATCH', `/api/sponsorships/${id}`, organiser.token, {
      amount_cents: big,
      note: 'Groß',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().amount_cents).toBe(big);
    const activity = (
      await t.app.inject({ method: 'GET', url: `/api/sponsorships/${id}/packages`, headers: guest })
    ).json().activity;
    expect(activity.filter((a: { kind: string }) => a.kind === 'amount_changed')).toMatchObject([
      { amount_cents: big, note: 'Groß' },
    ]);
  });

  it('needs a note for an amount other than the package price, and logs every change', async () => {
    const { id, guest } = await chosen(await packageWith(null));
    const bare = await call('PATCH', `/api/sponsorships/${id}`, organiser.token, { amount_cents: 40_000 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('request.validation-failed');
    const noted = await call('PATCH', `/api/sponsorships/${id}`, organiser.token, {
      amount_cents: 40_000,
      note: 'Frühbucher',
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json().amount_cents).toBe(40_000);
    // Back to the price: no note needed, logged all the same.
    expect((await call('PATCH', `/api/sponsorships/${id}`, organiser.token, { amount_cents: 50_000 })).statusCode).toBe(
      200,
    );
    const activity = (
      await t.app.inject({ method: 'GET', url: `/api/sponsorships/${id}/packages`, headers: guest })
    ).json().activity;
    expect(activity.filter((a: { kind: string }) => a.kind === 'amount_changed')).toMatchObject([
      { amount_cents: 40_000, note: 'Frühbucher', by: MASTER_DATA.organisation_name },
      { amount_cents: 50_000, note: null },
    ]);
  });

  it('gives the slot back when a sponsorship is declined or withdrawn, and logs the status change', async () => {
    const packageId = await packageWith(2);
    const first = await chosen(packageId);
    const second = await chosen(packageId);
    expect(await sold(packageId)).toBe(2);
    const declined = await call('POST', `/api/sponsorships/${first.id}/status`, organiser.token, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
    expect(await sold(packageId)).toBe(1);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${second.id}/status`,
      headers: second.guest,
      payload: { status: 'withdrawn' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await sold(packageId)).toBe(0);
    const log = (
      await t.app.inject({ method: 'GET', url: `/api/sponsorships/${second.id}/packages`, headers: second.guest })
    ).json();
    expect(log.chosen).toBeNull();
    expect(log.activity.at(-1)).toMatchObject({
      kind: 'status_changed',
      side: 'sponsor',
      by: second.guest.authorization.split(':')[1],
      from_status: 'invited',
      to_status: 'withdrawn',
    });
    // A third sponsor gets a freed slot.
    await chosen(packageId);
    expect(await sold(packageId)).toBe(1);
  });
});
