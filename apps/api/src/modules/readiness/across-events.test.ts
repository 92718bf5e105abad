// The readiness board across the organisation's upcoming events (issue 59 point 1, decision 080):
// one row per live sponsorship of every upcoming event, the common columns and a deliverables
// summary, the chase from there, and a constant number of queries however many rows.
import fs from 'node:fs';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeOrganisationReadiness,
  ZOrganisationReadinessResponse,
  type ChaseResponse,
  type SavePackageRequest,
} from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { createAccess } from '../access/index.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { outboxJobOf } from './outbox-job.ts';
import { createReadinessRepository } from './repository.ts';
import { createReadinessService } from './service.ts';

const pack = (benefits: SavePackageRequest['benefits']): SavePackageRequest => ({
  name: 'Gold',
  description: '',
  price_cents: 100_000,
  capacity: null,
  benefits,
});

/** Counts the queries built through the Kysely instance it is plugged into. */
const counter = () => {
  const plugin = {
    count: 0,
    transformQuery(args) {
      plugin.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  } satisfies KyselyPlugin & { count: number };
  return plugin;
};

describe.each(ENGINES)('readiness board across events on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let sponsorUser: TestUser;
  const call = requester(() => t);
  const events: Array<{ id: number; packageId: number }> = [];

  const confirmed = async (event: { id: number; packageId: number }): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: event.id,
      package_ids: [event.packageId],
    });
    expect(res.statusCode).toBe(201);
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    const choose = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: event.packageId },
    });
    expect(choose.statusCode).toBe(200);
    await confirmSponsorship(t, guest, organiser.token);
    return guest;
  };
  const board = async (token = organiser.token) => {
    const res = await call('GET', '/api/readiness', token);
    expect(res.statusCode).toBe(200);
    return decodeOrganisationReadiness(ZOrganisationReadinessResponse.parse(res.json()));
  };

  let first: Guest;
  let second: Guest;
  let past: number;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-04-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger, sponsorUser] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
    const benefitsOf = [
      [
        { title: 'Vortrag', kind: 'talk', due_date: '2026-03-01', sponsor_delivers: true },
        { title: 'Logo', kind: 'logo', due_date: '2030-01-01', sponsor_delivers: true },
      ],
      [
        { title: 'Banner', kind: 'logo', due_date: '2030-01-01', sponsor_delivers: true },
        { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
        { title: 'Stand Aufbau', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    ] as SavePackageRequest['benefits'][];
    for (const [i, benefits] of benefitsOf.entries()) {
      const id = (
        await call(
          'POST',
          '/api/event/-1',
          organiser.token,
          validEvent({ title: `Lauf ${i}`, event_date: '2026-09-0' + (i + 1) }),
        )
      ).json().id as number;
      const packageId = (await call('POST', `/api/event/${id}/packages`, organiser.token, pack(benefits))).json().id;
      events.push({ id, packageId });
    }
    past = (
      await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Vorbei', event_date: '2026-01-01' }))
    ).json().id as number;
    const pastPackage = (await call('POST', `/api/event/${past}/packages`, organiser.token, pack([]))).json().id;
    await confirmed({ id: past, packageId: pastPackage });
    first = await confirmed(events[0]!);
    second = await confirmed(events[1]!);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('answers a row per sponsorship of every upcoming event, the common columns and a deliverables summary', async () => {
    const answer = await board();
    expect(answer.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(answer.columns.map((c) => c.key)).toEqual(['agreement', 'invoice', 'payment', 'deliverables']);
    expect(answer.rows.map((r) => r.sponsorship_id).sort()).toEqual([first.sponsorshipId, second.sponsorshipId].sort());
    const one = answer.rows.find((r) => r.sponsorship_id === first.sponsorshipId)!;
    expect(one.event_id).toBe(events[0]!.id);
    // Talk overdue, logo missing: 0 of 2 done, the worst is overdue.
    expect(one.cells.deliverables).toMatchObject({ state: 'overdue', label: '0/2' });
    const two = answer.rows.find((r) => r.sponsorship_id === second.sponsorshipId)!;
    expect(two.cells.deliverables).toMatchObject({ state: 'waiting_sponsor', label: '0/3', due: '2030-01-01' });
    // Counts count every item (each deliverable), as the events' boards do.
    expect(answer.counts.overdue).toBe(1);
    expect(answer.counts.waiting_sponsor).toBe(2);
    expect(answer.counts.waiting_us).toBe(2 * 2 + 2);
    expect(answer.counts.done).toBe(2);
    expect(one.item_counts).toEqual({ done: 1, waiting_sponsor: 1, waiting_us: 2, overdue: 1 });
    for (const state of ['done', 'waiting_sponsor', 'waiting_us', 'overdue'] as const)
      expect(answer.rows.reduce((sum, r) => sum + r.item_counts[state], 0)).toBe(answer.counts[state]);
  });

  it('is the caller’s organisation’s only; a sponsor is refused, no token 401', async () => {
    expect((await board(stranger.token)).rows).toEqual([]);
    expect((await call('GET', '/api/readiness', sponsorUser.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/readiness/chase', sponsorUser.token, { all_waiting_sponsor: true })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/readiness' })).statusCode).toBe(401);
    const foreign = await call('POST', '/api/readiness/chase', stranger.token, {
      sponsorship_ids: [first.sponsorshipId],
    });
    expect(foreign.json<ChaseResponse>().recipients).toEqual([]);
  });

  it('asks the same number of queries for two rows as for twenty', async () => {
    const measure = async () => {
      const plugin = counter();
      const db = t.database.db.withPlugin(plugin);
      const service = createReadinessService({
        db,
        repo: createReadinessRepository(db),
        access: createAccess(db).events,
        defaultLanguage: 'de',
        clock: t.clock,
      });
      const { body: answer } = await (await service.organisationListing(organiser)).load();
      return { queries: plugin.count, rows: answer.rows.sponsorship_id.length };
    };
    const before = await measure();
    await Promise.all(Array.from({ length: 18 }, (_, i) => confirmed(events[i % 2]!)));
    const after = await measure();
    expect(after.rows).toBe(before.rows + 18);
    expect(after.queries).toBe(before.queries);
    expect(before.queries).toBeLessThanOrEqual(16);
  });

  it('chases from there: one chaser per sponsorship and day, the deliverables of both events', async () => {
    const body = { sponsorship_ids: [first.sponsorshipId, second.sponsorshipId], column_key: 'deliverables' };
    const preview = (
      await call('POST', '/api/readiness/chase', organiser.token, { ...body, dry_run: true })
    ).json<ChaseResponse>();
    expect(preview.recipients.find((r) => r.sponsorship_id === first.sponsorshipId)!.items.map((i) => i.title)).toEqual(
      ['Vortrag', 'Logo'],
    );
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/readiness/chase', organiser.token, body)));
    expect(answers.reduce((sum, a) => sum + a.json<ChaseResponse>().queued, 0)).toBe(2);
    // The app's own timer may hold a claim while it sends: wait for it.
    await vi.waitFor(
      async () => {
        await outboxJobOf(t.database.db)!.run(t.clock());
        const rows = (await board()).rows.filter((r) =>
          [first.sponsorshipId, second.sponsorshipId].includes(r.sponsorship_id),
        );
        expect(rows.map((r) => r.last_notice?.status)).toEqual(['sent', 'sent']);
      },
      { timeout: 10_000, interval: 200 },
    );
    // The event's board knows the chaser too (one outbox, one limit).
    const again = await call('POST', `/api/events/${events[1]!.id}/readiness/chase`, organiser.token, {
      sponsorship_ids: [second.sponsorshipId],
    });
    expect(again.json<ChaseResponse>()).toMatchObject({ queued: 0, limited: 1 });
  });
});
