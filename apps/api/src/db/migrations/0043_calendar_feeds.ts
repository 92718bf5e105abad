import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Calendar feeds (issue 59 point 7, decision 088): subscribable ICS feeds per organisation, per
// person responsible (a member of the organisation) and per sponsorship. The link holds a token of 32
// random bytes; only its SHA-256 is stored, like invitation and venue tokens. A scope has at most one
// live feed (the partial unique index), so rotating is revoking and adding in one transaction, and two
// rotations at once leave one live feed. Written by the calendar-feeds module only.
export function calendarFeeds(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('calendar_feeds'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        /** The person's account id for a person feed, else null. */
        .addColumn('person_id', 'varchar(128)')
        .addColumn('sponsorship_id', 'integer', (col) => col.references('sponsorships.id').onDelete('cascade'))
        /** `organisation:<org>`, `person:<org>:<account>` or `sponsor:<sponsorship>`. */
        .addColumn('scope_key', 'varchar(200)', (col) => col.notNull())
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        /** The language of the entries' titles: 'de' or 'en'. */
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('created_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('revoked_at', time)
        .execute();
      await db.schema
        .createIndex('calendar_feeds_one_live')
        .on('calendar_feeds')
        .columns(['scope_key'])
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('calendar_feeds').execute();
    },
  };
}
