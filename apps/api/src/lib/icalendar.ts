// iCalendar (RFC 5545) text, written once for the ticket mail's file and the subscribable feeds:
// CRLF line ends (3.1), lines folded at 75 octets without splitting a UTF-8 character (3.1), TEXT
// values escaped (3.3.11: backslash, semicolon, comma, newline), all-day entries as VALUE=DATE with
// an exclusive DTEND (3.6.1), and moments in UTC with the Z suffix (3.3.5), so no VTIMEZONE is needed.
import { addDays } from './calendar.ts';

/** A TEXT value (RFC 5545 3.3.11). Other control characters are not allowed in TEXT and are dropped. */
export const escapeText = (value: string): string =>
  value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 3.1); a continuation starts with one space. */
export const foldLine = (line: string): string => {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const ch of line) {
    const limit = parts.length === 0 ? 75 : 74;
    const size = Buffer.byteLength(ch, 'utf8');
    if (currentBytes + size > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += ch;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

/** A UTC DATE-TIME (RFC 5545 3.3.5, form 2). */
export const utcStamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A DATE (RFC 5545 3.3.4) from YYYY-MM-DD. */
export const dateValue = (day: string): string => day.replace(/-/g, '');

export type AllDayEntry = {
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** Counts the entry's revisions (RFC 5545 3.8.7.4); must not go back. */
  sequence?: number;
  lastModified?: Date;
  categories?: string[];
};

/** One all-day VEVENT's lines (unfolded). */
export function allDayEvent(entry: AllDayEntry, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;VALUE=DATE:${dateValue(entry.date)}`,
    `DTEND;VALUE=DATE:${dateValue(addDays(entry.date, 1))}`,
    ...(entry.sequence !== undefined ? [`SEQUENCE:${entry.sequence}`] : []),
    ...(entry.lastModified ? [`LAST-MODIFIED:${utcStamp(entry.lastModified)}`] : []),
    `SUMMARY:${escapeText(entry.summary)}`,
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    ...(entry.categories?.length ? [`CATEGORIES:${entry.categories.map(escapeText).join(',')}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR: folded lines joined by CRLF, ending in CRLF. */
export function calendarDocument(options: {
  prodId: string;
  /** Extra calendar properties, e.g. the feed's name (already escaped where TEXT). */
  properties?: string[];
  events: string[][];
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.properties ?? []),
    ...options.events.flat(),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
