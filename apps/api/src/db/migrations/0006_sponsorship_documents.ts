import type { Kysely } from 'kysely';
import { timeType, type Engine } from '../column-types.ts';

// The signed sponsor agreement a sponsor returns for their sponsorship. Its upload is an event_files
// row like the event's own PDF (same upload URLs, checks and downloads) that names the sponsorship:
// event_files rows with a sponsorship_id are never part of the event's own file list, and only the
// two parties of that sponsorship may download them. The sponsorship records when the agreement was
// first downloaded and which upload is the signed copy.
export function sponsorshipDocuments(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await db.schema
        .alterTable('event_files')
        .addColumn('sponsorship_id', 'integer', (col) => col.references('sponsorships.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('event_files_sponsorship').on('event_files').column('sponsorship_id').execute();
      await db.schema.alterTable('sponsorships').addColumn('signed_file_id', 'varchar(64)').execute();
      await db.schema.alterTable('sponsorships').addColumn('agreement_downloaded_at', time).execute();
      await db.schema.alterTable('sponsorships').addColumn('signed_uploaded_at', time).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sponsorships').dropColumn('signed_uploaded_at').execute();
      await db.schema.alterTable('sponsorships').dropColumn('agreement_downloaded_at').execute();
      await db.schema.alterTable('sponsorships').dropColumn('signed_file_id').execute();
      await db.schema.dropIndex('event_files_sponsorship').execute();
      await db.schema.alterTable('event_files').dropColumn('sponsorship_id').execute();
    },
  };
}
