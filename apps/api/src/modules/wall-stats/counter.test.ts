// The wall counter on both engines: sums kept in memory and added to the stored rows per batch,
// several counters (processes) adding up, a failed write kept for the next batch, the counts of a
// sponsorship that went dropped without losing the others.
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp } from '../../identity/test-support.ts';
import { onboardedUser, validEvent } from '../events/test-support.ts';
import { sponsorWorld } from '../sponsor-profiles/test-support.ts';
import { createWallCounter } from './counter.ts';

describe.each(ENGINES)('the wall counter on %s', (engine) => {
  const disposers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (disposers.length) await disposers.pop()!();
  });

  /** An event with two invited sponsorships, made through the app. */
  const world = async () => {
    const t = await startIdentityApp(engine);
    disposers.push(() => t.close());
    const organiser = await onboardedUser(t, 'veranstalter');
    const w = sponsorWorld(() => t);
    const eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Lauf' }))).json()
      .id as number;
    const a = (await w.invite(organiser, eventId)).sponsorshipId as number;
    const b = (await w.invite(organiser, eventId)).sponsorshipId as number;
    return { db: t.database.db, eventId, a, b };
  };
  const counter = (db: Parameters<typeof createWallCounter>[0]['db'], errors: unknown[] = []) => {
    const c = createWallCounter({
      db,
      clock: () => new Date('2026-12-03T10:00:00Z'),
      flushMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    disposers.push(() => c.close());
    return c;
  };
  const stored = async (db: Parameters<typeof createWallCounter>[0]['db']) =>
    (await db.selectFrom('wall_stats').selectAll().orderBy('sponsorship_id').orderBy('placement').execute()).map(
      (r) => [r.sponsorship_id, r.day, r.placement, Number(r.impressions), Number(r.clicks)],
    );

  it('adds each batch to the stored sums, also from two counters at once', async () => {
    const { db, eventId, a, b } = await world();
    const first = counter(db);
    const second = counter(db);
    first.impressions(eventId, [a, b], 'page');
    first.impressions(eventId, [a], 'page');
    first.click(eventId, a, 'embed');
    second.impressions(eventId, [a], 'page');
    expect(await stored(db)).toEqual([]);
    await Promise.all([first.flush(), second.flush()]);
    first.impressions(eventId, [b], 'page');
    await first.flush();
    expect(await stored(db)).toEqual([
      [a, '2026-12-03', 'embed', 0, 1],
      [a, '2026-12-03', 'page', 3, 0],
      [b, '2026-12-03', 'page', 2, 0],
    ]);
  });

  it('keeps what a failed write could not store for the next batch', async () => {
    const { db, eventId, a } = await world();
    const errors: unknown[] = [];
    const c = counter(db, errors);
    c.impressions(eventId, [a], 'page');
    await db.schema.alterTable('wall_stats').renameTo('wall_stats_away').execute();
    await c.flush();
    expect(errors).toHaveLength(1);
    await db.schema.alterTable('wall_stats_away').renameTo('wall_stats').execute();
    c.impressions(eventId, [a], 'page');
    await c.flush();
    expect(await stored(db)).toEqual([[a, '2026-12-03', 'page', 2, 0]]);
  });

  it('drops only the counts of a sponsorship that went while they waited', async () => {
    const { db, eventId, a, b } = await world();
    const errors: unknown[] = [];
    const c = counter(db, errors);
    c.impressions(eventId, [a, b], 'page');
    await db.deleteFrom('sponsorships').where('id', '=', b).execute();
    await c.flush();
    expect(errors).toEqual([]);
    expect(await stored(db)).toEqual([[a, '2026-12-03', 'page', 1, 0]]);
  });
});
