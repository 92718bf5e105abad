// Table types of the sponsor-report module (migration 0060), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type SponsorReportsTable = {
  id: Generated<number>;
  sponsorship_id: number;
  organisation_id: number;
  sha256: string;
  /** SHA-256 of the canonical JSON of the data the report was made from. */
  input_sha256: string;
  blob_key: string;
  size: number;
  language: 'de' | 'en';
  sealed_at: DbTime;
};

export type SponsorReportSendsTable = {
  sponsorship_id: number;
  claimed_at: DbTime;
  sent_at: DbTime | null;
};

export type SponsorReportTables = {
  sponsor_reports: SponsorReportsTable;
  sponsor_report_sends: SponsorReportSendsTable;
};
