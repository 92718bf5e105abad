// The public sponsor wall's anonymous figures (issue 60 point 2, decision 102): impressions and clicks
// per sponsor logo, counted per German calendar day and placement, without cookies and without
// storing any address or other personal data.
import { z } from 'zod';

export const WALL_PLACEMENTS = ['page', 'embed'] as const;
export const ZWallPlacement = z.enum(WALL_PLACEMENTS);
export type WallPlacement = z.infer<typeof ZWallPlacement>;

/** How many days the figures screens show, and the most a request may ask for. */
export const WALL_STATS_DAYS = { default: 30, max: 400 } as const;

/** POST /public/events/{id}/wall-views: the entries one page view showed (each counted once). */
export const ZWallViewsRequest = z.object({
  placement: ZWallPlacement,
  sponsors: z.array(z.number().int().min(1).max(2_147_483_647)).max(500),
});
export type WallViewsRequest = z.infer<typeof ZWallViewsRequest>;

export const ZWallClickQuery = z.object({ placement: ZWallPlacement.default('page') });

export const ZWallStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(WALL_STATS_DAYS.max).default(WALL_STATS_DAYS.default),
});

const ZCounts = z.object({ impressions: z.number().int(), clicks: z.number().int() });
export type WallCounts = z.infer<typeof ZCounts>;

/** One day's figures (German calendar day, YYYY-MM-DD) of one placement. */
export const ZWallStatsDay = ZCounts.extend({ day: z.string(), placement: ZWallPlacement });
export type WallStatsDay = z.infer<typeof ZWallStatsDay>;

/** GET /sponsorships/{id}/wall-stats: one sponsorship's own figures (its sponsor or its organisers). */
export const ZSponsorshipWallStats = z.object({
  from: z.string(),
  to: z.string(),
  totals: ZCounts,
  days: z.array(ZWallStatsDay),
});
export type SponsorshipWallStats = z.infer<typeof ZSponsorshipWallStats>;

/** GET /event/{id}/sponsor-wall/stats: every sponsor's figures for the event's organisers. */
export const ZEventWallStats = z.object({
  from: z.string(),
  to: z.string(),
  totals: ZCounts,
  sponsors: z.array(
    ZCounts.extend({
      sponsorship_id: z.number().int(),
      name: z.string(),
      page: ZCounts,
      embed: ZCounts,
    }),
  ),
  days: z.array(ZCounts.extend({ day: z.string() })),
});
export type EventWallStats = z.infer<typeof ZEventWallStats>;
