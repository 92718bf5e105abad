import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// The next edition and renewals (issue 60 points 4 and 5, decision 101). An event planned as the next
// edition of another names it (`previous_event_id`; set null when the earlier one is deleted). A
// renewal offer is one row per new event and earlier sponsorship: the unique (event_id,
// previous_sponsorship_id) is what makes two offers at once one offer. Its state moves offered ->
// accepted | declined only by conditional updates on `status`.
export function renewals(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await db.schema
        .alterTable('events')
        .addColumn('previous_event_id', 'integer', (col) => col.references('events.id').onDelete('set null'))
        .execute();
      await withIdColumn(engine, db.schema.createTable('renewal_offers'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('previous_sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('package_id', 'integer', (col) => col.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('deadline', 'varchar(10)', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('offered_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('offered_at', time, (col) => col.notNull())
        .addColumn('decided_at', time)
        .addUniqueConstraint('renewal_offers_once', ['event_id', 'previous_sponsorship_id'])
        .addUniqueConstraint('renewal_offers_sponsorship', ['sponsorship_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('renewal_offers').execute();
      await db.schema.alterTable('events').dropColumn('previous_event_id').execute();
    },
  };
}
