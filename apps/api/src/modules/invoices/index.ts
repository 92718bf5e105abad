// Invoices (issue 20, decision record 026): drafts from confirmed sponsorships, issuing with the
// organisation's gap-free numbers, cancellation invoices, the readable PDF with GiroCode, ZUGFeRD and
// XRechnung, payments, overdue reminders and the sums for the dashboards. The only writer of
// invoices, invoice_payments and invoice_counters.
import type { OrganiserTasksWire } from '@sp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { BillingSettings } from '../billing/index.ts';
import { defineModule } from '../kit.ts';
import { createDocumentStore } from './documents.ts';
import { createEventDrafts } from './event-drafts.ts';
import { createJobsRepository } from './jobs-repository.ts';
import { invoiceJobsRoutes } from './jobs-routes.ts';
import { createInvoiceJobs, keepInvoiceJobs } from './jobs.ts';
import { createInvoiceReads } from './reads.ts';
import { createManualReminder } from './remind.ts';
import { createRemindersJob, keepRemindersJob } from './reminders-job.ts';
import { createInvoicesRepository } from './repository.ts';
import { invoicesRoutes } from './routes.ts';
import { outstandingOf } from './wire.ts';
import { createInvoicesService } from './service.ts';

export { invoicesExport } from './data-export.ts';
/** The invoice's status as shown (overdue: issued, unpaid and past its due date), for other modules' reads. */
export { statusOf as invoiceStatusOf } from './wire.ts';

/**
 * Runs the payment reminders once as of `at`, of every organisation or of one: the operator command
 * (`npm run admin -- invoices send-reminders`); the server runs the same job every hour. The reminder count's conditional update
 * keeps a stage from going out twice when both run.
 */
export function sendInvoiceReminders(
  deps: {
    db: Db;
    settingsOf: (organisationId: number) => Promise<BillingSettings | null>;
    mail: MailPort;
    log: FastifyBaseLogger;
  },
  at: Date,
  organisationId?: number,
): Promise<{ sent: number }> {
  const { db, ...rest } = deps;
  return createRemindersJob({ repo: createInvoicesRepository(db), ...rest }).run(at, organisationId);
}

export type InvoicesApi = {
  /** When an organisation is deleted: its drafts go; issued invoices are kept for the retention period. */
  forgetDrafts(organisationId: number): Promise<void>;
  /** For the tasks module: the organisation's overdue invoices with what is still open. */
  overdue(organisationId: number, at: Date): Promise<OrganiserTasksWire['overdue_invoices']>;
  /** For the sponsor report: the sponsorship's issued invoices and cancellations (no drafts), oldest first. */
  referencesOf(sponsorshipId: number): Promise<
    Array<{
      number: string;
      kind: 'invoice' | 'cancellation';
      status: 'issued' | 'paid' | 'cancelled';
      invoiceDate: string | null;
      grossCents: number;
      paidCents: number;
    }>
  >;
};

export const invoicesModule = defineModule({
  name: 'invoices',
  ports: ['db', 'blobs', 'clock', 'mail', 'log', 'work'],
  setup: ({ db, blobs, clock, mail, log, work, use, onClose }) => {
    const repo = createInvoicesRepository(db);
    const documents = createDocumentStore({ repo, blobs });
    const settingsOf = (organisationId: number) => use('billing').settingsOf(organisationId);
    const access = use('access', 'events');
    const sponsorships = use('sponsorships', 'parties');
    const service = createInvoicesService({
      repo,
      documents,
      settingsOf,
      access,
      sponsorships,
      profiles: use('profiles'),
      legalDetails: (email) => use('sponsor-profiles').legalDetails(email),
      packages: use('packages'),
      mail,
      log,
      clock,
    });
    const reads = createInvoiceReads({ repo, service, documents, access, sponsorships, clock });
    const eventDrafts = createEventDrafts({
      repo,
      access,
      createDraft: (caller, id) => service.createDraft(caller, id),
    });
    const remind = createManualReminder({
      repo,
      organiserInvoice: (caller, id) => service.organiserInvoice(caller, id),
      mail,
      clock,
    });
    const job = createRemindersJob({ repo, settingsOf, mail, log });
    keepRemindersJob(db, job);
    job.start(clock ?? (() => new Date()), work);
    onClose('preClose', () => job.stop());
    const announce = (id: number) => use('sponsorships').announceChange(id, ['invoices']);
    const invoiceJobs = createInvoiceJobs({
      jobs: createJobsRepository(db),
      repo,
      service,
      access,
      announce,
      log,
      clock,
    });
    keepInvoiceJobs(db, invoiceJobs);
    invoiceJobs.start(clock ?? (() => new Date()), work);
    onClose('preClose', async () => {
      await invoiceJobs.stop();
      await invoiceJobs.settled();
    });
    return {
      api: {
        forgetDrafts: repo.deleteDraftsOf,
        referencesOf: async (sponsorshipId) =>
          (await repo.list({ sponsorshipId, notDraft: true })).reverse().map((r) => ({
            number: r.number ?? '',
            kind: r.kind,
            status: r.status === 'draft' ? 'issued' : r.status,
            invoiceDate: r.invoice_date,
            grossCents: r.gross_cents,
            paidCents: r.paid_cents,
          })),
        overdue: async (organisationId, at) =>
          (await repo.overdue(germanDay(at), organisationId))
            .filter((r) => outstandingOf(r) > 0)
            .map((r) => ({
              id: r.id,
              number: r.number ?? '',
              event_id: r.event_id,
              event_title: r.event_title,
              sponsor_email: r.sponsor_email,
              outstanding_cents: outstandingOf(r),
              due_date: r.due_date ?? '',
            })),
      },
      routes: async (app) => {
        await app.register(invoicesRoutes, { service, reads, eventDrafts, remind, announce });
        await app.register(invoiceJobsRoutes, { jobs: invoiceJobs });
      },
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    invoices: InvoicesApi;
  }
}
