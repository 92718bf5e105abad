import type { Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Sponsor profiles and the public sponsor wall (issue 18, points 4 and 5): a sponsor's public name,
// descriptions, website and logo, one per sponsor address; the sponsor's consent to be shown per
// sponsorship (a row means yes); and the organiser's switch per event. All written by the
// sponsor-profiles module; consents and switches go with their sponsorship or event.
export function sponsorProfiles(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const bool = boolType(engine);
      await withIdColumn(engine, db.schema.createTable('sponsor_profiles'))
        .addColumn('email_normalized', 'varchar(320)', (col) => col.notNull().unique())
        .addColumn('public_name', 'varchar(120)', (col) => col.notNull())
        .addColumn('description_de', 'varchar(500)', (col) => col.notNull())
        .addColumn('description_en', 'varchar(500)', (col) => col.notNull())
        .addColumn('website', 'varchar(300)')
        .addColumn('logo_key', 'varchar(200)')
        .addColumn('logo_width', 'integer')
        .addColumn('logo_height', 'integer')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('sponsor_wall_consents')
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.primaryKey().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('consented_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('sponsor_walls')
        .addColumn('event_id', 'integer', (col) => col.primaryKey().references('events.id').onDelete('cascade'))
        .addColumn('enabled', bool, (col) => col.notNull().defaultTo(boolDefault(false)))
        .addColumn('updated_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsor_walls').execute();
      await db.schema.dropTable('sponsor_wall_consents').execute();
      await db.schema.dropTable('sponsor_profiles').execute();
    },
  };
}
