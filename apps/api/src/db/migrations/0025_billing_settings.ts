import { sql, type Kysely } from 'kysely';
import { boolType, timeType, type Engine } from '../column-types.ts';

// Billing settings of an organisation (issue 20, decision record 026): the seller's tax ids, bank
// account, payment term, invoice number format, § 19 UStG small business or the default VAT rate,
// and the payment reminders. One row per organisation, written by the billing module. The invoice
// number counter is a row per organisation too (invoice_counters, the invoices module's), incremented
// in the transaction that issues an invoice.
export function billingSettings(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const bool = boolType(engine);
      await db.schema
        .createTable('billing_settings')
        .addColumn('organisation_id', 'integer', (col) =>
          col.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('legal_name', 'varchar(200)')
        .addColumn('tax_number', 'varchar(40)')
        .addColumn('vat_id', 'varchar(20)')
        .addColumn('iban', 'varchar(34)', (col) => col.notNull())
        .addColumn('bic', 'varchar(11)', (col) => col.notNull())
        .addColumn('bank_name', 'varchar(120)')
        .addColumn('payment_term_days', 'integer', (col) => col.notNull())
        .addColumn('number_format', 'varchar(40)', (col) => col.notNull())
        .addColumn('small_business', bool, (col) => col.notNull())
        .addColumn('default_vat_rate', 'integer', (col) => col.notNull())
        .addColumn('zero_rate_reason', 'varchar(300)')
        .addColumn('reminders_enabled', bool, (col) => col.notNull())
        .addColumn('reminder_stages', 'integer', (col) => col.notNull())
        .addColumn('reminder_interval_days', 'integer', (col) => col.notNull())
        .addColumn('updated_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      // No foreign key: issued invoices and their numbering outlive the organisation (retention).
      await db.schema
        .createTable('invoice_counters')
        .addColumn('organisation_id', 'integer', (col) => col.primaryKey())
        .addColumn('last_number', engine === 'postgres' ? sql`bigint` : sql`integer`, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoice_counters').execute();
      await db.schema.dropTable('billing_settings').execute();
    },
  };
}
