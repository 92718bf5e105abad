import { sql, type Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Sponsoring packages (issue 18): an event's packages with their benefits, the packages offered to a
// sponsorship, the one it chose (or was assigned), and the sponsorship's activity log. `sold` counts
// the choices; a slot is taken by a conditional update of it (modules/packages/repository.ts), so the
// database decides who gets the last one. Offers and choices keep a package from being deleted.
export function packages(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const bool = boolType(engine);
      await withIdColumn(engine, db.schema.createTable('packages'))
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('description', 'varchar(500)', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('capacity', 'integer')
        .addColumn('sold', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('archived', bool, (col) => col.notNull().defaultTo(boolDefault(false)))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addCheckConstraint('packages_sold_within_capacity', sql`sold >= 0 and (capacity is null or sold <= capacity)`)
        .execute();
      await db.schema.createIndex('packages_event').on('packages').columns(['event_id', 'position']).execute();
      await withIdColumn(engine, db.schema.createTable('package_benefits'))
        .addColumn('package_id', 'integer', (col) => col.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('title', 'varchar(120)', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('due_date', 'varchar(10)')
        .addColumn('sponsor_delivers', bool, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('package_benefits_package').on('package_benefits').column('package_id').execute();
      await db.schema
        .createTable('sponsorship_offers')
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('package_id', 'integer', (col) => col.notNull().references('packages.id'))
        .addPrimaryKeyConstraint('sponsorship_offers_pk', ['sponsorship_id', 'package_id'])
        .execute();
      await db.schema.createIndex('sponsorship_offers_package').on('sponsorship_offers').column('package_id').execute();
      await db.schema
        .createTable('sponsorship_choices')
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.primaryKey().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('package_id', 'integer', (col) => col.notNull().references('packages.id'))
        .addColumn('chosen_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sponsorship_choices_package')
        .on('sponsorship_choices')
        .column('package_id')
        .execute();
      await withIdColumn(engine, db.schema.createTable('sponsorship_activity'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('side', 'varchar(20)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('package_name', 'varchar(120)')
        .addColumn('amount_cents', 'integer')
        .addColumn('note', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex('sponsorship_activity_sponsorship')
        .on('sponsorship_activity')
        .column('sponsorship_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsorship_activity').execute();
      await db.schema.dropTable('sponsorship_choices').execute();
      await db.schema.dropTable('sponsorship_offers').execute();
      await db.schema.dropTable('package_benefits').execute();
      await db.schema.dropTable('packages').execute();
    },
  };
}
