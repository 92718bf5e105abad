// One view of a sponsor (decision 109): the organisation's sponsors, one page per sponsor address with
// its history, money, delivery record, invoices, payments, contacts and the team's notes. Every call
// asks the access module for the caller's organisation first; a sponsor address the organisation has
// no sponsorship with is not found, so no organisation learns another's sponsors.
import {
  sponsorAddressOf,
  sponsorKeyOf,
  tallySponsorships,
  type SponsorNoteWire,
  type SponsorSummaryWire,
  type SponsorViewWire,
} from '@sp/shared';
import { germanDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import { invoiceStatusOf } from '../invoices/index.ts';
import type { NoteRecord, SponsorViewRepository } from './repository.ts';

type Organiser = { sub: string; email?: string | undefined };

const noteWire = (note: NoteRecord): SponsorNoteWire => ({
  id: note.id,
  text: note.text,
  author_email: note.authorEmail,
  created_at: note.createdAt.toISOString(),
});

const notFound = () => fail('request.not-found', 'No sponsor of your organisation has this address');

export function createSponsorViewService(deps: {
  repo: SponsorViewRepository;
  access: Pick<EventAccess, 'organiserOrganisation'>;
  clock: () => Date;
}) {
  const { repo, access } = deps;

  /** The caller's organisation and the address a key names (404 for a key that names none). */
  async function scope(caller: Organiser, key: string) {
    const organisationId = await access.organiserOrganisation(caller);
    const address = sponsorAddressOf(key);
    if (address === null) throw notFound();
    return { organisationId, address };
  }

  return {
    /** The organisation's sponsors, the one last sponsoring first. Four queries, whatever the count. */
    async list(caller: Organiser): Promise<SponsorSummaryWire[]> {
      const organisationId = await access.organiserOrganisation(caller);
      const sponsors = await repo.sponsorsOf(organisationId);
      const details = await repo.ownDetails(sponsors.map((s) => s.emailNormalized));
      return sponsors
        .map((s) => {
          const own = details.get(s.emailNormalized);
          return {
            key: sponsorKeyOf(s.emailNormalized),
            email: s.email,
            name: own?.publicName ?? own?.legalName ?? null,
            events: s.events,
            committed_cents: s.committedCents,
            in_negotiation_cents: s.inNegotiationCents,
            latest_event_title: s.latestEventTitle,
            latest_event_date: s.latestEventDate,
            latest_status: s.latestStatus,
          };
        })
        .sort(
          (a, b) =>
            b.latest_event_date.localeCompare(a.latest_event_date) ||
            (a.name ?? a.email).localeCompare(b.name ?? b.email),
        );
    },

    /** A sponsor's page: seven queries, whatever the number of events, invoices or notes. */
    async view(caller: Organiser, key: string): Promise<SponsorViewWire> {
      const { organisationId, address } = await scope(caller, key);
      const history = await repo.history(organisationId, address);
      if (history.length === 0) throw notFound();
      const today = germanDay(deps.clock());
      const [delivery, invoices, payments, notes, details] = await Promise.all([
        repo.delivery(
          organisationId,
          history.map((h) => h.sponsorshipId),
          today,
        ),
        repo.invoices(organisationId, address),
        repo.payments(organisationId, address),
        repo.notes(organisationId, address),
        repo.ownDetails([address]),
      ]);
      const own = details.get(address);
      const figures = tallySponsorships(history);
      const invoiceRows = invoices.map((i) => ({
        id: i.id,
        sponsorship_id: i.sponsorshipId,
        event_title: i.eventTitle,
        number: i.number,
        kind: i.kind,
        status: invoiceStatusOf({ status: i.status, kind: i.kind, due_date: i.dueDate }, today),
        invoice_date: i.invoiceDate,
        due_date: i.dueDate,
        gross_cents: i.grossCents,
        paid_cents: i.paidCents,
      }));
      return {
        key,
        email: history[0]!.email,
        name: own?.publicName ?? own?.legalName ?? null,
        totals: {
          committed_cents: figures.committed_cents,
          in_negotiation_cents: figures.in_negotiation_cents,
          // What was billed and still stands: issued or paid invoices, not drafts nor cancelled ones.
          invoiced_cents: invoices
            .filter((i) => i.kind === 'invoice' && (i.status === 'issued' || i.status === 'paid'))
            .reduce((sum, i) => sum + i.grossCents, 0),
          paid_cents: payments.reduce((sum, p) => sum + p.amountCents, 0),
        },
        history: history.map((h) => ({
          sponsorship_id: h.sponsorshipId,
          event_id: h.eventId,
          event_title: h.eventTitle,
          event_date: h.eventDate,
          status: h.status,
          package_name: h.packageName,
          amount_cents: h.amountCents,
          deliverables: delivery.get(h.sponsorshipId) ?? { total: 0, done: 0, waived: 0, late: 0 },
        })),
        invoices: invoiceRows,
        payments: payments.map((p) => ({
          invoice_id: p.invoiceId,
          invoice_number: p.invoiceNumber,
          paid_on: p.paidOn,
          amount_cents: p.amountCents,
          kind: p.kind,
        })),
        contacts: {
          email: history[0]!.email,
          billing_email: own?.billingEmail ?? null,
          legal_name: own?.legalName ?? null,
          city: own?.city ?? null,
          country: own?.country ?? null,
          website: own?.website ?? null,
          has_account: history.some((h) => h.hasAccount),
        },
        notes: notes.map(noteWire),
      };
    },

    /** A note of the caller's team on one of its sponsors. */
    async addNote(caller: Organiser, key: string, text: string): Promise<SponsorNoteWire> {
      const { organisationId, address } = await scope(caller, key);
      if ((await repo.history(organisationId, address)).length === 0) throw notFound();
      const note = await repo.addNote(
        organisationId,
        address,
        { sub: caller.sub, email: caller.email ?? '' },
        text,
        deps.clock(),
      );
      return noteWire(note);
    },
  };
}

export type SponsorViewService = ReturnType<typeof createSponsorViewService>;
