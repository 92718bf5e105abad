// The product's calendar is Germany's. An invoice issued at 00:30 on 1 January in Berlin is dated
// 1 January and numbered in the new year's series (§ 14 (4) UStG: the date of issue), a deliverable
// due on 28 November is overdue from midnight in Berlin, and a retention period starts at the end
// of the German calendar year (decision 010). UTC would put the first hour of every German day
// (two in summer) on the day before.

const GERMANY = 'Europe/Berlin';

// Made once: creating an Intl formatter costs far more than using one. en-CA writes YYYY-MM-DD.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: GERMANY,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) of a moment in Germany. */
export function germanDay(at: Date): string {
  const parts = dayFormat.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar year of a moment in Germany. */
export const germanYear = (at: Date): number => Number(germanDay(at).slice(0, 4));

/** The calendar day `days` after `day` (YYYY-MM-DD; negative goes back). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
