// Table types of the calendar-feeds module (migration 0043), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type CalendarFeedKind = 'organisation' | 'person' | 'sponsor';

export type CalendarFeedsTable = {
  id: Generated<number>;
  organisation_id: number;
  kind: CalendarFeedKind;
  /** The person's account id (a person feed), else null. */
  person_id: string | null;
  /** The sponsorship (a sponsor feed), else null. */
  sponsorship_id: number | null;
  /** One live feed per scope: `organisation:<org>`, `person:<org>:<account>`, `sponsor:<sponsorship>`. */
  scope_key: string;
  /** SHA-256 (hex) of the feed's token; the token itself is shown once. */
  token_hash: string;
  /** The language of the entries' titles. */
  language: 'de' | 'en';
  created_by: string;
  created_at: DbTime;
  revoked_at: DbTime | null;
};

export type CalendarFeedTables = { calendar_feeds: CalendarFeedsTable };
