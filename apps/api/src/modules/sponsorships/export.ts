// An event's sponsors as CSV for the organiser's spreadsheet (a list for the team, name badges,
// accounting): one row per sponsorship in the order of invitation, with the company's legal name and
// public name where the sponsor entered them. Codes, not translations, as in the
// invoices export: a sheet that sorts and filters by status should not change with the language.
// `figure` names the sum the row's amount counts in (committed, in_negotiation, or none once ended),
// by the same rule as the screens (docs/glossary.md), so a pivot by it gives the screens' figures.
import { moneyFigureOf } from '@sp/shared';
import { csvDocument } from '../../lib/csv.ts';
import type { ExportDetails, SponsorshipRecord } from './repository.ts';

const COLUMNS = [
  'sponsor_email',
  'company',
  'public_name',
  'status',
  'package',
  'amount',
  'figure',
  'invited_at',
  'updated_at',
] as const;

/** Cents as a decimal with a point (what spreadsheets and accounting imports read). */
const amount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

export function sponsorshipsCsv(records: readonly SponsorshipRecord[], details: Map<number, ExportDetails>): string {
  return csvDocument(
    COLUMNS,
    records.map((r) => [
      r.sponsorEmail,
      details.get(r.id)?.legalName ?? '',
      details.get(r.id)?.publicName ?? '',
      r.status,
      details.get(r.id)?.packageName ?? '',
      amount(r.amountCents),
      moneyFigureOf(r.status) ?? '',
      r.createdAt.toISOString(),
      r.updatedAt.toISOString(),
    ]),
  );
}
