// Table types of the wall-stats module (migration 0057) and the sponsor-view module's notes (0061), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { WallPlacement } from '@sp/shared';
import type { DbTime } from './schema.ts';

export type WallStatsTable = {
  event_id: number;
  sponsorship_id: number;
  /** The German calendar day, YYYY-MM-DD. */
  day: string;
  placement: WallPlacement;
  impressions: number;
  clicks: number;
};

/** The organiser team's private notes on a sponsor address (migration 0061, decision 109). */
export type SponsorNotesTable = {
  id: Generated<number>;
  organisation_id: number;
  sponsor_email_normalized: string;
  text: string;
  author_sub: string;
  author_email: string;
  created_at: DbTime;
};

export type WallStatsTables = { wall_stats: WallStatsTable; sponsor_notes: SponsorNotesTable };
