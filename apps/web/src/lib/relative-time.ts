// "vor 2 Monaten" / "2 months ago": how long ago something happened, in the interface language.
import type { Language } from '@sp/shared';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', 60 * MINUTE],
  ['minute', MINUTE],
];

/** The largest whole unit that fits, down to minutes ("this minute"); '' for an unreadable value. */
export function formatRelativeTime(
  value: Date | string | number,
  language: Language,
  now: number = Date.now(),
): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return '';
  const diff = time - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    const amount = Math.trunc(diff / size);
    if (amount !== 0 || unit === 'minute') return format.format(amount === 0 ? 0 : amount, unit);
  }
  return '';
}
