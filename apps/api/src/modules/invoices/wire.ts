// Invoices on the wire: the computed status (overdue: issued, unpaid and past its due date), the
// sums per event for the dashboards, and the CSV export.
import type {
  InvoiceNumbersWire,
  InvoicePartyWire,
  InvoiceStatus,
  InvoiceSumsWire,
  InvoiceWire,
  VatRate,
} from '@sp/shared';
import { csvDocument } from '../../lib/csv.ts';
import { decimal } from './money.ts';
import type { InvoiceRecord, PaymentRecord } from './repository.ts';
import type { InvoiceParty } from './snapshot.ts';

export function statusOf(r: Pick<InvoiceRecord, 'status' | 'kind' | 'due_date'>, today: string): InvoiceStatus {
  if (r.status === 'issued' && r.kind === 'invoice' && r.due_date !== null && r.due_date < today) return 'overdue';
  return r.status;
}

const partyWire = (p: InvoiceParty): InvoicePartyWire => ({
  name: p.name,
  street: p.street,
  house_number: p.houseNumber,
  postal_code: p.postalCode,
  city: p.city,
  country: p.country,
  vat_id: p.vatId,
  tax_number: p.taxNumber,
  email: p.email,
});

export function toWire(
  r: InvoiceRecord,
  payments: PaymentRecord[],
  today: string,
  numbers: Map<number, string>,
): InvoiceWire {
  const s = r.snapshot;
  const linked = (id: number | null) => (id !== null && numbers.has(id) ? { id, number: numbers.get(id)! } : null);
  return {
    id: r.id,
    organisation_id: r.organisation_id,
    sponsorship_id: r.sponsorship_id,
    event_id: r.event_id,
    event_title: r.event_title,
    sponsor_email: r.sponsor_email,
    kind: r.kind,
    number: r.number,
    status: statusOf(r, today),
    invoice_date: r.invoice_date,
    service_date: r.service_date,
    due_date: r.due_date,
    currency: 'EUR',
    language: r.language,
    seller: partyWire(s.seller),
    buyer: partyWire(s.buyer),
    lines: s.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      net_cents: l.netCents,
      vat_rate: l.vatRate as VatRate,
      vat_cents: l.vatCents,
    })),
    vat_treatment: r.vat_treatment,
    vat_note: s.vatNote,
    net_cents: r.net_cents,
    vat_cents: r.vat_cents,
    gross_cents: r.gross_cents,
    paid_cents: r.paid_cents,
    outstanding_cents: outstandingOf(r),
    note: r.note,
    cancels: linked(r.cancels_invoice_id),
    cancelled_by: linked(r.cancelled_by_invoice_id),
    further_invoice: r.further_invoice,
    payments: payments
      .filter((p) => p.invoice_id === r.id)
      .map((p) => ({
        id: p.id,
        paid_on: p.paid_on,
        amount_cents: p.amount_cents,
        kind: p.kind,
        recorded_at: p.recorded_at.toISOString(),
      })),
    reminders_sent: r.reminders_sent,
    issued_at: r.issued_at?.toISOString() ?? null,
    sent_at: r.sent_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

/** What is still to be paid: nothing on drafts, cancellations and cancelled invoices. */
export const outstandingOf = (r: InvoiceRecord) =>
  r.kind === 'invoice' && (r.status === 'issued' || r.status === 'paid') ? r.gross_cents - r.paid_cents : 0;

const empty = (): InvoiceSumsWire => ({
  invoiced_cents: 0,
  paid_cents: 0,
  outstanding_cents: 0,
  overdue_cents: 0,
  count: 0,
});

/** Invoiced, paid and outstanding per event and in total: issued invoices that are not cancelled. */
export function sumsOf(records: InvoiceRecord[], today: string): InvoiceNumbersWire {
  const events = new Map<number, InvoiceNumbersWire['events'][number]>();
  const totals = empty();
  for (const r of records) {
    if (r.kind !== 'invoice' || (r.status !== 'issued' && r.status !== 'paid')) continue;
    const event = events.get(r.event_id) ?? { ...empty(), event_id: r.event_id, event_title: r.event_title };
    events.set(r.event_id, event);
    for (const sums of [event, totals]) {
      sums.invoiced_cents += r.gross_cents;
      sums.paid_cents += r.paid_cents;
      sums.outstanding_cents += outstandingOf(r);
      if (statusOf(r, today) === 'overdue') sums.overdue_cents += outstandingOf(r);
      sums.count += 1;
    }
  }
  return { events: [...events.values()].sort((a, b) => a.event_id - b.event_id), totals };
}

const CSV_COLUMNS = [
  'number',
  'kind',
  'status',
  'invoice_date',
  'service_date',
  'due_date',
  'event',
  'buyer',
  'buyer_vat_id',
  'sponsor_email',
  'vat_treatment',
  'vat_rate',
  'net',
  'vat',
  'gross',
  'paid',
  'outstanding',
  'cancels',
] as const;

export function invoicesCsv(records: InvoiceRecord[], today: string, numbers: Map<number, string>): string {
  const rows = records
    .filter((r) => r.status !== 'draft')
    .map((r) => [
      r.number ?? '',
      r.kind,
      statusOf(r, today),
      r.invoice_date ?? '',
      r.service_date,
      r.due_date ?? '',
      r.event_title,
      r.snapshot.buyer.name,
      r.snapshot.buyer.vatId ?? '',
      r.sponsor_email,
      r.vat_treatment,
      String(r.vat_rate),
      decimal(r.net_cents),
      decimal(r.vat_cents),
      decimal(r.gross_cents),
      decimal(r.paid_cents),
      decimal(outstandingOf(r)),
      r.cancels_invoice_id !== null ? (numbers.get(r.cancels_invoice_id) ?? '') : '',
    ]);
  return csvDocument(CSV_COLUMNS, rows);
}
