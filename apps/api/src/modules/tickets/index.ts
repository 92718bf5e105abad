// Named sponsor tickets and check-in (issue 59 point 5, decision 081): the sponsor names people for the
// seats of a tickets benefit, each gets a mail with a signed QR code and a calendar file, the door
// checks them in once, the organiser lists and exports them. The only writer of ticket_holders.
import { defineModule } from '../kit.ts';
import { TICKET_CODES } from './codes.ts';
import { createTicketsRepository } from './repository.ts';
import { createRetentionJob, keepRetentionJob } from './retention-job.ts';
import { ticketsRoutes } from './routes.ts';
import { createTicketsService } from './service.ts';

export { ticketReadiness } from './readiness.ts';
export { namingDeadline } from './service.ts';

export type TicketsApi = {
  /** For the sponsor report: seats agreed, people named and people checked in at the door. */
  usageOf(sponsorshipId: number): Promise<{ seats: number; named: number; checkedIn: number }>;
};

export const ticketsModule = defineModule({
  name: 'tickets',
  ports: ['db', 'clock', 'mail', 'log', 'config', 'tokenKeys', 'work'],
  setup: ({ db, clock, mail, log, config, tokenKeys, work, use, onClose }) => {
    const repo = createTicketsRepository(db);
    // Attendee data is erased 90 days after the event (decision 086).
    const retention = createRetentionJob({ repo, log });
    keepRetentionJob(db, retention);
    retention.start(clock ?? (() => new Date()), work);
    onClose('preClose', () => retention.stop());
    const tickets = createTicketsService({
      repo,
      sponsorships: use('sponsorships', 'parties'),
      events: use('access', 'events'),
      mail,
      keys: tokenKeys(TICKET_CODES),
      publicUrl: config.publicUrl,
      defaultLanguage: config.defaultLanguage,
      log,
      ...(clock ? { clock } : {}),
    });
    return {
      api: {
        async usageOf(sponsorshipId) {
          const [benefits, holders] = await Promise.all([
            repo.benefits({ sponsorshipId }),
            repo.holders({ sponsorshipId }),
          ]);
          return {
            seats: benefits.reduce((total, b) => total + b.quota, 0),
            named: holders.length,
            checkedIn: holders.filter((h) => h.checkedInAt !== null).length,
          };
        },
      },
      routes: async (app) =>
        app.register(ticketsRoutes, {
          tickets,
          announce: (id) => use('sponsorships').announceChange(id, ['deliverables']),
          checkInLimit: config.checkInLimit,
        }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    tickets: TicketsApi;
  }
}
