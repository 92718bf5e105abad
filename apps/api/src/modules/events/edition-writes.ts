// The events module's part of planning a next edition (decision 101): the new event's row, written in
// the planning transaction that another module opens, naming the event it follows.
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import type { EventRecord } from '../access/index.ts';

type NextEditionInput = { title: string; eventDate: string; location: string };

export function createEditionWrites(db: Db) {
  return {
    /** Inserts the next edition of `from` (its description carried over); answers its id. */
    async insertNextEdition(trx: Db, from: EventRecord, input: NextEditionInput, by: string, at: Date) {
      const row = await trx
        .insertInto('events')
        .values({
          organisation_id: from.organisationId,
          title: input.title,
          event_date: input.eventDate,
          location: input.location,
          description: from.description,
          created_by: by,
          created_at: toDbTime(at),
          updated_at: toDbTime(at),
          archived_at: null,
          previous_event_id: from.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The event `eventId` is the next edition of, or null. */
    async previousOf(eventId: number): Promise<{ id: number; title: string; eventDate: string } | null> {
      const row = await db
        .selectFrom('events as e')
        .innerJoin('events as p', 'p.id', 'e.previous_event_id')
        .select(['p.id', 'p.title', 'p.event_date'])
        .where('e.id', '=', eventId)
        .executeTakeFirst();
      return row ? { id: Number(row.id), title: row.title, eventDate: row.event_date } : null;
    },
  };
}

export type EditionWrites = ReturnType<typeof createEditionWrites>;
