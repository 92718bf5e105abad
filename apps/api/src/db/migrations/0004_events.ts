import type { Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Events of an organisation and the PDF files uploaded for them. Both hang off the organisation with
// ON DELETE CASCADE, so deleting an organisation removes its rows; the blobs themselves are removed
// by the files module (see modules/files/service.ts deleteOrganisationFiles).
export function events(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);

      await withIdColumn(engine, db.schema.createTable('events'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(100)', (col) => col.notNull())
        // A calendar date without a time zone, YYYY-MM-DD: text sorts correctly and reads back unchanged.
        .addColumn('event_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('location', 'varchar(200)', (col) => col.notNull())
        .addColumn('description', 'varchar(1000)', (col) => col.notNull())
        .addColumn('created_by', 'varchar(64)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('events_organisation_date')
        .on('events')
        .columns(['organisation_id', 'event_date', 'id'])
        .execute();

      // One row per upload URL handed out. status: pending (URL issued), uploading (the local store
      // is receiving it), stored (bytes verified as a PDF within the size limit). attached: part of
      // the event's files since the last save.
      await db.schema
        .createTable('event_files')
        .addColumn('s3_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('key', 'varchar(500)', (col) => col.notNull().unique())
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        .addColumn('size', 'integer')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('attached', boolType(engine), (col) => col.notNull().defaultTo(boolDefault(false)))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('uploaded_at', time)
        .execute();
      await db.schema.createIndex('event_files_event').on('event_files').columns(['event_id', 'attached']).execute();
      await db.schema
        .createIndex('event_files_organisation')
        .on('event_files')
        .columns(['organisation_id', 'created_at'])
        .execute();

      // Secrets the server makes on first start and every process shares (e.g. the key that signs
      // upload URLs of the local blob store).
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('server_secrets').execute();
      await db.schema.dropTable('event_files').execute();
      await db.schema.dropTable('events').execute();
    },
  };
}
