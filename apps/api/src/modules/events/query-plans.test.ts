// The event reads use an index on both engines (issue 22, point 2; decision 030): the queries are
// the ones this module's repository builds, recorded while it answers (test/query-plans.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { expectIndexed, planFixture, planOf, type PlanFixture } from '../../../test/query-plans.ts';
import { createAccessRepository } from '../access/index.ts';
import { createEventsRepository } from './repository.ts';

describe.each(ENGINES)('query plans of the event reads on %s', (engine) => {
  let f: PlanFixture;
  beforeAll(async () => {
    f = await planFixture(engine);
  }, 120_000);
  afterAll(() => f.database.dispose());

  const events = () =>
    createEventsRepository(f.db, { attachEventFiles: async () => undefined, removeUnlistedEventFiles: async () => [] });

  it('the access checks (cachedRead): the membership, the event by id', async () => {
    const queries = await f.recorded(async () => {
      await createAccessRepository(f.db).findMembership(f.sub);
      await createAccessRepository(f.db).findEvent(f.eventId);
    });
    expect(queries).toHaveLength(2);
    for (const query of queries) await expectIndexed(f.database, query);
  });

  it('the events list: the first page, a keyset page, the archived list and the total', async () => {
    const page = { limit: 3, offset: 0, archived: false };
    const first = await f.recorded(() => events().listEvents(f.organisationId, page));
    const keyset = await f.recorded(() =>
      events().listEvents(f.organisationId, { ...page, after: { eventDate: '2027-06-30', id: 2_000_000 } }),
    );
    const archived = await f.recorded(() => events().listEvents(f.organisationId, { ...page, archived: true }));
    expect(keyset[0]!.sql).toMatch(/\("event_date", "id"\) < \(/);
    expect(keyset[0]!.sql).not.toMatch(/offset/i);
    for (const query of [...first, ...keyset, ...archived]) await expectIndexed(f.database, query);
    // The page reads the partial index of its list, which orders it without a sort.
    expect((await planOf(f.database, keyset[0]!)).lines.join('\n')).toMatch(/events_organisation_active/);
  });
});
