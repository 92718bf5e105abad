// Events of an organisation and the files attached to them (the access rules' reads are in the
// access module). Saving an event and its list of files is one transaction.
import type { Db } from '../../db/index.ts';
import { cachedRead } from '../../read-cache/index.ts';
import { eventColumns, toEvent, type EventRecord } from '../access/index.ts';
import type { EventFileStatus } from '../../db/schema.ts';
import { fromDbCount, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';

export type { EventRecord } from '../access/index.ts';

export type AttachedFile = {
  s3Id: string;
  eventId: number;
  name: string;
  key: string;
  size: number | null;
  uploadedAt: Date | null;
};

export type EventInput = { title: string; eventDate: string; location: string; description: string };

const STORED: EventFileStatus = 'stored';

/** The files module's writes of `event_files` that an event save makes in its own transaction. */
export type EventFileWrites = {
  attachEventFiles(trx: Db, eventId: number, fileIds: string[]): Promise<void>;
  removeUnlistedEventFiles(trx: Db, eventId: number, keepIds: string[]): Promise<string[]>;
};

/** A page of the events list: after the keyset cursor (issue 22, point 2), then `offset` more rows. */
export type EventsPage = {
  limit: number;
  offset: number;
  archived: boolean;
  after?: { eventDate: string; id: number } | undefined;
};

/**
 * The events list's page, newest event date first, then the newest id: the order of the index
 * events_organisation_date (organisation_id, event_date, id), read backwards from the cursor, so a
 * page costs the same however deep it is.
 */
function eventsPageQuery(db: Db, organisationId: number, page: EventsPage) {
  let query = db
    .selectFrom('events')
    .select(eventColumns)
    .where('organisation_id', '=', organisationId)
    .where('archived_at', page.archived ? 'is not' : 'is', null);
  const after = page.after;
  if (after) query = query.where((eb) => eb(eb.refTuple('event_date', 'id'), '<', eb.tuple(after.eventDate, after.id)));
  query = query.orderBy('event_date', 'desc').orderBy('id', 'desc').limit(page.limit);
  return page.offset > 0 ? query.offset(page.offset) : query;
}

/** The X-Total-Count of the events list: a range of the same index. */
function eventsCountQuery(db: Db, organisationId: number, archived: boolean) {
  return db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('archived_at', archived ? 'is not' : 'is', null);
}

export function createEventsRepository(db: Db, eventFiles: EventFileWrites) {
  // Every event page read checks its event first (organiserEventRevision).
  const eventById = cachedRead(db, ['events'], (id: number) =>
    db.selectFrom('events').select(eventColumns).where('id', '=', id),
  );

  return {
    async findEvent(id: number): Promise<EventRecord | undefined> {
      const [row] = await eventById(id);
      return row ? toEvent(row) : undefined;
    },

    /** Newest event date first, then the newest id; the archived ones or those in use. */
    async listEvents(organisationId: number, page: EventsPage) {
      const [rows, count] = await Promise.all([
        eventsPageQuery(db, organisationId, page).execute(),
        eventsCountQuery(db, organisationId, page.archived).executeTakeFirstOrThrow(),
      ]);
      return { events: rows.map(toEvent), total: fromDbCount(count.n as number | string | bigint) };
    },

    /** The files each event lists, oldest upload first. */
    async attachedFiles(eventIds: number[]): Promise<Map<number, AttachedFile[]>> {
      const byEvent = new Map<number, AttachedFile[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return byEvent;
      const rows = await db
        .selectFrom('event_files')
        .select(['s3_id', 'event_id', 'name', 'key', 'size', 'uploaded_at', 'created_at'])
        .where('event_id', 'in', eventIds)
        .where('sponsorship_id', 'is', null)
        .where('attached', '=', toDbBool(true))
        .where('status', '=', STORED)
        .orderBy('created_at')
        .orderBy('s3_id')
        .execute();
      for (const row of rows) {
        byEvent.get(row.event_id)?.push({
          s3Id: row.s3_id,
          eventId: row.event_id,
          name: row.name,
          key: row.key,
          size: row.size,
          uploadedAt: fromDbTimeOrNull(row.uploaded_at),
        });
      }
      return byEvent;
    },

    async createEvent(organisationId: number, input: EventInput, createdBy: string, now: Date): Promise<EventRecord> {
      const row = await db
        .insertInto('events')
        .values({
          organisation_id: organisationId,
          title: input.title,
          event_date: input.eventDate,
          location: input.location,
          description: input.description,
          created_by: createdBy,
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
        })
        .returning(eventColumns)
        .executeTakeFirstOrThrow();
      return toEvent(row);
    },

    /**
     * Updates the event and makes `fileIds` (verified, stored uploads of this event) its file list.
     * Returns the keys of the files no longer listed, whose rows are gone: their blobs are deleted by
     * the caller once this has committed.
     */
    async updateEvent(id: number, input: EventInput, fileIds: string[], now: Date): Promise<{ removedKeys: string[] }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('events')
          .set({
            title: input.title,
            event_date: input.eventDate,
            location: input.location,
            description: input.description,
            updated_at: toDbTime(now),
          })
          .where('id', '=', id)
          .execute();
        await eventFiles.attachEventFiles(trx, id, fileIds);
        const removedKeys = await eventFiles.removeUnlistedEventFiles(trx, id, fileIds);
        return { removedKeys };
      });
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
