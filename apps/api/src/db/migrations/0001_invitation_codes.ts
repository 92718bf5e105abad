import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

export function invitationCodes(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(engine, db.schema.createTable('invitation_codes'))
        .addColumn('code', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('max_uses', 'integer')
        .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('expires_at', timeType(engine))
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .addColumn('note', 'varchar(200)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invitation_codes').execute();
    },
  };
}
