// The invoices in a user's data export (GDPR art. 20): the issued invoices addressed to their sponsor
// address, and those of the organisation they belong to (drafts are working copies and left out).
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import { createInvoicesRepository, type InvoiceRecord } from './repository.ts';
import { statusOf } from './wire.ts';

const summary = (r: InvoiceRecord, today: string) => ({
  number: r.number,
  kind: r.kind,
  status: statusOf(r, today),
  invoice_date: r.invoice_date,
  service_date: r.service_date,
  due_date: r.due_date,
  event_title: r.event_title,
  seller: r.snapshot.seller.name,
  buyer: r.snapshot.buyer.name,
  sponsor_email: r.sponsor_email,
  net_cents: r.net_cents,
  vat_cents: r.vat_cents,
  gross_cents: r.gross_cents,
  paid_cents: r.paid_cents,
  vat_note: r.snapshot.vatNote,
});

export async function invoicesExport(db: Db, emailNormalized: string, organisationId: number | null, now: Date) {
  const repo = createInvoicesRepository(db);
  const today = germanDay(now);
  const received = await repo.list({ sponsorEmailNormalized: emailNormalized, notDraft: true });
  const issued = organisationId === null ? [] : await repo.list({ organisationId, notDraft: true });
  return {
    received: received.map((r) => summary(r, today)),
    issued_by_organisation: issued.map((r) => summary(r, today)),
  };
}
