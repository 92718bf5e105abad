import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// A sponsor's VAT id may be a Swiss UID with its VAT suffix (CHE123456789MWST, 16 characters) or a
// Norwegian one (NO123456789MVA, 14), not only an EU one (at most 14): the column is widened to 20,
// as the seller's in billing_settings (0025). SQLite does not enforce varchar lengths.
export function sponsorVatIdLength(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table sponsor_legal_details alter column vat_id type varchar(20)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      // Longer ids than the old column held cannot be kept by it.
      await sql`update sponsor_legal_details set vat_id = null where length(vat_id) > 14`.execute(db);
      await sql`alter table sponsor_legal_details alter column vat_id type varchar(14)`.execute(db);
    },
  };
}
