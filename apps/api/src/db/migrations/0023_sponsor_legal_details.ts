import type { Kysely } from 'kysely';
import { timeType, type Engine } from '../column-types.ts';

// A sponsor's legal and billing details (the party of a generated agreement, the buyer of an
// invoice), one row per sponsor address like the public profile. Written by sponsor-profiles only;
// agreements and invoices copy what they need into their own snapshots, so a later change here never
// alters a signed or issued document.
export function sponsorLegalDetails(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await db.schema
        .createTable('sponsor_legal_details')
        .addColumn('email_normalized', 'varchar(320)', (col) => col.primaryKey())
        .addColumn('legal_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('street', 'varchar(200)', (col) => col.notNull())
        .addColumn('house_number', 'varchar(20)', (col) => col.notNull())
        .addColumn('postal_code', 'varchar(20)', (col) => col.notNull())
        .addColumn('city', 'varchar(100)', (col) => col.notNull())
        .addColumn('country', 'varchar(2)', (col) => col.notNull())
        .addColumn('vat_id', 'varchar(14)')
        .addColumn('billing_email', 'varchar(320)')
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sponsor_legal_details').execute();
    },
  };
}
