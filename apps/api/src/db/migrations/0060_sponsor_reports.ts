import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// The sealed sponsor report (issue 60 point 3, decision 108). Every report made is kept by its
// SHA-256 (unique: the verification page finds it by that hash), with the blob it is stored as.
// `sponsor_report_sends` holds one row per sponsorship whose report was mailed after the event:
// its primary key is what makes the day-after job send once, whichever process runs it first.
// Both go with their sponsorship (cascade).
export function sponsorReports(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('sponsor_reports'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('sha256', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('input_sha256', 'varchar(64)', (col) => col.notNull())
        .addColumn('blob_key', 'varchar(300)', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('sealed_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sponsor_reports_sponsorship')
        .on('sponsor_reports')
        .columns(['sponsorship_id', 'id'])
        .execute();
      await db.schema
        .createTable('sponsor_report_sends')
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.primaryKey().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('claimed_at', time, (col) => col.notNull())
        .addColumn('sent_at', time)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsor_report_sends').execute();
      await db.schema.dropTable('sponsor_reports').execute();
    },
  };
}
