// Calendar feeds (issue 59 point 7, decision 088): subscribable ICS feeds of the dates that matter —
// event days, deliverable due dates, ticket-naming deadlines, invoice due dates — per organisation,
// per person responsible and per sponsorship, behind secret links that can be rotated and revoked.
// The only writer of calendar_feeds.
import { defineModule } from '../kit.ts';
import { createCalendarFeedsRepository } from './repository.ts';
import { calendarFeedsRoutes } from './routes.ts';
import { createCalendarFeedsService } from './service.ts';

export const calendarFeedsModule = defineModule({
  name: 'calendar-feeds',
  ports: ['db', 'clock', 'config'],
  setup: ({ db, clock, config, use }) => {
    const feeds = createCalendarFeedsService({
      repo: createCalendarFeedsRepository(db),
      sponsorships: use('sponsorships', 'parties'),
      events: use('access', 'events'),
      publicUrl: config.publicUrl,
      ...(clock ? { clock } : {}),
    });
    return {
      api: {},
      routes: async (app) => app.register(calendarFeedsRoutes, { feeds }),
    };
  },
});
