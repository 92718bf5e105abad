import { sql, type Kysely } from 'kysely';
import { boolDefault, boolType, type Engine } from '../column-types.ts';

// Invoice invariants (issue 55, decision 060). `further_invoice` marks an invoice the organiser
// explicitly added beside an open one; the partial unique index `invoices_one_open` lets a sponsorship
// have at most one open (draft or issued and not fully paid) invoice that is not so marked, so two
// bills for the same thing are refused by the database, not by a check before the insert. `revision`
// counts a draft's changes: issuing and editing are conditional on the revision they read, so an edit
// racing the issue is never lost under it. A payment row is a payment or a refund (a negative amount,
// GoBD: a recorded payment is never deleted, it is answered by a counter-entry). Invoices made before
// that would break the index are marked as further ones, the oldest open one kept as the first.
export function invoiceInvariants(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('invoices')
        .addColumn('further_invoice', boolType(engine), (col) => col.notNull().defaultTo(boolDefault(false)))
        .execute();
      await db.schema
        .alterTable('invoices')
        .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('invoice_payments')
        .addColumn('kind', 'varchar(10)', (col) => col.notNull().defaultTo('payment'))
        .execute();
      await sql`
        update invoices set further_invoice = true
        where kind = 'invoice' and status in ('draft', 'issued')
          and exists (
            select 1 from invoices older
            where older.sponsorship_id = invoices.sponsorship_id and older.kind = 'invoice'
              and older.status in ('draft', 'issued') and older.id < invoices.id
          )`.execute(db);
      await sql`
        create unique index invoices_one_open on invoices (sponsorship_id)
        where kind = 'invoice' and status in ('draft', 'issued') and further_invoice = false`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index invoices_one_open`.execute(db);
      await db.schema.alterTable('invoice_payments').dropColumn('kind').execute();
      await db.schema.alterTable('invoices').dropColumn('revision').execute();
      await db.schema.alterTable('invoices').dropColumn('further_invoice').execute();
    },
  };
}
