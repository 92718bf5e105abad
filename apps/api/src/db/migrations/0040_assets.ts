import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Asset specifications and rounds (issue 59, point 3; decision 084): a deliverable's spec (one row,
// its JSON), and every upload as a round with the original file's blob key, what was read from it
// and the organiser's decision. A round is decided once (a conditional update from `submitted`);
// (deliverable, round) is unique, so two uploads at once cannot take the same number.
export function assets(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await db.schema
        .createTable('asset_specs')
        .addColumn('deliverable_id', 'integer', (col) =>
          col.primaryKey().references('deliverables.id').onDelete('cascade'),
        )
        .addColumn('spec', 'varchar(1000)', (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await withIdColumn(engine, db.schema.createTable('asset_rounds'))
        .addColumn('deliverable_id', 'integer', (col) =>
          col.notNull().references('deliverables.id').onDelete('cascade'),
        )
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('status', 'varchar(20)', (col) => col.notNull())
        .addColumn('blob_key', 'varchar(200)', (col) => col.notNull())
        .addColumn('file_type', 'varchar(10)', (col) => col.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('bytes', 'integer', (col) => col.notNull())
        .addColumn('alt_text', 'varchar(300)')
        .addColumn('uploaded_at', time, (col) => col.notNull())
        .addColumn('uploaded_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('decided_at', time)
        .addColumn('decided_by', 'varchar(320)')
        .addColumn('comment', 'varchar(2000)')
        .addUniqueConstraint('asset_rounds_round', ['deliverable_id', 'round'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('asset_rounds').execute();
      await db.schema.dropTable('asset_specs').execute();
    },
  };
}
