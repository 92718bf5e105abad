import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// The operator log (issue 63 point 5, decision 077): who changed billing settings, the team or the
// server's keys, and which operator commands ran, and when. An entry with an organisation is its
// owner's to read and goes with the organisation; one without (an operator command that concerns no
// organisation) is shown to every owner. Written by the operator-log module, in the transaction of
// the change it records.
export function operatorLog(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(engine, db.schema.createTable('operator_log'))
        .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('cascade'))
        .addColumn('actor_kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('action', 'varchar(64)', (col) => col.notNull())
        .addColumn('details', 'text')
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('operator_log_by_organisation')
        .on('operator_log')
        .columns(['organisation_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_log').execute();
    },
  };
}
