import { sql, type Kysely } from 'kysely';

// At most one open draft per sponsorship (decision 039): two organisers pressing "create invoice"
// for the same sponsor at once made two drafts. A draft has no number and no legal weight (decision
// 026), so extra drafts made before this index are removed, the oldest kept (its edits are the
// likeliest to matter). Both engines support partial unique indexes.
export function oneInvoiceDraft() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        delete from invoices
        where status = 'draft'
          and exists (
            select 1 from invoices older
            where older.sponsorship_id = invoices.sponsorship_id and older.status = 'draft' and older.id < invoices.id
          )`.execute(db);
      await sql`create unique index invoices_one_draft on invoices (sponsorship_id) where status = 'draft'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index invoices_one_draft`.execute(db);
    },
  };
}
