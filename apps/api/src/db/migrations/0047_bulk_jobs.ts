import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Bulk work as persistent jobs (issue 57 point 4, decision 093): one row per job with its kind
// ('invoices.issue-drafts', 'invoices.send'), its scope ('event:<id>'), its state, and its items with
// each one's result (JSON). `active_key` is kind and scope while the job is not done, null after: the
// unique index lets the database refuse a second job of the same kind and scope started at once. A
// job is claimed by a conditional update (claim token, claimed_until), so a killed process's job is
// claimed again when its claim runs out and carries on with the items not done yet.
export function bulkJobs(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('bulk_jobs'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('kind', 'varchar(40)', (col) => col.notNull())
        .addColumn('scope', 'varchar(80)', (col) => col.notNull())
        .addColumn('active_key', 'varchar(130)')
        .addColumn('state', 'varchar(10)', (col) => col.notNull())
        .addColumn('items', 'text', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .addColumn('done', 'integer', (col) => col.notNull())
        .addColumn('claim_token', 'varchar(40)')
        .addColumn('claimed_until', time)
        .addColumn('created_by_sub', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_by_email', 'varchar(320)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('finished_at', time)
        .addUniqueConstraint('bulk_jobs_active', ['active_key'])
        .execute();
      await db.schema.createIndex('bulk_jobs_event').on('bulk_jobs').columns(['event_id', 'id']).execute();
      await db.schema.createIndex('bulk_jobs_due').on('bulk_jobs').columns(['state', 'claimed_until']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bulk_jobs').execute();
    },
  };
}
