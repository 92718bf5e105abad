// The wall's counts in memory, written in batches (decision 102). A view or click adds to a sum in
// this process's memory (no database work on the request's path); every `flushMs` the sums are
// written in one statement that adds them to the stored rows, so several processes add up. What is
// counted but not yet written is lost only if the process dies without closing (SIGKILL): at most
// one batch interval. A write that fails puts its sums back for the next batch.
import { sql } from 'kysely';
import type { WallPlacement } from '@sp/shared';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';

type Key = { eventId: number; sponsorshipId: number; day: string; placement: WallPlacement };
type Sums = Key & { impressions: number; clicks: number };

/** Rows per statement: well below both engines' limits on bound values (6 per row). */
const ROWS_PER_STATEMENT = 500;

export function createWallCounter(deps: {
  db: Db;
  clock: () => Date;
  flushMs: number;
  onError?: (e: unknown) => void;
}) {
  let pending = new Map<string, Sums>();
  let writing: Promise<void> = Promise.resolve();
  // The German day changes once a day; formatting it per count would cost more than the count.
  let dayMinute = -1;
  let day = '';
  const today = () => {
    const now = deps.clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== dayMinute) [dayMinute, day] = [minute, germanDay(now)];
    return day;
  };

  const addOn = (key: Key, impressions: number, clicks: number) => {
    const id = `${key.eventId}:${key.sponsorshipId}:${key.day}:${key.placement}`;
    const sums = pending.get(id);
    if (sums) {
      sums.impressions += impressions;
      sums.clicks += clicks;
    } else
      pending.set(id, {
        eventId: key.eventId,
        sponsorshipId: key.sponsorshipId,
        day: key.day,
        placement: key.placement,
        impressions,
        clicks,
      });
  };
  const add = (key: Omit<Key, 'day'>, impressions: number, clicks: number) =>
    addOn({ ...key, day: today() }, impressions, clicks);

  /** One batch in one transaction: all its sums are added, or none. */
  const write = (batch: Sums[]) =>
    deps.db.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
        const rows = batch.slice(start, start + ROWS_PER_STATEMENT).map((s) => ({
          event_id: s.eventId,
          sponsorship_id: s.sponsorshipId,
          day: s.day,
          placement: s.placement,
          impressions: s.impressions,
          clicks: s.clicks,
        }));
        await trx
          .insertInto('wall_stats')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['event_id', 'sponsorship_id', 'day', 'placement']).doUpdateSet({
              impressions: sql`wall_stats.impressions + excluded.impressions`,
              clicks: sql`wall_stats.clicks + excluded.clicks`,
            }),
          )
          .execute();
      }
    });

  /**
   * Writes a batch; what could not be written is put back for the next one. A sponsorship or event
   * that went while its counts waited refuses its row (foreign key): then the rows are written one
   * by one, and the counts of what is gone are dropped (they are nobody's figures any more).
   */
  const writeBatch = async (batch: Sums[]) => {
    try {
      await write(batch);
      return;
    } catch (error) {
      if (!isForeignKeyViolation(error)) {
        for (const sums of batch) addOn(sums, sums.impressions, sums.clicks);
        throw error;
      }
    }
    for (const [index, sums] of batch.entries()) {
      try {
        await write([sums]);
      } catch (error) {
        if (isForeignKeyViolation(error)) continue;
        for (const rest of batch.slice(index)) addOn(rest, rest.impressions, rest.clicks);
        throw error;
      }
    }
  };

  /** Writes what is counted so far; batches run one after the other. */
  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      await writeBatch(batch).catch((error: unknown) => deps.onError?.(error));
    });
    return writing;
  };

  const timer = setInterval(() => void flush(), deps.flushMs);
  timer.unref();

  return {
    impressions(eventId: number, sponsorshipIds: Iterable<number>, placement: WallPlacement) {
      for (const sponsorshipId of sponsorshipIds) add({ eventId, sponsorshipId, placement }, 1, 0);
    },
    click(eventId: number, sponsorshipId: number, placement: WallPlacement) {
      add({ eventId, sponsorshipId, placement }, 0, 1);
    },
    flush,
    /** Stops the timer and writes the rest (the server's close). */
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type WallCounter = ReturnType<typeof createWallCounter>;
