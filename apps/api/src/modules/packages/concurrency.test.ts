// A sponsorship's package under repetition and concurrent conflicting requests (issue 55, decision
// 059): the same request five times at once leaves the state of one, two conflicting requests leave
// one of their states, and afterwards a package's `sold` is the number of sponsorships holding it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship } from '../sponsorships/test-support.ts';

const FIVE = [1, 2, 3, 4, 5];

describe.each(ENGINES)('a sponsorship’s package under concurrent requests on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  const call = requester(() => t);

  const newPackage = async (name: string, capacity: number | null, price = 100_000) => {
    const res = await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
      name,
      price_cents: price,
      capacity,
      benefits: [],
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };

  const invite = async (packageIds: number[]) => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: packageIds,
    });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().url).searchParams.get('token')!;
    const id = res.json().sponsorId as number;
    return { id, headers: { authorization: `${token}:${email}` }, guest: { token, email, sponsorshipId: id } };
  };

  const choose = (s: { id: number; headers: Record<string, string> }, packageId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${s.id}/package`,
      headers: s.headers,
      payload: { package_id: packageId },
    });
  const assign = (id: number, body: object) =>
    call('POST', `/api/sponsorships/${id}/assignment`, organiser.token, body);
  const setStatus = (id: number, status: string) =>
    call('POST', `/api/sponsorships/${id}/status`, organiser.token, { status });

  /** From the database: every package's `sold` against the sponsorships holding it. */
  const slots = async (packageIds: number[]) => {
    const db = t.database.db;
    const packages = await db.selectFrom('packages').select(['id', 'sold']).where('id', 'in', packageIds).execute();
    const choices = await db
      .selectFrom('sponsorship_choices')
      .select('package_id')
      .where('package_id', 'in', packageIds)
      .execute();
    return Object.fromEntries(
      packages.map((p) => [
        p.id,
        { sold: Number(p.sold), holders: choices.filter((c) => c.package_id === p.id).length },
      ]),
    );
  };
  const expectSoldIsHolders = async (packageIds: number[]) => {
    for (const { sold, holders } of Object.values(await slots(packageIds))) expect(sold).toBe(holders);
  };
  const activity = async (id: number, kind: 'chosen' | 'assigned' | 'amount_changed') =>
    t.database.db
      .selectFrom('sponsorship_activity')
      .select(['kind', 'package_name', 'amount_cents'])
      .where('sponsorship_id', '=', id)
      .where('kind', '=', kind)
      .execute();
  const chosenOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('sponsorship_choices')
        .select('package_id')
        .where('sponsorship_id', '=', id)
        .executeTakeFirst()
    )?.package_id ?? null;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Gleichzeitig' }))).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('takes one slot when the sponsor sends the same choice five times at once, and gives it back on decline', async () => {
    const gold = await newPackage('Gold', 3);
    const sponsor = await invite([gold]);
    const answers = await Promise.all(FIVE.map(() => choose(sponsor, gold)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await slots([gold])).toEqual({ [gold]: { sold: 1, holders: 1 } });
    expect(await activity(sponsor.id, 'chosen')).toHaveLength(1);

    // Another sponsor still finds two of three left.
    const other = await invite([gold]);
    expect((await choose(other, gold)).statusCode).toBe(200);
    expect(await slots([gold])).toEqual({ [gold]: { sold: 2, holders: 2 } });

    expect((await setStatus(sponsor.id, 'declined')).statusCode).toBe(200);
    expect(await slots([gold])).toEqual({ [gold]: { sold: 1, holders: 1 } });
    const packages = await call('GET', `/api/sponsorships/${other.id}/packages`, organiser.token);
    expect(packages.json().chosen).toMatchObject({ id: gold, sold: 1, sold_out: false });
  });

  it('keeps one of two packages chosen from two tabs at once (Gold and Silver), with one slot', async () => {
    for (let round = 0; round < 3; round++) {
      const gold = await newPackage(`Gold ${round}`, 3);
      const silver = await newPackage(`Silber ${round}`, 3, 50_000);
      const sponsor = await invite([gold, silver]);
      const answers = await Promise.all([choose(sponsor, gold), choose(sponsor, silver), choose(sponsor, gold)]);
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const now = await slots([gold, silver]);
      expect(now[gold]!.sold + now[silver]!.sold).toBe(1);
      await expectSoldIsHolders([gold, silver]);
      const held = await chosenOf(sponsor.id);
      const amount = (await call('GET', `/api/sponsorships/${sponsor.id}`, organiser.token)).json().amount_cents;
      expect(amount).toBe(held === gold ? 100_000 : 50_000);
    }
  });

  it('does not deadlock when two sponsorships swap their packages at once', async () => {
    const gold = await newPackage('Tausch Gold', null);
    const silver = await newPackage('Tausch Silber', null, 50_000);
    const a = await invite([gold, silver]);
    const b = await invite([gold, silver]);
    expect((await choose(a, gold)).statusCode).toBe(200);
    expect((await choose(b, silver)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      const [toA, toB] = round % 2 === 0 ? [silver, gold] : [gold, silver];
      const answers = await Promise.all([choose(a, toA), choose(b, toB)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    expect(await slots([gold, silver])).toEqual({ [gold]: { sold: 1, holders: 1 }, [silver]: { sold: 1, holders: 1 } });
  });

  it('takes one slot for an organiser’s triple click on an assignment, logged once', async () => {
    const gold = await newPackage('Zugewiesen', 3);
    const sponsor = await invite([]);
    const answers = await Promise.all([1, 2, 3].map(() => assign(sponsor.id, { package_id: gold })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await slots([gold])).toEqual({ [gold]: { sold: 1, holders: 1 } });
    expect(await activity(sponsor.id, 'assigned')).toHaveLength(1);
  });

  it('changes an amount once when it is sent five times at once (assignment and PATCH)', async () => {
    const gold = await newPackage('Betrag', null);
    const sponsor = await invite([gold]);
    expect((await choose(sponsor, gold)).statusCode).toBe(200);
    const viaAssignment = await Promise.all(
      FIVE.map(() => assign(sponsor.id, { amount_cents: 120_000, note: 'Mehr Fläche' })),
    );
    expect(viaAssignment.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const viaPatch = await Promise.all(
      FIVE.map(() =>
        call('PATCH', `/api/sponsorships/${sponsor.id}`, organiser.token, { amount_cents: 130_000, note: 'Noch mehr' }),
      ),
    );
    expect(viaPatch.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await activity(sponsor.id, 'amount_changed')).map((e) => Number(e.amount_cents))).toEqual([
      120_000, 130_000,
    ]);
  });

  it('leaves no slot with a declined sponsorship when an assignment and a decline meet', async () => {
    for (let round = 0; round < 3; round++) {
      const gold = await newPackage(`Ablehnung ${round}`, 2);
      const sponsor = await invite([gold]);
      const [assigned, declined] = await Promise.all([
        assign(sponsor.id, { package_id: gold }),
        setStatus(sponsor.id, 'declined'),
      ]);
      expect(declined.statusCode).toBe(200);
      expect([200, 409]).toContain(assigned.statusCode);
      expect(await slots([gold])).toEqual({ [gold]: { sold: 0, holders: 0 } });
    }
  });

  it('refuses a package choice or assignment once the sponsorship is confirmed', async () => {
    const gold = await newPackage('Bestätigt Gold', null);
    const silver = await newPackage('Bestätigt Silber', null);
    const sponsor = await invite([gold, silver]);
    expect((await choose(sponsor, gold)).statusCode).toBe(200);
    await confirmSponsorship(t, sponsor.guest, organiser.token);
    const chosen = await choose(sponsor, silver);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().code).toBe('package.choice-closed');
    const assigned = await assign(sponsor.id, { package_id: silver });
    expect(assigned.json().code).toBe('package.choice-closed');
    const offer = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${sponsor.id}/packages`,
      headers: sponsor.headers,
    });
    expect(offer.json()).toMatchObject({ choice_open: false, chosen: { id: gold } });
    expect(await slots([gold, silver])).toEqual({ [gold]: { sold: 1, holders: 1 }, [silver]: { sold: 0, holders: 0 } });
  });

  describe('the list of an event’s packages', () => {
    let listEvent: number;
    const positions = async () =>
      (
        await t.database.db
          .selectFrom('packages')
          .select(['id', 'position'])
          .where('event_id', '=', listEvent)
          .orderBy('position')
          .orderBy('id')
          .execute()
      ).map((p) => [p.id, Number(p.position)]);
    const create = (name: string) =>
      call('POST', `/api/event/${listEvent}/packages`, organiser.token, {
        name,
        price_cents: 100,
        capacity: null,
        benefits: [],
      });
    const reorder = (ids: number[]) =>
      call('PUT', `/api/event/${listEvent}/packages/order`, organiser.token, { package_ids: ids });

    beforeAll(async () => {
      listEvent = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Paketliste' }))).json().id;
    });

    it('gives five packages created at once five positions', async () => {
      const answers = await Promise.all(FIVE.map((n) => create(`Paket ${n}`)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const listed = await positions();
      expect(new Set(listed.map(([, position]) => position)).size).toBe(5);
    });

    it('writes an order only over the packages there are then: one racing a new package is refused or leaves it last', async () => {
      for (let round = 0; round < 3; round++) {
        const ids = (await positions()).map(([id]) => id!).reverse();
        const [ordered, created] = await Promise.all([reorder(ids), create(`Neu ${round}`)]);
        expect(created.statusCode).toBe(201);
        const listed = await positions();
        expect(new Set(listed.map(([, position]) => position)).size).toBe(listed.length);
        if (ordered.statusCode === 200) {
          // The order was written before the package came, or the new one was there and the order
          // names it: neither, the order is refused.
          expect(listed.map(([id]) => id)).toEqual([...ids, created.json().id]);
        } else {
          expect(ordered.statusCode).toBe(400);
          expect(ordered.json().code).toBe('request.validation-failed');
        }
      }
    });
  });
});
