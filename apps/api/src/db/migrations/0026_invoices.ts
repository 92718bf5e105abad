import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Invoices (issue 20, decision record 026). An invoice keeps a snapshot of everything it was made
// from (seller, buyer, lines, VAT note, bank account) as JSON, so a later change of master data never
// changes it; the amounts are columns (bigint cents on PostgreSQL) for sums and filters. There is no
// foreign key to the organisation or sponsorship on purpose: issued invoices must be kept for the
// retention period (§ 147 AO) even when the organisation or the sponsor's account is deleted.
// Numbers are unique per organisation. Payments are rows of their own; the outbox learns the names
// and sizes of a mail's attachments.
export function invoices(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const cents = engine === 'postgres' ? sql`bigint` : sql`integer`;
      await withIdColumn(engine, db.schema.createTable('invoices'))
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('sponsorship_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('event_title', 'varchar(200)', (col) => col.notNull())
        .addColumn('sponsor_email', 'varchar(320)', (col) => col.notNull())
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('number', 'varchar(60)')
        .addColumn('status', 'varchar(20)', (col) => col.notNull())
        .addColumn('invoice_date', 'varchar(10)')
        .addColumn('service_date', 'varchar(10)', (col) => col.notNull())
        .addColumn('due_date', 'varchar(10)')
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('vat_treatment', 'varchar(20)', (col) => col.notNull())
        .addColumn('vat_rate', 'integer', (col) => col.notNull())
        .addColumn('zero_rate_reason', 'varchar(300)')
        .addColumn('note', 'varchar(1000)')
        .addColumn('snapshot', 'text', (col) => col.notNull())
        .addColumn('net_cents', cents, (col) => col.notNull())
        .addColumn('vat_cents', cents, (col) => col.notNull())
        .addColumn('gross_cents', cents, (col) => col.notNull())
        .addColumn('paid_cents', cents, (col) => col.notNull().defaultTo(0))
        .addColumn('cancels_invoice_id', 'integer')
        .addColumn('cancelled_by_invoice_id', 'integer')
        .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_reminder_on', 'varchar(10)')
        .addColumn('documents', 'text')
        .addColumn('issued_at', time)
        .addColumn('sent_at', time)
        .addColumn('created_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addUniqueConstraint('invoices_number', ['organisation_id', 'number'])
        .execute();
      await db.schema
        .createIndex('invoices_organisation')
        .on('invoices')
        .columns(['organisation_id', 'status', 'event_id'])
        .execute();
      await db.schema.createIndex('invoices_sponsorship').on('invoices').column('sponsorship_id').execute();
      await withIdColumn(engine, db.schema.createTable('invoice_payments'))
        .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id'))
        .addColumn('paid_on', 'varchar(10)', (col) => col.notNull())
        .addColumn('amount_cents', cents, (col) => col.notNull())
        .addColumn('recorded_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('recorded_at', time, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').column('invoice_id').execute();
      await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').dropColumn('attachments').execute();
      await db.schema.dropTable('invoice_payments').execute();
      await db.schema.dropTable('invoices').execute();
    },
  };
}
