// The public sponsor wall's anonymous figures (issue 60 point 2, decision 102): impressions and
// clicks per wall entry, day and placement, counted in memory and written in batches, read by the
// event's organisers and by each sponsor for their own sponsorship. The only writer of wall_stats.
import { defineModule } from '../kit.ts';
import { createWallCounter } from './counter.ts';
import { createWallStatsRepository } from './repository.ts';
import { wallStatsRoutes } from './routes.ts';
import { createWallStatsService } from './service.ts';

export const wallStatsModule = defineModule({
  name: 'wall-stats',
  ports: ['db', 'clock', 'config', 'log'],
  setup: ({ db, clock, config, log, use, onClose }) => {
    const now = clock ?? (() => new Date());
    const counter = createWallCounter({
      db,
      clock: now,
      flushMs: config.wallStatsFlushMs,
      onError: (error) => log.warn({ err: error }, 'wall figures not written; kept for the next batch'),
    });
    // Written before the database closes: a process that is stopped loses nothing it counted.
    onClose('preClose', () => counter.close());
    const stats = createWallStatsService({
      repo: createWallStatsRepository(db),
      counter,
      wallEntries: (eventId) => use('sponsor-profiles').wallEntries(eventId),
      events: use('access', 'events'),
      parties: use('sponsorships', 'parties'),
      clock: now,
    });
    return {
      api: {},
      routes: async (app) => app.register(wallStatsRoutes, { stats, limit: config.wallStatsLimit }),
    };
  },
});
