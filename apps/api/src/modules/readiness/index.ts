// The readiness board of an event (issue 59 points 1 and 2, decision 080): one screen of what every
// sponsorship still needs, from the providers in providers.ts, and chasers in bulk through a
// persistent outbox with a per-sponsor daily limit. The only writer of chase_outbox.
import { defineModule } from '../kit.ts';
import { createOutboxJob, keepOutboxJob } from './outbox-job.ts';

/** The app's outbox job on a database handle (tests run it with their fake clock). */
export { outboxJobOf } from './outbox-job.ts';
import { createReadinessRepository, type NewChaser } from './repository.ts';
import { readinessRoutes } from './routes.ts';
import { createReadinessService } from './service.ts';

export const readinessModule = defineModule({
  name: 'readiness',
  ports: ['db', 'clock', 'mail', 'log', 'config', 'work', 'readCache'],
  setup: ({ db, clock, mail, log, config, work, readCache, use, onClose }) => {
    const repo = createReadinessRepository(db);
    const access = use('access', 'events');
    const readiness = createReadinessService({
      db,
      repo,
      access,
      defaultLanguage: config.defaultLanguage,
      ...(clock ? { clock } : {}),
    });
    const job = createOutboxJob({
      repo,
      mail,
      log,
      eventTitle: async (eventId) => (await access.findEvent(eventId))?.title ?? '',
      linkFor: async (record) => {
        const sponsor = await repo.sponsorOf(record.sponsorshipId);
        if (!sponsor || sponsor.linked) return `${config.publicUrl}/dashboard-sponsor`;
        const token = await use('invitations', 'guestLinks').mintGuestToken(
          record.organisationId,
          sponsor.emailNormalized,
          record.sponsorshipId,
        );
        if (!token) return `${config.publicUrl}/dashboard-sponsor`;
        return `${config.publicUrl}/invite-sponsor/?${new URLSearchParams({ token, email: sponsor.email }).toString()}`;
      },
    });
    keepOutboxJob(db, job);
    job.start(clock ?? (() => new Date()), work);
    onClose('preClose', () => job.stop());
    return {
      api: { queue: (chasers, at) => repo.queue(chasers, at) },
      routes: async (app) => app.register(readinessRoutes, { readiness, readCache }),
    };
  },
});

/** For the renewals module: a reminder queued in the chasers' outbox, one per sponsorship and limit key. */
export type ReadinessApi = { queue(chasers: NewChaser[], at: Date): Promise<Set<number>> };

declare module '../kit.ts' {
  interface ModuleApis {
    readiness: ReadinessApi;
  }
}
