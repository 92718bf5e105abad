// The sealed sponsor report (issue 60 point 3, decision 108): a PDF per confirmed sponsorship in its
// document language, with the event, the package, each benefit with status, dates and evidence, the
// wall figures, tickets used, and the agreement and invoice references; sealed with the platform's
// PAdES seal on the worker pool and verifiable on the agreements' verification page. Both parties
// download it; organisers mail it; the day after the event it is mailed once by itself. The only
// writer of sponsor_reports and sponsor_report_sends; the PDFs live under sponsor-reports/{id}/.
import { defineModule } from '../kit.ts';
import { createAfterEventJob, keepAfterEventJob } from './after-event-job.ts';
import { evidenceFrom } from './evidence.ts';
import { createSponsorReportRepository } from './repository.ts';
import { sponsorReportRoutes } from './routes.ts';
import { createSponsorReportService } from './service.ts';

export { afterEventJobOf } from './after-event-job.ts';

export const sponsorReportModule = defineModule({
  name: 'sponsor-report',
  ports: ['db', 'blobs', 'mail', 'config', 'log', 'clock', 'work'],
  setup: ({ db, blobs, mail, config, log, clock, work, use, onClose }) => {
    const now = clock ?? (() => new Date());
    const agreements = use('agreements');
    const sponsorships = use('sponsorships');
    const reports = createSponsorReportService({
      repo: createSponsorReportRepository(db),
      parties: use('sponsorships', 'parties'),
      byId: (id) => sponsorships.byId(id),
      sources: {
        findEvent: (eventId) => use('access', 'events').findEvent(eventId),
        chosenPackage: (id) => use('packages').chosenPackage(id),
        legalDetails: (email) => use('sponsor-profiles').legalDetails(email),
        deliverables: (id) => use('fulfilment').forReport(id),
        evidence: evidenceFrom((id) => use('fulfilment').evidenceOfSponsorship(id)),
        wallFigures: (id) => use('wall-stats').figuresOf(id),
        tickets: (id) => use('tickets').usageOf(id),
        agreement: (id) => agreements.sealedReference(id),
        invoices: (id) => use('invoices').referencesOf(id),
        publicUrl: config.publicUrl,
      },
      sealKey: () => agreements.sealKey(),
      blobs,
      mail,
      log,
      clock: now,
    });
    agreements.verifyAlso((sha256) => reports.verify(sha256));
    const job = createAfterEventJob(reports, log);
    keepAfterEventJob(db, job);
    job.start(now, work);
    onClose('preClose', () => job.stop());
    return {
      api: {},
      routes: async (app) => app.register(sponsorReportRoutes, { reports }),
    };
  },
});
