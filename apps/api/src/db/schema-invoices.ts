// Table types of billing settings and invoices (migrations 0025, 0026, 0033), beside schema.ts to keep it short.
import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.ts';

/** bigint on PostgreSQL: may come back as a string. */
type Cents = number | string;

export type BillingSettingsTable = {
  organisation_id: number;
  legal_name: string | null;
  tax_number: string | null;
  vat_id: string | null;
  iban: string;
  bic: string;
  bank_name: string | null;
  payment_term_days: number;
  number_format: string;
  small_business: DbBool;
  default_vat_rate: number;
  zero_rate_reason: string | null;
  reminders_enabled: DbBool;
  reminder_stages: number;
  reminder_interval_days: number;
  updated_by: string;
  updated_at: DbTime;
};

export type InvoiceCountersTable = { organisation_id: number; last_number: Cents };

export type InvoicesTable = {
  id: Generated<number>;
  organisation_id: number;
  sponsorship_id: number;
  event_id: number;
  event_title: string;
  sponsor_email: string;
  sponsor_email_normalized: string;
  kind: 'invoice' | 'cancellation';
  number: string | null;
  /** Stored: draft, issued, paid, cancelled; overdue is issued past its due date (computed). */
  status: 'draft' | 'issued' | 'paid' | 'cancelled';
  invoice_date: string | null;
  service_date: string;
  due_date: string | null;
  language: 'de' | 'en';
  vat_treatment: 'standard' | 'zero_rated' | 'small_business' | 'reverse_charge' | 'not_taxable';
  vat_rate: number;
  zero_rate_reason: string | null;
  note: string | null;
  /** JSON of InvoiceSnapshot (modules/invoices/snapshot.ts). */
  snapshot: string;
  net_cents: Cents;
  vat_cents: Cents;
  gross_cents: Cents;
  paid_cents: Generated<Cents>;
  cancels_invoice_id: number | null;
  cancelled_by_invoice_id: number | null;
  /** Explicitly added beside an open invoice of the sponsorship (migration 0033, decision 060). */
  further_invoice: Generated<DbBool>;
  /** A draft's change count: issue and edit are conditional on it (decision 060). */
  revision: Generated<number>;
  reminders_sent: Generated<number>;
  last_reminder_on: string | null;
  /** JSON: the blob keys and SHA-256 of the generated documents, once made. */
  documents: string | null;
  issued_at: DbTime | null;
  sent_at: DbTime | null;
  created_by: string;
  created_at: DbTime;
  updated_at: DbTime;
};

export type InvoicePaymentsTable = {
  id: Generated<number>;
  invoice_id: number;
  paid_on: string;
  /** Negative for a refund (decision 060). */
  amount_cents: Cents;
  kind: Generated<'payment' | 'refund'>;
  recorded_by: string;
  recorded_at: DbTime;
};

export type InvoiceTables = {
  billing_settings: BillingSettingsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
};
