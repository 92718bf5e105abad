import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// The organiser team's private notes on a sponsor (issue 60 point 6, decision 109): per organisation
// and sponsor address (the sponsor's identity across events), never shown to the sponsor or another
// organisation. Written by the sponsor-view module only; they go with their organisation (cascade).
export function sponsorNotes(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(engine, db.schema.createTable('sponsor_notes'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('text', 'varchar(2000)', (col) => col.notNull())
        .addColumn('author_sub', 'varchar(64)', (col) => col.notNull())
        .addColumn('author_email', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sponsor_notes_sponsor')
        .on('sponsor_notes')
        .columns(['organisation_id', 'sponsor_email_normalized'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsor_notes').execute();
    },
  };
}
