// The public sponsor wall's anonymous figures (issue 60 point 2, decision 102): impressions and
// clicks per wall entry, day and placement, counted in memory and written in batches, read by the
// event's organisers and by each sponsor for their own sponsorship. The only writer of wall_stats.
import type { WallCounts } from '@sp/shared';
import { defineModule } from '../kit.ts';
import { createWallCounter } from './counter.ts';
import { createWallStatsRepository } from './repository.ts';
import { wallStatsRoutes } from './routes.ts';
import { createWallStatsService } from './service.ts';

export type WallStatsApi = {
  /**
   * For the sponsor report: a sponsorship's figures over all days counted (the first and last day
   * with figures, null when none), in total and per placement. Counts written so far: what this
   * process still holds in memory for the next batch is not in them.
   */
  figuresOf(
    sponsorshipId: number,
  ): Promise<WallCounts & { from: string | null; to: string | null; page: WallCounts; embed: WallCounts }>;
};

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
    const repo = createWallStatsRepository(db);
    const stats = createWallStatsService({
      repo,
      counter,
      wallEntries: (eventId) => use('sponsor-profiles').wallEntries(eventId),
      events: use('access', 'events'),
      parties: use('sponsorships', 'parties'),
      clock: now,
    });
    return {
      api: {
        async figuresOf(sponsorshipId) {
          const rows = await repo.ofSponsorship(sponsorshipId, '0000-01-01', '9999-12-31');
          const sum = (placement?: string) => {
            const own = rows.filter((r) => placement === undefined || r.placement === placement);
            return {
              impressions: own.reduce((total, r) => total + r.impressions, 0),
              clicks: own.reduce((total, r) => total + r.clicks, 0),
            };
          };
          const days = rows.map((r) => r.day).sort();
          return { ...sum(), page: sum('page'), embed: sum('embed'), from: days[0] ?? null, to: days.at(-1) ?? null };
        },
      },
      routes: async (app) => app.register(wallStatsRoutes, { stats, limit: config.wallStatsLimit }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    'wall-stats': WallStatsApi;
  }
}
