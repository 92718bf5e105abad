// The wall's anonymous figures (issue 60 point 2, decision 102): what the public wall counts and who
// may read the sums. Counting accepts only entries the wall shows now (so nobody can fill the table
// with made-up ids) and leaves out obvious robots; the figures go to the event's organisers (every
// sponsor) and to each sponsor (only their own sponsorship).
import type { EventWallStats, SponsorshipWallStats, WallCounts, WallPlacement } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { addDays, germanDay } from '../../lib/calendar.ts';
import type { Caller, EventAccess } from '../access/index.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import type { WallCounter } from './counter.ts';
import type { WallStatsRepository, WallStatsRow } from './repository.ts';

type Deps = {
  repo: WallStatsRepository;
  counter: WallCounter;
  /** The entries the public wall shows now; 404 when it is not public. */
  wallEntries: (eventId: number) => Promise<ReadonlyMap<number, string | null>>;
  events: EventAccess;
  parties: SponsorshipParties;
  clock: () => Date;
};

const sum = (rows: readonly WallCounts[]): WallCounts => ({
  impressions: rows.reduce((total, r) => total + r.impressions, 0),
  clicks: rows.reduce((total, r) => total + r.clicks, 0),
});

export function createWallStatsService(deps: Deps) {
  const range = (days: number) => {
    const to = germanDay(deps.clock());
    return { from: addDays(to, -(days - 1)), to };
  };

  return {
    /** One page view of the wall: each entry shown counts once; ids not on the wall are ignored. */
    async view(eventId: number, placement: WallPlacement, sponsorshipIds: readonly number[], robot: boolean) {
      const entries = await deps.wallEntries(eventId);
      if (robot) return;
      const shown = new Set(sponsorshipIds.filter((id) => entries.has(id)));
      deps.counter.impressions(eventId, shown, placement);
    },

    /** A click on an entry: where it leads (its website), counted unless a robot followed it. */
    async click(eventId: number, sponsorshipId: number, placement: WallPlacement, robot: boolean): Promise<string> {
      const website = (await deps.wallEntries(eventId)).get(sponsorshipId);
      if (!website) throw fail('sponsor-wall.not-found', 'No sponsor wall here');
      if (!robot) deps.counter.click(eventId, sponsorshipId, placement);
      return website;
    },

    async ofEvent(caller: Caller, eventId: number, days: number): Promise<EventWallStats> {
      await deps.events.organiserEvent(caller, eventId);
      const { from, to } = range(days);
      const [rows, names] = await Promise.all([deps.repo.ofEvent(eventId, from, to), deps.repo.sponsorNames(eventId)]);
      const bySponsor = new Map<number, WallStatsRow[]>();
      const byDay = new Map<string, WallStatsRow[]>();
      for (const row of rows) {
        bySponsor.set(row.sponsorshipId, [...(bySponsor.get(row.sponsorshipId) ?? []), row]);
        byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
      }
      const sponsors = [...bySponsor].map(([id, own]) => ({
        sponsorship_id: id,
        name: names.get(id) ?? '',
        ...sum(own),
        page: sum(own.filter((r) => r.placement === 'page')),
        embed: sum(own.filter((r) => r.placement === 'embed')),
      }));
      sponsors.sort((a, b) => b.impressions - a.impressions || a.name.localeCompare(b.name, 'de'));
      return {
        from,
        to,
        totals: sum(rows),
        sponsors,
        days: [...byDay].map(([day, own]) => ({ day, ...sum(own) })),
      };
    },

    /** A sponsorship's own figures, for its sponsor (guest link or account) or its organisers. */
    async ofSponsorship(caller: SponsorshipCaller, sponsorshipId: number, days: number): Promise<SponsorshipWallStats> {
      await deps.parties.visible(caller, sponsorshipId);
      const { from, to } = range(days);
      const rows = await deps.repo.ofSponsorship(sponsorshipId, from, to);
      return {
        from,
        to,
        totals: sum(rows),
        days: rows.map((r) => ({ day: r.day, placement: r.placement, impressions: r.impressions, clicks: r.clicks })),
      };
    },
  };
}

export type WallStatsService = ReturnType<typeof createWallStatsService>;
