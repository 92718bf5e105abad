// Typing and reading calendar dates in the order and separator of a locale (de-DE: 05.03.2025,
// en-GB: 05/03/2025). Dates are ISO strings (YYYY-MM-DD) and computed in UTC so that no time
// zone ever moves them by a day.

export type DatePart = 'day' | 'month' | 'year';
export type DatePattern = { order: readonly DatePart[]; separator: string };

const SEGMENT_LENGTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
const ANY_SEPARATOR = /[./\-\s]+/g;

/** The order of day, month and year and their separator in `locale`'s numeric date format. */
export function datePattern(locale: string): DatePattern {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2025, 2, 5)));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '.';
  return order.length === 3 ? { order, separator } : { order: ['day', 'month', 'year'], separator: '.' };
}

/** The placeholder letters, e.g. TT.MM.JJJJ, from one letter per part. */
export function datePlaceholder(pattern: DatePattern, letters: Record<DatePart, string>): string {
  return pattern.order.map((part) => letters[part].repeat(SEGMENT_LENGTH[part])).join(pattern.separator);
}

/** A complete ISO calendar date as the pickers hand it on (YYYY-MM-DD). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isoFromParts(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export function partsFromIso(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoFromParts(year, month, day) ? { year, month, day } : null;
}

/** An ISO date as the user reads it (05.03.2025); '' for anything that is not a date. */
export function formatDateInput(iso: string, pattern: DatePattern): string {
  const parts = partsFromIso(iso);
  if (!parts) return '';
  return pattern.order.map((part) => String(parts[part]).padStart(SEGMENT_LENGTH[part], '0')).join(pattern.separator);
}

/** What the user typed as an ISO date, or null when it is not a complete, real date. */
export function parseDateInput(text: string, pattern: DatePattern): string | null {
  const segments = text.trim().split(ANY_SEPARATOR);
  if (segments.length !== 3 || segments.some((segment) => !/^\d+$/.test(segment))) return null;
  const value: Partial<Record<DatePart, string>> = {};
  pattern.order.forEach((part, index) => {
    value[part] = segments[index];
  });
  if (!value.year || value.year.length !== 4 || (value.day?.length ?? 0) > 2 || (value.month?.length ?? 0) > 2) {
    return null;
  }
  return isoFromParts(Number(value.year), Number(value.month), Number(value.day));
}

/**
 * Keeps typed text in shape: digits and the separator only, at most two digits for day and month
 * and four for the year, and the separator added after a full segment while the user types on
 * (not while deleting, so Backspace can remove it).
 */
export function maskDateInput(next: string, previous: string, pattern: DatePattern): string {
  const { separator, order } = pattern;
  const segments: string[] = [''];
  const room = (index: number) => SEGMENT_LENGTH[order[index] ?? 'year'];
  for (const char of next.replace(ANY_SEPARATOR, separator)) {
    const index = segments.length - 1;
    const segment = segments[index] ?? '';
    if (char === separator) {
      if (segment !== '' && segments.length < 3) segments.push('');
      continue;
    }
    if (!/\d/.test(char)) continue;
    if (segment.length < room(index)) segments[index] = segment + char;
    else if (segments.length < 3) segments.push(char);
  }
  let text = segments.join(separator);
  const last = segments.length - 1;
  const typing = next.length > previous.length;
  if (typing && last < 2 && (segments[last] ?? '').length === room(last)) text += separator;
  return text;
}

export function todayIso(now: Date = new Date()): string {
  // The user's calendar day, not UTC's.
  return isoFromParts(now.getFullYear(), now.getMonth() + 1, now.getDate()) ?? '1970-01-01';
}
