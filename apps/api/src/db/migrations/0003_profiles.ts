import type { Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

export function profiles(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(engine, db.schema.createTable('organisations'))
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('street', 'varchar(200)', (col) => col.notNull())
        .addColumn('house_number', 'varchar(20)', (col) => col.notNull())
        .addColumn('postal_code', 'varchar(20)', (col) => col.notNull())
        .addColumn('city', 'varchar(100)', (col) => col.notNull())
        .addColumn('country', 'varchar(2)', (col) => col.notNull())
        .addColumn('phone_number', 'varchar(20)')
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .addColumn('updated_at', timeType(engine), (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('user_profiles')
        .addColumn('cognito_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('email_normalized', 'varchar(320)', (col) => col.notNull().unique())
        .addColumn('role', 'varchar(20)')
        .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('set null'))
        .addColumn('organisation_role', 'varchar(20)')
        .addColumn('profile_picture', 'varchar(500)')
        .addColumn('onboarding_completed', boolType(engine), (col) => col.notNull().defaultTo(boolDefault(false)))
        .addColumn('language', 'varchar(2)')
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .addColumn('updated_at', timeType(engine), (col) => col.notNull())
        .execute();
      await db.schema.createIndex('user_profiles_organisation').on('user_profiles').column('organisation_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_profiles').execute();
      await db.schema.dropTable('organisations').execute();
    },
  };
}
