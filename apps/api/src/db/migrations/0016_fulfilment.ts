import type { Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Fulfilment (issue 18, point 3): a confirmed sponsorship's benefits become deliverables with a
// status, an assignee, a due date, the sponsor's input and comments; every change is logged in
// deliverable_activity. fulfilment_sends holds the last day an overdue alert or digest went to a
// recipient (one conditional update per recipient and day decides which process sends). The
// sponsorship's activity log learns status changes (from → to); the profile learns the digest switch.
export function fulfilment(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const bool = boolType(engine);
      await withIdColumn(engine, db.schema.createTable('deliverables'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('source_key', 'varchar(40)', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('title', 'varchar(120)', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('needs_sponsor_input', bool, (col) => col.notNull())
        .addColumn('due_date', 'varchar(10)')
        .addColumn('status', 'varchar(20)', (col) => col.notNull())
        .addColumn('assignee', 'varchar(128)')
        .addColumn('sponsor_input', 'varchar(2000)')
        .addColumn('provided_at', time)
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addUniqueConstraint('deliverables_source', ['sponsorship_id', 'source_key'])
        .execute();
      await db.schema.createIndex('deliverables_event').on('deliverables').columns(['event_id', 'status']).execute();
      await db.schema
        .createIndex('deliverables_organisation')
        .on('deliverables')
        .columns(['organisation_id', 'status', 'due_date'])
        .execute();
      await withIdColumn(engine, db.schema.createTable('deliverable_comments'))
        .addColumn('deliverable_id', 'integer', (col) =>
          col.notNull().references('deliverables.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('side', 'varchar(20)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('text', 'varchar(2000)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('deliverable_comments_deliverable')
        .on('deliverable_comments')
        .column('deliverable_id')
        .execute();
      await withIdColumn(engine, db.schema.createTable('deliverable_activity'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('deliverable_id', 'integer', (col) => col.references('deliverables.id').onDelete('cascade'))
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('side', 'varchar(20)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('kind', 'varchar(30)', (col) => col.notNull())
        .addColumn('title', 'varchar(120)')
        .addColumn('detail', 'varchar(2000)')
        .execute();
      await db.schema
        .createIndex('deliverable_activity_sponsorship')
        .on('deliverable_activity')
        .column('sponsorship_id')
        .execute();
      await db.schema
        .createTable('fulfilment_sends')
        .addColumn('channel', 'varchar(10)', (col) => col.notNull())
        .addColumn('recipient', 'varchar(320)', (col) => col.notNull())
        .addColumn('day', 'varchar(10)', (col) => col.notNull())
        .addColumn('sent_at', time)
        .addPrimaryKeyConstraint('fulfilment_sends_pk', ['channel', 'recipient'])
        .execute();
      await db.schema.alterTable('sponsorship_activity').addColumn('from_status', 'varchar(20)').execute();
      await db.schema.alterTable('sponsorship_activity').addColumn('to_status', 'varchar(20)').execute();
      await db.schema
        .alterTable('user_profiles')
        .addColumn('fulfilment_digest', bool, (col) => col.notNull().defaultTo(boolDefault(true)))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_profiles').dropColumn('fulfilment_digest').execute();
      await db.schema.alterTable('sponsorship_activity').dropColumn('to_status').execute();
      await db.schema.alterTable('sponsorship_activity').dropColumn('from_status').execute();
      await db.schema.dropTable('fulfilment_sends').execute();
      await db.schema.dropTable('deliverable_activity').execute();
      await db.schema.dropTable('deliverable_comments').execute();
      await db.schema.dropTable('deliverables').execute();
    },
  };
}
