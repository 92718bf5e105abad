// The sponsorship figures (issue 55, docs/glossary.md): which sponsorships each figure counts, said once.
// The API's SQL (apps/api/src/modules/sponsorships/figures.ts) is built from these lists, and a screen
// that adds up sponsorships it already holds (the sponsor's dashboard) uses `tallySponsorships`, so a
// figure means the same on every screen, in the CSV and in both languages.
import { OPEN_SPONSORSHIP_STATUSES, type SponsorshipStatus } from './schemas/sponsorships.ts';

/** Committed ("zugesagt"): both sides agreed, the organiser confirmed. Also the count of sponsors. */
export const COMMITTED_STATUSES = ['confirmed'] as const satisfies readonly SponsorshipStatus[];

/**
 * In negotiation ("in Verhandlung"): still open (invited, agreement downloaded, signed but not yet
 * confirmed), with the amount of the chosen package or the one offered.
 */
export const IN_NEGOTIATION_STATUSES = OPEN_SPONSORSHIP_STATUSES;

/** Which money figure a sponsorship's amount counts in; ended ones (declined, withdrawn) count in none. */
export type MoneyFigure = 'committed' | 'in_negotiation';

export function moneyFigureOf(status: SponsorshipStatus): MoneyFigure | null {
  if ((COMMITTED_STATUSES as readonly SponsorshipStatus[]).includes(status)) return 'committed';
  if ((IN_NEGOTIATION_STATUSES as readonly SponsorshipStatus[]).includes(status)) return 'in_negotiation';
  return null;
}

/** The figures of a set of sponsorships, named as on the wire. */
export type SponsorshipFigures = {
  /** Sponsors ("Sponsoren"): committed sponsorships, counted. */
  sponsor_amount: number;
  committed_cents: number;
  in_negotiation_cents: number;
  /** Open sponsorships ("offene Sponsorings"): those in negotiation, counted, with or without an amount. */
  open_sponsorships: number;
};

export const NO_SPONSORSHIP_FIGURES: SponsorshipFigures = Object.freeze({
  sponsor_amount: 0,
  committed_cents: 0,
  in_negotiation_cents: 0,
  open_sponsorships: 0,
});

/** The figures of sponsorships already at hand (a missing amount counts as 0). */
export function tallySponsorships(
  sponsorships: readonly { status: SponsorshipStatus; amountCents: number | null }[],
): SponsorshipFigures {
  const figures = { ...NO_SPONSORSHIP_FIGURES };
  for (const { status, amountCents } of sponsorships) {
    const figure = moneyFigureOf(status);
    if (figure === 'committed') {
      figures.sponsor_amount += 1;
      figures.committed_cents += amountCents ?? 0;
    } else if (figure === 'in_negotiation') {
      figures.open_sponsorships += 1;
      figures.in_negotiation_cents += amountCents ?? 0;
    }
  }
  return figures;
}
