// The concurrency harness, part 2 (issue 55): conflicting requests on one sponsorship, its packages,
// its agreement and its deliverables fired at once, on both engines. After each scenario: no 5xx,
// and every business invariant holds (src/invariants); where the invariants cannot see a lost change,
// the scenario checks it itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavePackageRequest } from '@sp/shared';
import { ENGINES } from '../helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../src/identity/test-support.ts';
import { onboardedUser, type TestUser } from '../../src/modules/events/test-support.ts';
import { agreementWorld } from '../../src/modules/agreements/test-support.ts';
import { confirmedSponsorship, eventWithPackage } from '../../src/modules/invoices/test-support.ts';
import { uploadSignedAgreement } from '../../src/modules/sponsorships/test-support.ts';
import { atOnce, checks, expectInvariants, violationsNow } from './journal.ts';
import { must, noServerErrors, requestAs, type Scenario } from './parties.ts';

/** Scenarios written but not run yet, with the fix they wait for (enabled as each fix lands in main). */
export const NOT_YET_ENABLED: Record<string, string> = {};

const pack = (name: string, capacity: number | null): SavePackageRequest => ({
  name,
  description: '',
  price_cents: 100_000,
  capacity,
  benefits: [{ title: 'Logo', kind: 'logo', due_date: null, sponsor_delivers: false }],
});

describe.each(ENGINES)('%s: conflicting requests on a sponsorship at once', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const w = agreementWorld(() => t);
  const as = requestAs(() => t);
  let fired = 0;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(
      `[concurrency ${engine}] sponsorship conflicts: ${fired} requests, ${checks.invariantRuns} invariant checks so far\n`,
    );
    await t?.close();
  });

  const fire = async (requests: Array<() => ReturnType<typeof as>>) => {
    fired += requests.length;
    const answers = await atOnce(requests);
    const crashed = noServerErrors(answers);
    expect(crashed, `server errors:\n${crashed.join('\n')}`).toEqual([]);
    return answers;
  };

  const newEvent = async (packages: SavePackageRequest[]) => {
    const { eventId } = await eventWithPackage(t, organiser, 'Parallelfest');
    const ids: number[] = [];
    for (const p of packages)
      ids.push((await must(as(organiser, 'POST', `/api/event/${eventId}/packages`, p), 201, 'package')).json().id);
    return { eventId, ids };
  };

  const status = async (id: number) =>
    (await must(as(organiser, 'GET', `/api/sponsorships/${id}`), 200, 'read')).json<{ status: string }>().status;

  const scenarios: Scenario[] = [
    {
      name: 'the sponsor chooses two packages at once (×2 each)',
      owner: 'packages',
      run: async () => {
        const { eventId, ids } = await newEvent([pack('Eins', 5), pack('Zwei', 5)]);
        const guest = await w.invite(organiser, eventId, { packageIds: ids });
        const url = `/api/sponsorships/${guest.sponsorshipId}/package`;
        await fire([ids[0]!, ids[1]!, ids[0]!, ids[1]!].map((id) => () => as(guest, 'POST', url, { package_id: id })));
      },
    },
    {
      name: 'two sponsors take the last slot at once',
      owner: 'packages',
      run: async () => {
        const { eventId, ids } = await newEvent([pack('Letzter', 1)]);
        const first = await w.invite(organiser, eventId, { packageIds: ids });
        const second = await w.invite(organiser, eventId, { packageIds: ids });
        const answers = await fire(
          [first, second].map(
            (g) => () => as(g, 'POST', `/api/sponsorships/${g.sponsorshipId}/package`, { package_id: ids[0] }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      },
    },
    {
      name: 'the sponsor chooses while the organiser declines',
      owner: 'packages, sponsorships',
      run: async () => {
        const { eventId, ids } = await newEvent([pack('Wahl', 3)]);
        const guest = await w.invite(organiser, eventId, { packageIds: ids });
        const id = guest.sponsorshipId;
        await fire([
          () => as(guest, 'POST', `/api/sponsorships/${id}/package`, { package_id: ids[0] }),
          () => as(organiser, 'POST', `/api/sponsorships/${id}/status`, { status: 'declined' }),
        ]);
      },
    },
    {
      name: 'the organiser assigns three packages at once',
      owner: 'packages',
      run: async () => {
        const { eventId, ids } = await newEvent([pack('A', 3), pack('B', 3), pack('C', 3)]);
        const guest = await w.invite(organiser, eventId);
        const url = `/api/sponsorships/${guest.sponsorshipId}/assignment`;
        await fire(ids.map((id) => () => as(organiser, 'POST', url, { package_id: id })));
      },
    },
    {
      name: 'the sponsor withdraws while the organiser confirms',
      owner: 'sponsorships',
      run: async () => {
        const { eventId } = await newEvent([]);
        const guest = await w.invite(organiser, eventId);
        await uploadSignedAgreement(t, guest);
        const url = `/api/sponsorships/${guest.sponsorshipId}/status`;
        const answers = await fire([
          () => as(guest, 'POST', url, { status: 'withdrawn' }),
          () => as(organiser, 'POST', url, { status: 'confirmed' }),
        ]);
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      },
    },
    {
      name: 'the sponsor signs while the organiser changes the amount (generated agreement)',
      owner: 'agreements, sponsorships',
      run: async () => {
        const event = await w.generatedEvent(organiser);
        const guest = await w.readySponsor(organiser, event);
        const id = guest.sponsorshipId;
        const sha = (await w.state(guest, id)).document_sha256!;
        await fire([
          () => w.sign(guest, id, sha),
          () => as(organiser, 'PATCH', `/api/sponsorships/${id}`, { amount_cents: 123_400, note: 'Rabatt' }),
        ]);
        // Reading the agreement reconciles it: a signature on the old draft is voided now.
        await w.state(organiser, id);
        await w.state(guest, id);
      },
    },
    {
      name: 'the organiser confirms while the signature is voided (generated agreement)',
      owner: 'agreements, sponsorships',
      run: async () => {
        const event = await w.generatedEvent(organiser);
        const guest = await w.readySponsor(organiser, event);
        const id = guest.sponsorshipId;
        const sha = (await w.state(guest, id)).document_sha256!;
        await must(w.sign(guest, id, sha), 201, 'sign');
        expect(await status(id)).toBe('signed');
        await fire([
          () => as(organiser, 'PATCH', `/api/sponsorships/${id}`, { amount_cents: 99_900, note: 'Neu' }),
          () => as(organiser, 'POST', `/api/sponsorships/${id}/status`, { status: 'confirmed' }),
          () => as(organiser, 'GET', `/api/sponsorships/${id}/agreement`),
        ]);
        await w.state(organiser, id);
      },
    },
    {
      name: 'a deliverable marked done, undone and done at once',
      owner: 'fulfilment',
      run: async () => {
        const event = await eventWithPackage(t, organiser, 'Lieferfest');
        const guest = await confirmedSponsorship(t, organiser, event);
        const listed = await must(
          as(organiser, 'GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`),
          200,
          'deliverables',
        );
        const deliverable = listed.json<{ deliverables: Array<{ id: number }> }>().deliverables[0]!.id;
        const url = `/api/deliverables/${deliverable}`;
        await fire(
          (['done', 'open', 'done', 'in_progress'] as const).map(
            (s) => () => as(organiser, 'PATCH', url, { status: s }),
          ),
        );
        // The log tells the way the status went: each change starts where the one before ended.
        const rows = await t.database.db
          .selectFrom('deliverable_activity')
          .select(['detail'])
          .where('deliverable_id', '=', deliverable)
          .where('kind', '=', 'status_changed')
          .orderBy('id')
          .execute();
        const steps = rows.map((r) => r.detail!.split(' → '));
        const now = await t.database.db
          .selectFrom('deliverables')
          .select('status')
          .where('id', '=', deliverable)
          .executeTakeFirstOrThrow();
        for (let i = 1; i < steps.length; i++)
          expect(steps[i]![0], `log ${JSON.stringify(steps)}`).toBe(steps[i - 1]![1]);
        if (steps.length > 0) expect(steps.at(-1)![1], `log ${JSON.stringify(steps)}`).toBe(now.status);
      },
    },
  ];

  it('lists no scenario as waiting that does not exist', () => {
    expect(Object.keys(NOT_YET_ENABLED).filter((n) => !scenarios.some((s) => s.name === n))).toEqual([]);
  });

  it.each(scenarios.filter((s) => !(s.name in NOT_YET_ENABLED)).map((s) => [s.name, s] as const))(
    '%s',
    async (_name, scenario) => {
      const before = await violationsNow(t.database.db, t.clock());
      await scenario.run();
      await expectInvariants(t.database.db, scenario.name, t.clock(), before);
    },
    60_000,
  );
});
