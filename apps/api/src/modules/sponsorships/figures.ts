// The sponsorship figures in SQL (issue 55, docs/glossary.md): one aggregate per figure, built from the
// status lists of @sp/shared's figures.ts, over the `sponsorships` table aliased `s`. The event list and
// page read them per event here; the sponsoring numbers (packages) group the same aggregates by
// package and event; the CSV names each row's figure with `moneyFigureOf`. Nothing else adds up
// sponsorships, so no screen can call a different sum "committed".
import { sql, type RawBuilder } from 'kysely';
import {
  COMMITTED_STATUSES,
  IN_NEGOTIATION_STATUSES,
  NO_SPONSORSHIP_FIGURES,
  type SponsorshipFigures,
  type SponsorshipStatus,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';

type Aggregate = RawBuilder<string | number | bigint | null>;

const among = (statuses: readonly SponsorshipStatus[]) => sql.join(statuses.map((status) => sql.lit(status)));
const countOf = (statuses: readonly SponsorshipStatus[]): Aggregate =>
  sql`count(case when s.status in (${among(statuses)}) then 1 end)`;
const amountOf = (statuses: readonly SponsorshipStatus[]): Aggregate =>
  sql`sum(case when s.status in (${among(statuses)}) then s.amount_cents end)`;

/** The aggregates, one per figure, for a query that reads `sponsorships as s` and groups its rows. */
export function sponsorshipFigureColumns() {
  return [
    countOf(COMMITTED_STATUSES).as('sponsor_amount'),
    amountOf(COMMITTED_STATUSES).as('committed_cents'),
    amountOf(IN_NEGOTIATION_STATUSES).as('in_negotiation_cents'),
    countOf(IN_NEGOTIATION_STATUSES).as('open_sponsorships'),
  ] as const;
}

type FigureRow = Partial<Record<keyof SponsorshipFigures, string | number | bigint | null>>;

/** A row of those aggregates as numbers (a sum over no rows is null; PostgreSQL answers bigints as text). */
export function toSponsorshipFigures(row: FigureRow): SponsorshipFigures {
  const n = (value: string | number | bigint | null | undefined) => Number(value ?? 0);
  return {
    sponsor_amount: n(row.sponsor_amount),
    committed_cents: n(row.committed_cents),
    in_negotiation_cents: n(row.in_negotiation_cents),
    open_sponsorships: n(row.open_sponsorships),
  };
}

export type SponsorshipFiguresReader = {
  /** Per event id asked for; an event without sponsorships has all figures 0. */
  ofEvents(eventIds: readonly number[]): Promise<Map<number, SponsorshipFigures>>;
};

export function createSponsorshipFigures(db: Db): SponsorshipFiguresReader {
  return {
    async ofEvents(eventIds) {
      const figures = new Map<number, SponsorshipFigures>(eventIds.map((id) => [id, NO_SPONSORSHIP_FIGURES]));
      if (eventIds.length === 0) return figures;
      const rows = await db
        .selectFrom('sponsorships as s')
        .select('s.event_id')
        .select(sponsorshipFigureColumns())
        .where('s.event_id', 'in', [...eventIds])
        .groupBy('s.event_id')
        .execute();
      for (const row of rows) figures.set(row.event_id, toSponsorshipFigures(row));
      return figures;
    },
  };
}
