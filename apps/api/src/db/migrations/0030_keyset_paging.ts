import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// Issue 22, point 2 (decision 030): the events list pages by keyset (after the last event shown,
// newest event date first) instead of OFFSET. One partial index per list (in use, archived) holds
// exactly the rows of that list in its order, so a page is one backwards range read from the cursor
// that never reads a row it drops, and the list's total (X-Total-Count) is counted from the index
// alone. events_organisation_date (0004) stays for the reads over both lists. The sponsorships of
// an event page are read in their creation order: an index in that order spares the sort.
export function keysetPaging(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('events_organisation_active')
        .on('events')
        .columns(['organisation_id', 'event_date', 'id'])
        .where(sql.ref('archived_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('events_organisation_archived')
        .on('events')
        .columns(['organisation_id', 'event_date', 'id'])
        .where(sql.ref('archived_at'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('sponsorships_event_created')
        .on('sponsorships')
        .columns(['event_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sponsorships_event_created').execute();
      await db.schema.dropIndex('events_organisation_archived').execute();
      await db.schema.dropIndex('events_organisation_active').execute();
    },
  };
}
