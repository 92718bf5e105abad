// The end of an event's life (issue 21, point 4): archiving hides it from the organisation's lists
// until it is unarchived; deleting removes it with everything hanging off it (sponsorships still
// `invited` and their invitations, packages, file rows by cascade) and is final.
import type { Db } from '../../db/index.ts';
import { fromDbCount, toDbTime } from '../../db/values.ts';

export type DeletionFacts = {
  invitations: number;
  packages: number;
  files: number;
  blockingSponsorships: number;
};

const count = (row: { n: unknown } | undefined) => fromDbCount((row?.n ?? 0) as number | string | bigint);

export function createEventLifecycleRepository(db: Db) {
  return {
    /** Sets or clears archived_at. */
    async setArchived(id: number, archivedAt: Date | null, now: Date): Promise<void> {
      await db
        .updateTable('events')
        .set({ archived_at: archivedAt ? toDbTime(archivedAt) : null, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .execute();
    },

    async deletionFacts(eventId: number): Promise<DeletionFacts> {
      const [invited, blocking, packages, files] = await Promise.all([
        db
          .selectFrom('sponsorships')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('status', '=', 'invited')
          .executeTakeFirst(),
        db
          .selectFrom('sponsorships')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('status', '<>', 'invited')
          .executeTakeFirst(),
        db
          .selectFrom('packages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirst(),
        db
          .selectFrom('event_files')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('status', '=', 'stored')
          .executeTakeFirst(),
      ]);
      return {
        invitations: count(invited),
        packages: count(packages),
        files: count(files),
        blockingSponsorships: count(blocking),
      };
    },

    /**
     * Deletes the event when no sponsorship of it is past `invited`, decided in the same statement
     * (a sponsor downloading meanwhile cannot be deleted under). Answers the storage keys of its
     * files, whose blobs the caller deletes once this has committed, or null when it was refused.
     */
    async deleteEvent(eventId: number): Promise<string[] | null> {
      return db.transaction().execute(async (trx) => {
        const keys = await trx.selectFrom('event_files').select('key').where('event_id', '=', eventId).execute();
        const deleted = await trx
          .deleteFrom('events')
          .where('id', '=', eventId)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('sponsorships')
                  .select('id')
                  .where('event_id', '=', eventId)
                  .where('status', '<>', 'invited'),
              ),
            ),
          )
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return null;
        return keys.map((row) => row.key);
      });
    },
  };
}

export type EventLifecycleRepository = ReturnType<typeof createEventLifecycleRepository>;
