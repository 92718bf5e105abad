// The rules of invoices (decision record 026). An organiser (veranstalter or beides of the
// sponsorship's organisation) makes a draft from a confirmed sponsorship, edits it, issues it (the
// next number of the organisation in the same transaction), cancels an issued one by a cancellation
// invoice with its own number (both stay), and records payments. An issued invoice never changes
// or disappears. Seller and buyer are read afresh when issuing and then frozen in the snapshot.
import type { InvoicePatch } from '@sp/shared';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, germanDay } from '../../lib/calendar.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import { fail } from '../../lib/errors.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import { formatNumber, type BillingSettings } from '../billing/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { ProfilesApi } from '../profiles/index.ts';
import type { SponsorProfilesApi } from '../sponsor-profiles/index.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import type { DocumentStore } from './documents.ts';
import { createDelivery, firstMailKey, resendKey } from './delivery.ts';
import { createPayments } from './payments.ts';
import { createComposer, settingsMissing } from './compose.ts';
import { negated, totalsOf } from './money.ts';
import {
  cancelledAlready,
  dateInFuture,
  draftChanged,
  draftExists,
  invoiceNotFound,
  openExists,
  refundFirst,
} from './errors.ts';
import type { InvoiceRecord, InvoicesRepository } from './repository.ts';

export type Organiser = { sub: string; email?: string | undefined };

export type InvoiceDeps = {
  repo: InvoicesRepository;
  documents: DocumentStore;
  settingsOf: (organisationId: number) => Promise<BillingSettings | null>;
  access: Pick<EventAccess, 'assertOrganiserOf' | 'organiserOrganisation'>;
  sponsorships: SponsorshipParties;
  profiles: Pick<ProfilesApi, 'findByCognitoId'>;
  legalDetails: SponsorProfilesApi['legalDetails'];
  packages: Pick<PackagesApi, 'chosenPackage' | 'recordActivity'>;
  mail: MailPort;
  log: FastifyBaseLogger;
  clock?: (() => Date) | undefined;
};

export function createInvoicesService(deps: InvoiceDeps) {
  const { repo, access } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The invoice when the caller organises its organisation; 404 for anyone else (existence does not leak). */
  const organiserInvoice = async (caller: Organiser, id: number) => {
    const invoice = await repo.find(id);
    if (!invoice) throw invoiceNotFound();
    await access.assertOrganiserOf(caller, invoice.organisation_id).catch(() => {
      throw invoiceNotFound();
    });
    return invoice;
  };

  const { compose } = createComposer(deps);

  const log = (
    r: InvoiceRecord,
    kind: 'invoice_issued' | 'invoice_cancelled' | 'invoice_paid',
    by: string,
    cents: number,
  ) =>
    deps.packages
      .recordActivity({
        sponsorship_id: r.sponsorship_id,
        at: now(),
        side: 'organisation',
        actor: by,
        kind,
        package_name: null,
        amount_cents: cents,
        note: r.number,
      })
      .catch((error: unknown) => deps.log.warn({ err: error, invoice: r.id }, 'could not log invoice activity'));

  const { deliver } = createDelivery(deps, now);

  /**
   * Assigns the organisation's next number and freezes the invoice as it was read (its revision), in
   * one transaction. The counter's row lock is taken first, so the latest date of the series read
   * next cannot move until this commits: a number never follows one of a later date (decision 060).
   */
  const assignNumber = (
    r: InvoiceRecord,
    format: string,
    values: Parameters<InvoicesRepository['setStatus']>[3] & { invoice_date: string },
  ) =>
    repo.transaction(async (trx) => {
      const counter = await repo.nextCounter(trx, r.organisation_id);
      const last = await repo.lastIssueDate(trx, r.organisation_id);
      if (last !== null && values.invoice_date < last)
        throw fail(
          'invoice.date-before-last',
          `The series has an invoice of ${last} already; date it ${last} or later`,
        );
      const number = formatNumber(format, counter, values.invoice_date);
      const done = await repo.setStatus(trx, r.id, ['draft'], { ...values, number, status: 'issued' }, now(), {
        revision: r.revision,
      });
      if (!done) {
        const current = await repo.find(r.id, trx);
        throw current?.status === 'draft'
          ? draftChanged()
          : fail('invoice.not-draft', 'The invoice is no longer a draft');
      }
      await enqueueWebhookEvent(trx, {
        organisationId: r.organisation_id,
        type: 'invoice.issued',
        data: {
          invoice_id: r.id,
          number,
          sponsorship_id: r.sponsorship_id,
          event_id: r.event_id,
          invoice_date: values.invoice_date,
        },
        at: now(),
      });
      return number;
    });

  /** The payment term of the sponsorship's agreement, if any (decision 060). */
  const agreementTerm = (r: { sponsorship_id: number; event_id: number }) =>
    repo.agreementPaymentTerm(r.sponsorship_id, r.event_id);

  const service = {
    organiserInvoice,

    /**
     * POST /sponsorships/{id}/invoices: a draft from a confirmed sponsorship; beside an unpaid invoice
     * only when `further` says the organiser adds one on purpose (decision 060).
     */
    async createDraft(caller: Organiser, sponsorshipId: number, options: { further?: boolean } = {}): Promise<number> {
      const sponsorship = await deps.sponsorships.organiserSponsorship(
        { kind: 'user', ...caller, email: caller.email },
        sponsorshipId,
      );
      await access.assertOrganiserOf(caller, sponsorship.organisationId);
      if (sponsorship.status !== 'confirmed')
        throw fail('invoice.sponsorship-not-confirmed', 'Only a confirmed sponsorship is invoiced');
      if (sponsorship.amountCents === null || sponsorship.amountCents <= 0)
        throw fail('invoice.amount-missing', 'The sponsorship has no amount');
      const open = await repo.openInvoice(sponsorship.id);
      if (open === 'draft') throw draftExists();
      if (open === 'open' && !options.further) throw openExists();
      const chosen = await deps.packages.chosenPackage(sponsorship.id);
      const description = chosen
        ? `${chosen.name}${chosen.benefits.length ? `: ${chosen.benefits.map((b) => b.title).join(', ')}` : ''} – ${sponsorship.eventTitle}`
        : `Sponsoring – ${sponsorship.eventTitle}`;
      const composed = await compose(
        caller,
        sponsorship.organisationId,
        sponsorship.sponsorEmail,
        [{ description: description.slice(0, 500), quantity: 1, unitPriceCents: sponsorship.amountCents }],
        {
          paymentTermDays: await agreementTerm({ sponsorship_id: sponsorship.id, event_id: sponsorship.eventId }),
          // A new draft speaks the language the sponsor uses (decision 074); the organiser may change it.
          language: sponsorship.sponsorLanguage,
        },
      );
      // A colleague's draft or invoice made meanwhile is refused by the unique indexes (migrations 0029, 0033).
      const insert = repo.insert(
        {
          organisation_id: sponsorship.organisationId,
          sponsorship_id: sponsorship.id,
          event_id: sponsorship.eventId,
          event_title: sponsorship.eventTitle,
          sponsor_email: sponsorship.sponsorEmail,
          sponsor_email_normalized: sponsorship.sponsorEmailNormalized,
          kind: 'invoice',
          number: null,
          status: 'draft',
          invoice_date: null,
          service_date: sponsorship.eventDate,
          due_date: null,
          note: null,
          cancels_invoice_id: null,
          cancelled_by_invoice_id: null,
          created_by: caller.email ?? '',
          snapshot: composed.snapshot,
          further_invoice: open === 'open',
          ...composed.values,
        },
        now(),
      );
      return insert.catch(async (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        throw (await repo.openInvoice(sponsorship.id)) === 'draft' ? draftExists() : openExists();
      });
    },

    /** PATCH /invoices/{id}: a draft's date, lines, VAT choice, note and language. */
    async patch(caller: Organiser, id: number, patch: InvoicePatch): Promise<void> {
      const draft = await organiserInvoice(caller, id);
      if (draft.status !== 'draft') throw fail('invoice.not-draft', 'Only a draft changes');
      const today = germanDay(now());
      if (patch.invoice_date && patch.invoice_date > today) throw dateInFuture(today);
      const lines =
        patch.lines?.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitPriceCents: l.unit_price_cents,
        })) ??
        draft.snapshot.lines.map(({ description, quantity, unitPriceCents }) => ({
          description,
          quantity,
          unitPriceCents,
        }));
      const composed = await compose(caller, draft.organisation_id, draft.sponsor_email, lines, {
        rate:
          patch.vat_rate ??
          (draft.vat_treatment === 'standard' || draft.vat_treatment === 'zero_rated' ? draft.vat_rate : undefined),
        zeroRateReason: patch.zero_rate_reason !== undefined ? patch.zero_rate_reason : draft.zero_rate_reason,
        paymentTermDays: await agreementTerm(draft),
        language: patch.language ?? draft.language,
      });
      const changed = await repo.updateDraft(
        id,
        draft.revision,
        {
          ...composed.values,
          snapshot: composed.snapshot,
          ...(patch.invoice_date !== undefined ? { invoice_date: patch.invoice_date } : {}),
          ...(patch.note !== undefined ? { note: patch.note || null } : {}),
        },
        now(),
      );
      if (!changed) {
        const current = await repo.find(id);
        throw current?.status === 'draft' ? draftChanged() : fail('invoice.not-draft', 'Only a draft changes');
      }
    },

    /** DELETE /invoices/{id}: a draft only. Answers the draft's sponsorship (for the announcement). */
    async deleteDraft(caller: Organiser, id: number): Promise<{ sponsorship_id: number }> {
      const draft = await organiserInvoice(caller, id);
      if (!(await repo.deleteDraft(id))) throw fail('invoice.not-draft', 'An issued invoice is never deleted');
      return { sponsorship_id: draft.sponsorship_id };
    },

    /** POST /invoices/{id}/issue */
    async issue(caller: Organiser, id: number): Promise<void> {
      await service.number(caller, id);
      await deliver(id, firstMailKey(id));
    },

    /** Issuing's first half (a bulk job numbers in order and delivers on the pool): the number, frozen. */
    async number(caller: Organiser, id: number): Promise<string> {
      const draft = await organiserInvoice(caller, id);
      if (draft.status !== 'draft') throw fail('invoice.not-draft', 'The invoice is issued already');
      const lines = draft.snapshot.lines.map(({ description, quantity, unitPriceCents }) => ({
        description,
        quantity,
        unitPriceCents,
      }));
      const composed = await compose(caller, draft.organisation_id, draft.sponsor_email, lines, {
        ...(draft.vat_treatment === 'standard' || draft.vat_treatment === 'zero_rated' ? { rate: draft.vat_rate } : {}),
        zeroRateReason: draft.zero_rate_reason,
        paymentTermDays: await agreementTerm(draft),
        language: draft.language,
      });
      const today = germanDay(now());
      const invoiceDate = draft.invoice_date ?? today;
      if (invoiceDate > today) throw dateInFuture(today);
      await assignNumber(draft, composed.settings.number_format, {
        ...composed.values,
        snapshot: JSON.stringify(composed.snapshot),
        invoice_date: invoiceDate,
        due_date: addDays(invoiceDate, composed.snapshot.paymentTermDays),
        issued_at: now().toISOString(),
      });
      const issued = (await repo.find(id))!;
      await log(issued, 'invoice_issued', caller.email ?? '', issued.gross_cents);
      return issued.number!;
    },

    /**
     * Issuing's second half: the documents and the first mail (a failure is logged; the invoice stays
     * issued). Its key is the invoice's first mail, so delivering again after a kill mails nothing twice.
     */
    async deliverIssued(caller: Organiser, id: number): Promise<void> {
      const invoice = await organiserInvoice(caller, id);
      if (invoice.status === 'draft') throw fail('invoice.not-issued', 'A draft is not sent');
      await deliver(id, firstMailKey(id));
    },

    /** POST /invoices/{id}/cancel: the cancellation invoice (its id); the original stays, marked cancelled. */
    async cancel(caller: Organiser, id: number): Promise<number> {
      const original = await organiserInvoice(caller, id);
      if (original.kind !== 'invoice' || original.status === 'draft')
        throw fail('invoice.not-issued', 'Only an issued invoice is cancelled');
      if (original.status === 'cancelled') throw cancelledAlready();
      if (original.paid_cents !== 0) throw refundFirst(original.paid_cents);
      const settings = await deps.settingsOf(original.organisation_id);
      if (!settings) throw settingsMissing();
      const lines = negated(original.snapshot.lines);
      const totals = totalsOf(lines);
      const today = germanDay(now());
      const cancellationId = await repo.transaction(async (trx) => {
        const counter = await repo.nextCounter(trx, original.organisation_id);
        const number = formatNumber(settings.number_format, counter, today);
        // Keyed on the row as it is now: a payment recorded meanwhile refuses the cancellation (decision 060).
        const marked = await repo.setStatus(trx, id, ['issued'], { status: 'cancelled' }, now(), { unpaid: true });
        if (!marked) {
          const current = (await repo.find(id, trx))!;
          throw current.status === 'cancelled' ? cancelledAlready() : refundFirst(current.paid_cents);
        }
        const newId = await repo.insert(
          {
            organisation_id: original.organisation_id,
            sponsorship_id: original.sponsorship_id,
            event_id: original.event_id,
            event_title: original.event_title,
            sponsor_email: original.sponsor_email,
            sponsor_email_normalized: original.sponsor_email_normalized,
            service_date: original.service_date,
            language: original.language,
            vat_treatment: original.vat_treatment,
            vat_rate: original.vat_rate,
            zero_rate_reason: original.zero_rate_reason,
            kind: 'cancellation',
            number,
            status: 'issued',
            invoice_date: today,
            due_date: null,
            note: null,
            cancels_invoice_id: id,
            cancelled_by_invoice_id: null,
            created_by: caller.email ?? '',
            snapshot: {
              ...original.snapshot,
              lines,
              cancels: { number: original.number!, date: original.invoice_date! },
            },
            net_cents: totals.netCents,
            vat_cents: totals.vatCents,
            gross_cents: totals.grossCents,
          },
          now(),
          trx,
        );
        await repo.setStatus(trx, id, ['cancelled'], { cancelled_by_invoice_id: newId }, now());
        return newId;
      });
      await log(original, 'invoice_cancelled', caller.email ?? '', original.gross_cents);
      await deliver(cancellationId, firstMailKey(cancellationId));
      return cancellationId;
    },

    ...createPayments({ repo, organiserInvoice, log, now }),

    /**
     * POST /invoices/{id}/send: mails an issued invoice again. A bulk job names its item's intent
     * (`key`), so its retry after a kill mails nothing twice; a single request's mail is a new one.
     */
    async resend(caller: Organiser, id: number, key: string = resendKey(id)): Promise<void> {
      const invoice = await organiserInvoice(caller, id);
      if (invoice.status === 'draft') throw fail('invoice.not-issued', 'A draft is not sent');
      await deliver(id, key);
    },

    /** The sponsor side of an invoice: issued only, and only to its sponsorship's sponsor. */
    async visible(
      caller: SponsorshipCaller,
      id: number,
    ): Promise<{ invoice: InvoiceRecord; side: 'sponsor' | 'organisation' }> {
      const invoice = await repo.find(id);
      if (!invoice) throw invoiceNotFound();
      const side = await deps.sponsorships
        .visible(caller, invoice.sponsorship_id)
        .then((v) => v.side)
        .catch(() =>
          // The sponsorship may be gone (organisation deleted); the sponsor's account still sees its invoices.
          caller.kind === 'user' && caller.email && normaliseEmail(caller.email) === invoice.sponsor_email_normalized
            ? ('sponsor' as const)
            : null,
        );
      if (side === 'sponsor' && invoice.status !== 'draft') return { invoice, side };
      if (side === 'organisation' && caller.kind === 'user')
        return { invoice: await organiserInvoice(caller, id), side };
      throw invoiceNotFound();
    },
  };
  return service;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
