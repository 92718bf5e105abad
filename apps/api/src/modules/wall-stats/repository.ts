// Reads of the wall's figures (the counter writes them). Days are German calendar days as text
// (YYYY-MM-DD), so a range is a plain string comparison on both engines.
import type { WallPlacement } from '@sp/shared';
import type { Db } from '../../db/index.ts';

export type WallStatsRow = {
  sponsorshipId: number;
  day: string;
  placement: WallPlacement;
  impressions: number;
  clicks: number;
};

export function createWallStatsRepository(db: Db) {
  const rows = async (where: { eventId?: number; sponsorshipId?: number }, from: string, to: string) => {
    let query = db
      .selectFrom('wall_stats')
      .select(['sponsorship_id', 'day', 'placement', 'impressions', 'clicks'])
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (where.eventId !== undefined) query = query.where('event_id', '=', where.eventId);
    if (where.sponsorshipId !== undefined) query = query.where('sponsorship_id', '=', where.sponsorshipId);
    const found = await query.orderBy('day').orderBy('placement').execute();
    return found.map((r): WallStatsRow => ({
      sponsorshipId: r.sponsorship_id,
      day: r.day,
      placement: r.placement,
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
    }));
  };

  return {
    ofEvent: (eventId: number, from: string, to: string) => rows({ eventId }, from, to),
    ofSponsorship: (sponsorshipId: number, from: string, to: string) => rows({ sponsorshipId }, from, to),

    /** The names the organisers know their sponsors by, for the event's sponsorships with figures. */
    async sponsorNames(eventId: number): Promise<Map<number, string>> {
      const found = await db
        .selectFrom('sponsorships as s')
        .leftJoin('sponsor_profiles as p', 'p.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('sponsor_legal_details as l', 'l.email_normalized', 's.sponsor_email_normalized')
        .select(['s.id', 's.sponsor_email', 'p.public_name', 'l.legal_name'])
        .where('s.event_id', '=', eventId)
        .execute();
      return new Map(found.map((r) => [r.id, r.public_name || r.legal_name || r.sponsor_email]));
    },
  };
}

export type WallStatsRepository = ReturnType<typeof createWallStatsRepository>;
