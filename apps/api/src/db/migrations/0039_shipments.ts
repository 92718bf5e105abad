import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Shipments (issue 59 point 6, decision 082): parcels a sponsor announces for an event, and the
// venue's token links (one live link per event, only its SHA-256 stored, revocable) through which the
// venue marks them received. Written by the shipments module only.
export function shipments(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('shipments'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('carrier', 'varchar(100)', (col) => col.notNull())
        .addColumn('tracking', 'varchar(500)', (col) => col.notNull())
        .addColumn('parcel_count', 'integer', (col) => col.notNull())
        .addColumn('expected_date', 'varchar(10)')
        .addColumn('announced_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('announced_at', time, (col) => col.notNull())
        .addColumn('received_at', time)
        .addColumn('received_note', 'varchar(500)')
        .addColumn('photo_key', 'varchar(500)')
        .execute();
      await db.schema.createIndex('shipments_by_event').on('shipments').columns(['event_id', 'id']).execute();
      await db.schema
        .createIndex('shipments_by_sponsorship')
        .on('shipments')
        .columns(['sponsorship_id', 'id'])
        .execute();
      await withIdColumn(engine, db.schema.createTable('venue_links'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('created_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('revoked_at', time)
        .execute();
      await db.schema.createIndex('venue_links_by_event').on('venue_links').columns(['event_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('venue_links').execute();
      await db.schema.dropTable('shipments').execute();
    },
  };
}
