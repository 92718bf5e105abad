// The sponsorships of an event page use an index on both engines (issue 22, point 2; decision 030),
// the query recorded while this module's repository answers (test/query-plans.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { expectIndexed, planFixture, type PlanFixture } from '../../../test/query-plans.ts';
import { createSponsorshipsRepository } from './repository.ts';

describe.each(ENGINES)('query plans of the sponsorship reads on %s', (engine) => {
  let f: PlanFixture;
  beforeAll(async () => {
    f = await planFixture(engine);
  }, 120_000);
  afterAll(() => f.database.dispose());

  it('the sponsorships of an event', async () => {
    const queries = await f.recorded(() => createSponsorshipsRepository(f.db, {} as never).listForEvent(f.eventId));
    expect(queries).toHaveLength(1);
    // SQLite reads them in the order of sponsorships_event_created; PostgreSQL joins first and then
    // sorts the event's rows (an event's sponsorships, not the table).
    await expectIndexed(f.database, queries[0]!, { sorts: engine === 'postgres' });
  });
});
