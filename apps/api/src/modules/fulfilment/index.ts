// Fulfilment (issue 18, point 3): a confirmed sponsorship's benefits as deliverables, worked by the
// organisation and fed by the sponsor, with comments and an activity log; overdue ones reach open
// tasks, alerts and a daily digest; each takes delivery evidence the sponsor sees and reacts to
// (issue 60, point 1; decision 107). The only writer of deliverables, deliverable_comments,
// deliverable_activity, fulfilment_sends, deliverable_evidence and deliverable_evidence_comments.
import { germanDay } from '../../lib/calendar.ts';
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createNumbersRepository, numbersRoutes } from '../packages/index.ts';
import type { SponsorshipCaller, SponsorshipSide } from '../sponsorships/index.ts';
import { createEvidenceRepository } from './evidence-repository.ts';
import { evidenceRoutes } from './evidence-routes.ts';
import { createEvidenceService } from './evidence-service.ts';
import { createOverdueJob, keepOverdueJob } from './overdue-job.ts';
import { createFulfilmentRepository, type ActivityEntry, type DeliverableRecord } from './repository.ts';
import { evidenceOfSponsorship } from './evidence-report.ts';
import { fulfilmentRoutes } from './routes.ts';
import { createFulfilmentService } from './service.ts';

export type FulfilmentApi = {
  /** For the tasks module: the organisation's overdue deliverables. */
  overdue(
    organisationId: number,
    at: Date,
  ): Promise<
    Array<{ id: number; event_id: number; event_title: string; sponsor_email: string; title: string; due_date: string }>
  >;
  /** For the assets module: the deliverable and the caller's side of it; 404 for anyone else. */
  reach(caller: SponsorshipCaller, id: number): Promise<{ deliverable: DeliverableRecord; side: SponsorshipSide }>;
  /** For the assets module: logs its changes in the deliverable's activity, inside its transaction. */
  recordActivity(trx: Db, entries: ActivityEntry[]): Promise<void>;
  /**
   * For the assets module: a check of the sponsor's text before it is kept (the spec's text limit,
   * decision 089); it throws to refuse. Set once at its setup.
   */
  checkInputWith(check: InputCheck): void;
  /**
   * For the sponsor report: the sponsorship's deliverables in their order, each with when it was
   * last marked done (from its activity log; null when it is not done).
   */
  forReport(sponsorshipId: number): Promise<Array<DeliverableRecord & { doneAt: Date | null }>>;
  /**
   * For the sponsor report (issue 60, point 3): a sponsorship's deliverables in their order, each with
   * its evidence oldest first. No caller is checked: the report decides who may see it. A photo's or
   * screenshot's `image(size)` reads its stored JPEG (re-encoded, no metadata; `thumb` at most 480 px,
   * `full` 2048 px a side); null for a link or note, or when its bytes are gone.
   */
  evidenceOfSponsorship(sponsorshipId: number): Promise<DeliverableEvidence[]>;
};

export type DeliverableEvidence = {
  deliverableId: number;
  title: string;
  status: DeliverableRecord['status'];
  evidence: Array<{
    id: number;
    kind: 'photo' | 'screenshot' | 'link' | 'note';
    note: string | null;
    url: string | null;
    width: number | null;
    height: number | null;
    addedAt: Date;
    thumbsUp: boolean;
    comments: number;
    image(size: 'thumb' | 'full'): Promise<Buffer | null>;
  }>;
};

export type InputCheck = (deliverableId: number, text: string) => Promise<void>;

export type { ActivityEntry, DeliverableRecord } from './repository.ts';

export type FulfilmentProgress = { done: number; total: number; overdue: number };

export const fulfilmentModule = defineModule({
  name: 'fulfilment',
  ports: ['db', 'clock', 'events', 'mail', 'log', 'config', 'work', 'blobs'],
  setup: ({ db, clock, events, mail, log, config, work, blobs, use, onClose }) => {
    const repo = createFulfilmentRepository(db);
    const evidenceRepo = createEvidenceRepository(db, repo.recordActivity);
    let inputCheck: InputCheck | null = null;
    const fulfilment = createFulfilmentService({
      repo,
      checkInput: async (id, text) => inputCheck?.(id, text),
      sponsorships: use('sponsorships', 'parties'),
      events: use('access', 'events'),
      packages: use('packages'),
      profiles: use('sponsor-profiles'),
      ...(clock ? { clock } : {}),
    });
    const evidence = createEvidenceService({
      repo: evidenceRepo,
      reach: fulfilment.reach,
      sponsorships: use('sponsorships', 'parties'),
      store: blobs,
      ...(clock ? { clock } : {}),
    });
    events.subscribe('sponsorship.activity', fulfilment.onSponsorshipActivity);
    events.subscribe('sponsor-profile.logo-set', fulfilment.onLogoSet);
    const job = createOverdueJob({
      repo,
      mail,
      events,
      log,
      publicUrl: config.publicUrl,
      defaultLanguage: config.defaultLanguage,
    });
    keepOverdueJob(db, job);
    job.start(clock ?? (() => new Date()), work);
    onClose('preClose', () => job.stop());
    /** For the sponsoring numbers: per event id, deliverables done (or waived) of all, and overdue. */
    const progress = async (organisationId: number, at: Date): Promise<Map<number, FulfilmentProgress>> => {
      const rows = await repo.summary(organisationId, germanDay(at));
      return new Map(rows.map(({ event_id, ...done }) => [event_id, done]));
    };
    return {
      api: {
        async overdue(organisationId, at) {
          return (await repo.overdue(germanDay(at), organisationId)).map((d) => ({
            id: d.id,
            event_id: d.eventId,
            event_title: d.eventTitle,
            sponsor_email: d.sponsorEmail,
            title: d.title,
            due_date: d.dueDate ?? '',
          }));
        },
        reach: fulfilment.reach,
        async forReport(sponsorshipId) {
          const [records, activity] = await Promise.all([repo.list({ sponsorshipId }), repo.activity([sponsorshipId])]);
          const doneAt = new Map<number, Date>();
          for (const entry of activity) {
            if (entry.deliverable_id !== null && entry.kind === 'status_changed' && entry.detail?.endsWith('→ done'))
              doneAt.set(entry.deliverable_id, entry.at);
          }
          return records.map((d) => ({ ...d, doneAt: d.status === 'done' ? (doneAt.get(d.id) ?? null) : null }));
        },
        recordActivity: repo.recordActivity,
        checkInputWith(check) {
          inputCheck = check;
        },
        evidenceOfSponsorship: (sponsorshipId) => evidenceOfSponsorship(repo, evidenceRepo, blobs, sponsorshipId),
      },
      routes: async (app) => {
        const announce = (id: number) => use('sponsorships').announceChange(id, ['deliverables']);
        await app.register(fulfilmentRoutes, { fulfilment, announce });
        await app.register(evidenceRoutes, { evidence, announce });
        // The packages module's sponsoring numbers with this module's progress (decision 104).
        await app.register(numbersRoutes, {
          repo: createNumbersRepository(db),
          access: use('access', 'events'),
          fulfilmentOf: (organisationId) => progress(organisationId, clock ? clock() : new Date()),
        });
      },
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    fulfilment: FulfilmentApi;
  }
}
