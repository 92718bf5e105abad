import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Signed sponsor agreements kept after their organisation was deleted (legal retention, decision 010).
// A row is a self-contained record: it copies what the contract record needs from the organisation,
// event and sponsorship (which are gone), so it has no foreign keys. blob_key is where the PDF is now:
// under the deleted organisation's prefix until the copy under archive/ is made, then there.
export function agreementArchive(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const cents = engine === 'postgres' ? sql`bigint` : sql`integer`;
      await withIdColumn(engine, db.schema.createTable('archived_agreements'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('organisation_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('organisation_address', 'varchar(1000)', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('event_title', 'varchar(100)', (col) => col.notNull())
        .addColumn('event_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('sponsorship_id', 'integer', (col) => col.notNull())
        .addColumn('sponsor_email', 'varchar(320)', (col) => col.notNull())
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('amount_cents', cents)
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('blob_key', 'varchar(500)', (col) => col.notNull().unique())
        .addColumn('size', 'integer')
        .addColumn('signed_uploaded_at', time, (col) => col.notNull())
        .addColumn('archived_at', time, (col) => col.notNull())
        .addColumn('retain_until', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('archived_agreements_sponsor')
        .on('archived_agreements')
        .column('sponsor_email_normalized')
        .execute();
      await db.schema
        .createIndex('archived_agreements_retain_until')
        .on('archived_agreements')
        .column('retain_until')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('archived_agreements').execute();
    },
  };
}
