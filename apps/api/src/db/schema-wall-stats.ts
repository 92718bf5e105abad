// Table types of the wall-stats module (migration 0057), beside schema.ts to keep each file short.
import type { WallPlacement } from '@sp/shared';

export type WallStatsTable = {
  event_id: number;
  sponsorship_id: number;
  /** The German calendar day, YYYY-MM-DD. */
  day: string;
  placement: WallPlacement;
  impressions: number;
  clicks: number;
};

export type WallStatsTables = { wall_stats: WallStatsTable };
