import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Chasers of the readiness board (issue 59 point 2, decision 080): one row per sponsor and chase, a
// persistent outbox drained by a timer job. `limit_key` is the day (Berlin) for an ordinary chase and
// the day plus the request's id for an organiser's explicit override: the unique (sponsorship_id,
// limit_key) is what lets the database refuse a second chaser the same day, and the same chase sent
// twice at once. A row is claimed by a conditional update (status and claimed_until), so a killed
// process leaves it to be claimed again, never lost.
export function readinessChasers(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('chase_outbox'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('recipient', 'varchar(320)', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('limit_key', 'varchar(80)', (col) => col.notNull())
        .addColumn('override', 'integer', (col) => col.notNull())
        .addColumn('items', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('next_attempt_at', time, (col) => col.notNull())
        .addColumn('claimed_until', time)
        .addColumn('last_error', 'varchar(200)')
        .addColumn('created_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('sent_at', time)
        .addUniqueConstraint('chase_outbox_limit', ['sponsorship_id', 'limit_key'])
        .execute();
      await db.schema.createIndex('chase_outbox_event').on('chase_outbox').columns(['event_id', 'id']).execute();
      await db.schema
        .createIndex('chase_outbox_due')
        .on('chase_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chase_outbox').execute();
    },
  };
}
