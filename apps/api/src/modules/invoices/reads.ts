// What the parties read: the organisation's invoices (filtered), a sponsorship's invoices (the
// sponsor sees issued ones only), one invoice, its documents, the sums for the dashboards and the
// CSV export.
import type { InvoiceListQuery, InvoiceNumbersWire, InvoiceWire } from '@sp/shared';
import { germanDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import type { DocumentKind, DocumentStore } from './documents.ts';
import { paymentDetailsOf } from './payment-details.ts';
import type { InvoiceRecord, InvoicesRepository } from './repository.ts';
import type { InvoicesService, Organiser } from './service.ts';
import { invoicesCsv, statusOf, sumsOf, toWire } from './wire.ts';

export function createInvoiceReads(deps: {
  repo: InvoicesRepository;
  service: InvoicesService;
  documents: DocumentStore;
  access: { assertOrganiserOf(caller: Organiser, organisationId: number): Promise<void> };
  sponsorships: SponsorshipParties;
  clock?: (() => Date) | undefined;
}) {
  const { repo, service } = deps;
  const today = () => germanDay((deps.clock ?? (() => new Date()))());

  /** Numbers of the linked invoices (cancels / cancelled by), for the wire. */
  const wires = async (records: InvoiceRecord[]): Promise<InvoiceWire[]> => {
    const payments = await repo.payments(records.map((r) => r.id));
    const numbers = new Map<number, string>();
    for (const r of records) if (r.number) numbers.set(r.id, r.number);
    for (const r of records) {
      for (const linked of [r.cancels_invoice_id, r.cancelled_by_invoice_id]) {
        if (linked !== null && !numbers.has(linked)) {
          const found = await repo.find(linked);
          if (found?.number) numbers.set(linked, found.number);
        }
      }
    }
    const day = today();
    return records.map((r) => toWire(r, payments, day, numbers));
  };

  const organisationInvoices = async (caller: Organiser, organisationId: number, query: InvoiceListQuery) => {
    await deps.access.assertOrganiserOf(caller, organisationId);
    const records = await repo.list({
      organisationId,
      eventId: query.event_id,
      ...(query.status && query.status !== 'overdue' ? { status: query.status } : {}),
    });
    const day = today();
    return query.status === 'overdue' ? records.filter((r) => statusOf(r, day) === 'overdue') : records;
  };

  return {
    async one(caller: SponsorshipCaller, id: number): Promise<InvoiceWire> {
      const { invoice } = await service.visible(caller, id);
      return (await wires([invoice]))[0]!;
    },

    async organiserOne(caller: Organiser, id: number): Promise<InvoiceWire> {
      return (await wires([await service.organiserInvoice(caller, id)]))[0]!;
    },

    async forOrganisation(caller: Organiser, organisationId: number, query: InvoiceListQuery) {
      return { invoices: await wires(await organisationInvoices(caller, organisationId, query)) };
    },

    async csv(caller: Organiser, organisationId: number, query: InvoiceListQuery): Promise<string> {
      const records = await organisationInvoices(caller, organisationId, query);
      const numbers = new Map(
        (await repo.list({ organisationId })).filter((r) => r.number).map((r) => [r.id, r.number!]),
      );
      return invoicesCsv(records, today(), numbers);
    },

    async forSponsorship(caller: SponsorshipCaller, sponsorshipId: number) {
      const { side } = await deps.sponsorships.visible(caller, sponsorshipId);
      const records = await repo.list({ sponsorshipId, ...(side === 'sponsor' ? { notDraft: true } : {}) });
      return { invoices: await wires(records) };
    },

    async numbers(caller: Organiser, organisationId: number): Promise<InvoiceNumbersWire> {
      await deps.access.assertOrganiserOf(caller, organisationId);
      return sumsOf(await repo.list({ organisationId, notDraft: true }), today());
    },

    /** Bank details, reference, open amount and GiroCode of an issued invoice, for both parties. */
    async paymentDetails(caller: SponsorshipCaller, id: number) {
      const { invoice } = await service.visible(caller, id);
      return paymentDetailsOf(invoice);
    },

    /** A document's bytes and file name; a draft only as the organiser's preview PDF. */
    async document(caller: SponsorshipCaller, id: number, kind: DocumentKind) {
      const { invoice } = await service.visible(caller, id);
      const name = invoice.number ?? `draft-${invoice.id}`;
      if (invoice.status === 'draft') {
        if (kind !== 'pdf') throw fail('invoice.not-issued', 'E-invoices are made when the invoice is issued');
        return { bytes: await deps.documents.preview(invoice), filename: `${name}.pdf` };
      }
      const docs = await deps.documents.ensure(invoice);
      const filename =
        kind === 'xml' ? `${name}-xrechnung.xml` : kind === 'zugferd' ? `${name}-zugferd.pdf` : `${name}.pdf`;
      return { bytes: docs[kind], filename };
    },
  };
}

export type InvoiceReads = ReturnType<typeof createInvoiceReads>;
