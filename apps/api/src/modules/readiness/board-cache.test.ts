// The boards' answers are kept in the read cache under the tables they read (decisions 096, 106).
// This tries to make them stale: writes straight to the database (no service told) of each kind of
// source a cell has, then the next read must show them, on both boards; and a write through another
// connection (an operator's SQL, another server process) within the read cache's contract's second.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeOrganisationReadiness,
  decodeReadinessBoard,
  ZOrganisationReadinessResponse,
  ZReadinessBoardResponse,
  type SavePackageRequest,
} from '@sp/shared';
import { toDbTime } from '../../db/values.ts';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';

/** The read cache's contract for a write of another process or connection (read-cache/index.ts). */
const OTHER_CONNECTION_MS = 1000;

const pack: SavePackageRequest = {
  name: 'Gold',
  description: '',
  price_cents: 100_000,
  capacity: null,
  benefits: [{ title: 'Logo', kind: 'logo', due_date: '2026-04-01', sponsor_delivers: true }],
};

describe.each(ENGINES)('readiness boards from the read cache on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  let packageId: number;
  let guest: Guest;
  const call = requester(() => t);
  const db = () => t.database.db;

  const eventBoard = async () => {
    const res = await call('GET', `/api/events/${eventId}/readiness`, organiser.token);
    expect(res.statusCode).toBe(200);
    return decodeReadinessBoard(ZReadinessBoardResponse.parse(res.json()));
  };
  const organisationBoard = async () => {
    const res = await call('GET', '/api/readiness', organiser.token);
    expect(res.statusCode).toBe(200);
    return decodeOrganisationReadiness(ZOrganisationReadinessResponse.parse(res.json()));
  };
  const rowOf = async () => (await eventBoard()).rows.find((r) => r.sponsorship_id === guest.sponsorshipId)!;
  const acrossRowOf = async () =>
    (await organisationBoard()).rows.find((r) => r.sponsorship_id === guest.sponsorshipId)!;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    // Late on 1 April in Germany: 40 minutes on is the next day (the tokens still valid).
    t.clock.advance(Date.parse('2026-04-01T21:30:00Z') - t.clock().getTime());
    organiser = await onboardedUser(t, 'veranstalter');
    eventId = (
      await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf', event_date: '2026-09-01' }))
    ).json().id;
    packageId = (await call('POST', `/api/event/${eventId}/packages`, organiser.token, pack)).json().id;
    const email = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    guest = {
      token: new URL(invited.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: invited.json().sponsorId,
    };
    const choose = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    expect(choose.statusCode).toBe(200);
    await confirmSponsorship(t, guest, organiser.token);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('answers the same bytes again while nothing changed', async () => {
    const first = await call('GET', `/api/events/${eventId}/readiness`, organiser.token);
    const revision = () =>
      db()
        .selectFrom('readiness_revisions')
        .select('revision')
        .where('organisation_id', '=', organiser.organisationId)
        .executeTakeFirst();
    const before = await revision();
    const second = await call('GET', `/api/events/${eventId}/readiness`, organiser.token);
    expect(second.body).toBe(first.body);
    // Reading writes nothing the revision counts (else every read would be a miss).
    expect(await revision()).toEqual(before);
    // A few distinct cells, each once: the lean wire of decision 096.
    const wire = ZReadinessBoardResponse.parse(second.json());
    expect(new Set(wire.cells.map((c) => JSON.stringify(c))).size).toBe(wire.cells.length);
  });

  it('shows a deliverable changed behind its back on the next read of both boards', async () => {
    expect((await rowOf()).cells['deliverable:logo']!.state).toBe('waiting_sponsor');
    expect((await acrossRowOf()).cells.deliverables!.label).toBe('0/1');
    await db()
      .updateTable('deliverables')
      .set({ status: 'done' })
      .where('sponsorship_id', '=', guest.sponsorshipId)
      .execute();
    expect((await rowOf()).cells['deliverable:logo']!.state).toBe('done');
    expect((await acrossRowOf()).cells.deliverables!.label).toBe('1/1');
  });

  it('shows the sponsorship, its package, the sponsor’s name and the event on the next read', async () => {
    await eventBoard();
    await organisationBoard();
    await db().updateTable('packages').set({ name: 'Platin' }).where('id', '=', packageId).execute();
    expect((await rowOf()).package_name).toBe('Platin');
    await db()
      .insertInto('sponsor_profiles')
      .values({
        email_normalized: guest.email.toLowerCase(),
        public_name: 'Bäckerei Korn',
        description_de: '',
        description_en: '',
        website: null,
        logo_key: null,
        logo_width: null,
        logo_height: null,
        created_at: toDbTime(t.clock()),
        updated_at: toDbTime(t.clock()),
      })
      .execute();
    expect((await rowOf()).sponsor_name).toBe('Bäckerei Korn');
    expect((await acrossRowOf()).sponsor_name).toBe('Bäckerei Korn');
    await db().updateTable('sponsorships').set({ status: 'signed' }).where('id', '=', guest.sponsorshipId).execute();
    expect((await rowOf()).cells.agreement).toMatchObject({ state: 'waiting_us', label: 'signed' });
    await db().updateTable('sponsorships').set({ status: 'confirmed' }).where('id', '=', guest.sponsorshipId).execute();
    expect((await rowOf()).cells.agreement).toMatchObject({ state: 'done', label: 'confirmed' });
    await db().updateTable('events').set({ title: 'Stadtlauf 2026' }).where('id', '=', eventId).execute();
    expect((await organisationBoard()).events.find((e) => e.id === eventId)!.title).toBe('Stadtlauf 2026');
  });

  it('shows a chaser at once, and a new day turns a due date overdue', async () => {
    await db()
      .updateTable('deliverables')
      .set({ status: 'open' })
      .where('sponsorship_id', '=', guest.sponsorshipId)
      .execute();
    expect((await rowOf()).last_notice).toBeNull();
    const chase = await call('POST', `/api/events/${eventId}/readiness/chase`, organiser.token, {
      sponsorship_ids: [guest.sponsorshipId],
    });
    expect(chase.json().queued).toBe(1);
    expect((await rowOf()).last_notice?.status).toMatch(/queued|sending|sent/);
    expect((await rowOf()).cells['deliverable:logo']!.state).toBe('waiting_sponsor');
    t.clock.advance(40 * 60_000);
    expect((await rowOf()).cells['deliverable:logo']!.state).toBe('overdue');
  });

  it('shows a write through another connection on both boards within the read cache’s second', async () => {
    const within = async <T>(read: () => Promise<T>, expected: T) => {
      const deadline = performance.now() + OTHER_CONNECTION_MS;
      let seen = await read();
      while (seen !== expected && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await read();
      }
      return seen;
    };
    for (const [round, status] of (['done', 'open', 'done'] as const).entries()) {
      // Both boards kept before the write (read twice: the second is a hit).
      await rowOf();
      await acrossRowOf();
      expect(await rowOf()).toBeDefined();
      const operator = t.database.openAgain();
      try {
        await sql`update deliverables set status = ${status} where sponsorship_id = ${guest.sponsorshipId}`.execute(
          operator.db,
        );
      } finally {
        await operator.close();
      }
      const state = status === 'done' ? 'done' : 'overdue';
      expect(await within(async () => (await rowOf()).cells['deliverable:logo']!.state, state), `round ${round}`).toBe(
        state,
      );
      const label = status === 'done' ? '1/1' : '0/1';
      expect(await within(async () => (await acrossRowOf()).cells.deliverables!.label, label), `round ${round}`).toBe(
        label,
      );
    }
  });

  it('lets sponsors choose one package at once (the revision is bumped at commit, no deadlock)', async () => {
    const guests = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const email = uniqueEmail('together');
        const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
          email,
          event_id: eventId,
          package_ids: [packageId],
        });
        return {
          token: new URL(res.json().url).searchParams.get('token')!,
          email,
          sponsorshipId: res.json().sponsorId,
        };
      }),
    );
    const before = (await eventBoard()).rows.length;
    const chosen = await Promise.all(
      guests.map((g) =>
        t.app.inject({
          method: 'POST',
          url: `/api/sponsorships/${g.sponsorshipId}/package`,
          headers: guestHeaders(g),
          payload: { package_id: packageId },
        }),
      ),
    );
    expect(chosen.map((r) => r.statusCode)).toEqual(guests.map(() => 200));
    const board = await eventBoard();
    expect(board.rows.length).toBe(before);
    for (const g of guests)
      expect(board.rows.find((r) => r.sponsorship_id === g.sponsorshipId)!.package_name).toBe('Platin');
  });

  it('moves the revision for a write to every table a cell is read from', async () => {
    const revision = async () =>
      Number(
        (
          await db()
            .selectFrom('readiness_revisions')
            .select('revision')
            .where('organisation_id', '=', organiser.organisationId)
            .executeTakeFirst()
        )?.revision ?? 0,
      );
    // A no-op update of one of the organisation's rows in each table that has one now.
    const tables = {
      events: 'organisation_id',
      sponsorships: 'organisation_id',
      packages: 'organisation_id',
      deliverables: 'organisation_id',
      chase_outbox: 'organisation_id',
      user_profiles: 'organisation_id',
    } as const;
    for (const [table, column] of Object.entries(tables)) {
      const before = await revision();
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} where ${sql.ref(column)} = ${organiser.organisationId}`.execute(
        db(),
      );
      expect(await revision(), table).toBeGreaterThan(before);
    }
    const before = await revision();
    await sql`update sponsorship_choices set package_id = package_id where sponsorship_id = ${guest.sponsorshipId}`.execute(
      db(),
    );
    expect(await revision()).toBeGreaterThan(before);
  });
});
